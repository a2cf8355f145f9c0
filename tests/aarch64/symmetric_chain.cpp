// Lazy tasks with symmetric transfer, as tests/e2e/programs/
// task_symmetric_chain.cpp, with chains ten times longer: await_suspend
// returns a coroutine_handle both when a task starts its child and at
// final_suspend when a finished child resumes its parent. A chain of
// 1,000,000 tasks, each awaiting the next, nests 1,000,000 transfers on the
// way down and 1,000,000 on the way back up; unless every transfer is a
// real tail call, that needs far more than the 1 MiB stack the test gives
// it (and more than the usual 8 MiB).
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

Task<long long> depth(int n) {
  if (n == 0)
    co_return 0;
  long long below = co_await depth(n - 1);
  co_return below + 1;
}

Task<long long> sum_to(int n) {
  if (n == 0)
    co_return 0;
  long long rest = co_await sum_to(n - 1);
  co_return rest + n;
}

// Two coroutines awaiting each other in turn: no self-recursion the
// optimizer could turn into a loop, every transfer is an indirect call.
Task<long long> pong(int n);
Task<long long> ping(int n) {
  if (n == 0)
    co_return 1;
  long long r = co_await pong(n - 1);
  co_return r * 3 % 1000003;
}
Task<long long> pong(int n) {
  if (n == 0)
    co_return 2;
  long long r = co_await ping(n - 1);
  co_return r * 5 % 1000003;
}

Task<int> leaf(int x) { co_return x * 2; }

Task<int> fan(int n) {
  int acc = 0;
  for (int i = 0; i < n; ++i)
    acc += co_await leaf(i);
  co_return acc;
}

int main() {
  std::printf("depth(10)=%lld\n", depth(10).run());
  std::printf("depth(1000000)=%lld\n", depth(1000000).run());
  std::printf("sum_to(1000000)=%lld\n", sum_to(1000000).run());
  std::printf("ping(1000000)=%lld\n", ping(1000000).run());
  std::printf("fan(30000)=%d\n", fan(30000).run());
  return 0;
}
