// await_suspend returning void: always suspends. The awaiter hands the handle
// to a tiny FIFO scheduler that resumes it later.
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

static std::coroutine_handle<> queue[64];
static int q_head = 0, q_tail = 0;

static void enqueue(std::coroutine_handle<> h) { queue[q_tail++ % 64] = h; }
static bool run_one() {
  if (q_head == q_tail)
    return false;
  queue[q_head++ % 64].resume();
  return true;
}

struct Detached {
  struct promise_type {
    Detached get_return_object() noexcept { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
};

struct Yield {
  int id;
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) const {
    std::printf("  [%d] parked\n", id);
    enqueue(h);
  }
  void await_resume() const noexcept { std::printf("  [%d] back\n", id); }
};

struct Counter {
  int id;
  Counter(int id) : id(id) { std::printf("  Counter %d alive\n", id); }
  ~Counter() { std::printf("  Counter %d dead\n", id); }
};

Detached worker(int id, int rounds) {
  Counter c(id);
  for (int r = 0; r < rounds; ++r) {
    std::printf("worker %d round %d\n", id, r);
    co_await Yield{id};
  }
  std::printf("worker %d done\n", id);
}

int main() {
  worker(1, 3);
  worker(2, 1);
  worker(3, 2);
  int n = 0;
  while (run_one())
    ++n;
  std::printf("resumed %d times\n", n);
  return 0;
}
