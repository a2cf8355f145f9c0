// A small round-robin scheduler running several lazy tasks that await
// sub-tasks (symmetric transfer), yield to the scheduler (void await_suspend),
// and wait on a one-shot event (bool await_suspend that may not suspend).
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

struct Scheduler {
  std::coroutine_handle<> ring[256];
  unsigned head = 0, tail = 0;
  void post(std::coroutine_handle<> h) { ring[tail++ % 256] = h; }
  void run() {
    while (head != tail)
      ring[head++ % 256].resume();
  }
};
static Scheduler sched;

template <typename T>
struct Task {
  struct promise_type {
    T value{};
    std::coroutine_handle<> cont;
    Task get_return_object() {
      return Task{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        return h.promise().cont ? h.promise().cont : std::noop_coroutine();
      }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept { return {}; }
    void return_value(T v) { value = v; }
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit Task(std::coroutine_handle<promise_type> h) : h(h) {}
  Task(Task &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~Task() {
    if (h)
      h.destroy();
  }
  bool await_ready() noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept {
    h.promise().cont = c;
    return h;
  }
  T await_resume() { return h.promise().value; }
};

struct YieldNow {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { sched.post(h); }
  void await_resume() noexcept {}
};

struct Event {
  bool set = false;
  std::coroutine_handle<> waiters[8];
  int nwaiters = 0;
  struct Awaiter {
    Event &e;
    bool await_ready() noexcept { return false; }
    bool await_suspend(std::coroutine_handle<> h) noexcept {
      if (e.set)
        return false;
      e.waiters[e.nwaiters++] = h;
      return true;
    }
    void await_resume() noexcept {}
  };
  Awaiter operator co_await() { return Awaiter{*this}; }
  void fire() {
    set = true;
    for (int i = 0; i < nwaiters; ++i)
      sched.post(waiters[i]);
    nwaiters = 0;
  }
};
static Event go;

Task<int> step(int id, int i) {
  co_await YieldNow{};
  std::printf("  task %d step %d\n", id, i);
  co_return id * i;
}

Task<int> job(int id, int steps) {
  std::printf("job %d waits\n", id);
  co_await go;
  std::printf("job %d starts\n", id);
  int sum = 0;
  for (int i = 1; i <= steps; ++i)
    sum += co_await step(id, i);
  std::printf("job %d sum %d\n", id, sum);
  co_return sum;
}

Task<int> starter() {
  co_await YieldNow{};
  std::printf("firing event\n");
  go.fire();
  co_return 0;
}

int main() {
  Task<int> a = job(1, 3), b = job(2, 2), c = job(3, 4), s = starter();
  sched.post(a.h);
  sched.post(b.h);
  sched.post(s.h);
  sched.run();
  sched.post(c.h); // event already set: await_suspend returns false
  sched.run();
  std::printf("done: %d %d %d (%d %d %d)\n", (int)a.h.done(), (int)b.h.done(),
              (int)c.h.done(), a.h.promise().value, b.h.promise().value,
              c.h.promise().value);
  return 0;
}
