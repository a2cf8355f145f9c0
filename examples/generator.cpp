// A C++20 generator: the bundled example coroutine. examples/generator.ll is
// this file as LLVM's O2 pipeline hands it to the coroutine splitter
// (regenerate with examples/regen.sh). Its frame holds the promise, the two
// Fibonacci numbers, which cross every suspend, and the loop counter.
#include <coroutine>
#include <cstdio>
#include <exception>

struct Generator {
  struct promise_type {
    long current = 0;
    Generator get_return_object() {
      return Generator{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(long v) noexcept {
      current = v;
      return {};
    }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit Generator(std::coroutine_handle<promise_type> h) : h(h) {}
  Generator(Generator &&o) noexcept : h(o.h) { o.h = nullptr; }
  ~Generator() {
    if (h) h.destroy();
  }
  bool next() {
    h.resume();
    return !h.done();
  }
  long value() const { return h.promise().current; }
};

Generator fibonacci(int count) {
  long a = 0, b = 1;
  for (int i = 0; i < count; i++) {
    co_yield a;
    long t = a + b;
    a = b;
    b = t;
  }
}

int main() {
  Generator g = fibonacci(10);
  while (g.next()) std::printf("%ld ", g.value());
  std::printf("\n");
  return 0;
}
