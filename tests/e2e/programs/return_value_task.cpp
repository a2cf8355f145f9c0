// Promises with return_value of several types (int, std::string, a struct,
// a move-only type), tasks awaiting tasks that return values, co_return of
// an expression that itself awaits.
#include <coroutine>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <utility>

template <typename T>
class Task {
public:
  struct promise_type {
    std::optional<T> value;
    std::coroutine_handle<> continuation;
    Task get_return_object() {
      return Task{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        if (auto c = h.promise().continuation)
          return c;
        return std::noop_coroutine();
      }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept { return {}; }
    template <typename U> void return_value(U &&v) { value.emplace(std::forward<U>(v)); }
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
  T await_resume() { return std::move(*h_.promise().value); }
  T sync() {
    h_.resume();
    return std::move(*h_.promise().value);
  }

private:
  std::coroutine_handle<promise_type> h_;
};

struct Stats {
  int count;
  double mean;
  char label[8];
};

Task<int> add(int a, int b) { co_return a + b; }
Task<std::string> greet(std::string who) {
  std::string prefix = "hello, ";
  int n = co_await add(1, 2);
  co_return prefix + who + " x" + std::to_string(n);
}
Task<Stats> stats(int n) {
  double sum = 0;
  for (int i = 1; i <= n; ++i)
    sum += co_await add(i, 0);
  co_return Stats{n, sum / n, "stats"};
}
Task<std::unique_ptr<int>> boxed(int v) {
  auto p = std::make_unique<int>(v);
  co_await add(0, 0);
  *p += 1;
  co_return p;
}
Task<long> combine() {
  std::string g = co_await greet("world");
  Stats s = co_await stats(10);
  std::unique_ptr<int> b = co_await boxed(41);
  std::printf("%s | %d %.2f %s | %d\n", g.c_str(), s.count, s.mean, s.label, *b);
  co_return (long)g.size() + s.count + *b + co_await add(100, 200);
}

int main() {
  std::printf("add=%d\n", add(2, 3).sync());
  std::printf("greet=%s\n", greet("coro").sync().c_str());
  std::printf("combine=%ld\n", combine().sync());
  return 0;
}
