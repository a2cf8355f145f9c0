// Throughput: lazy tasks with symmetric transfer. tree(d, x) awaits two
// subtasks tree(d-1, ...) and combines their results, so a tree of depth D
// creates, runs and destroys 2^(D+1)-1 coroutine frames; every await is a
// symmetric transfer into the child and, at the child's final suspend, back
// to the parent. Usage: task_chain [D] (default 24).
#include <coroutine>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <utility>

class Task {
public:
  struct promise_type {
    std::uint64_t value = 0;
    std::coroutine_handle<> continuation;
    Task get_return_object() {
      return Task{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        return h.promise().continuation;
      }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept { return {}; }
    void return_value(std::uint64_t v) noexcept { value = v; }
    void unhandled_exception() { std::terminate(); }
  };
  explicit Task(std::coroutine_handle<promise_type> h) : h_(h) {}
  Task(Task &&o) noexcept : h_(std::exchange(o.h_, {})) {}
  ~Task() {
    if (h_)
      h_.destroy();
  }
  bool await_ready() const noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept {
    h_.promise().continuation = c;
    return h_;
  }
  std::uint64_t await_resume() noexcept { return h_.promise().value; }
  std::uint64_t run() {
    h_.promise().continuation = std::noop_coroutine();
    h_.resume();
    return h_.promise().value;
  }

private:
  std::coroutine_handle<promise_type> h_;
};

static std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return x;
}

Task tree(int depth, std::uint64_t x) {
  if (depth == 0)
    co_return mix(x);
  std::uint64_t a = co_await tree(depth - 1, 2 * x);
  std::uint64_t b = co_await tree(depth - 1, 2 * x + 1);
  co_return mix(a ^ (b + x));
}

int main(int argc, char **argv) {
  int depth = argc > 1 ? std::atoi(argv[1]) : 24;
  std::uint64_t r = tree(depth, 1).run();
  std::printf("depth=%d result=%016llx\n", depth, (unsigned long long)r);
  return 0;
}
