// Lazy tasks with symmetric transfer: await_suspend returns a
// coroutine_handle, both when starting a child and at final_suspend to resume
// the continuation. A chain of 100000 tasks each awaiting the next must run in
// constant stack (the driver runs programs with a small stack limit).
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

template <typename T>
class Task {
public:
  struct promise_type {
    T value{};
    std::coroutine_handle<> continuation;
    Task get_return_object() {
      return Task{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct FinalAwaiter {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<>
      await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        auto c = h.promise().continuation;
        return c ? c : std::noop_coroutine();
      }
      void await_resume() noexcept {}
    };
    FinalAwaiter final_suspend() noexcept { return {}; }
    void return_value(T v) { value = v; }
    void unhandled_exception() { std::terminate(); }
  };

  explicit Task(std::coroutine_handle<promise_type> h) : h_(h) {}
  Task(Task &&o) noexcept : h_(std::exchange(o.h_, {})) {}
  ~Task() {
    if (h_)
      h_.destroy();
  }

  bool await_ready() const noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> awaiting) noexcept {
    h_.promise().continuation = awaiting;
    return h_;
  }
  T await_resume() { return h_.promise().value; }

  // Run from a non-coroutine context.
  T run() {
    h_.resume();
    if (!h_.done()) {
      std::puts("not done!");
      return T{};
    }
    return h_.promise().value;
  }

private:
  std::coroutine_handle<promise_type> h_;
};

Task<long> depth(int n) {
  if (n == 0)
    co_return 0;
  long below = co_await depth(n - 1);
  co_return below + 1;
}

Task<long> sum_to(int n) {
  if (n == 0)
    co_return 0;
  long rest = co_await sum_to(n - 1);
  co_return rest + n;
}

Task<int> leaf(int x) { co_return x * 2; }

Task<int> fan(int n) {
  int acc = 0;
  for (int i = 0; i < n; ++i)
    acc += co_await leaf(i);
  co_return acc;
}

int main() {
  std::printf("depth(10)=%ld\n", depth(10).run());
  std::printf("depth(100000)=%ld\n", depth(100000).run());
  std::printf("sum_to(100000)=%ld\n", sum_to(100000).run());
  std::printf("fan(10000)=%d\n", fan(10000).run());
  return 0;
}
