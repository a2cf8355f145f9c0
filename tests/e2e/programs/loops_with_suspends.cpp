// Loops with suspends: for, while, do-while, nested loops, break and
// continue around suspends, two awaits in one expression.
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

struct Co {
  struct promise_type {
    Co get_return_object() {
      return Co{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit Co(std::coroutine_handle<promise_type> h) : h(h) {}
  Co(Co &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~Co() {
    if (h)
      h.destroy();
  }
  int drive() {
    int n = 0;
    while (!h.done()) {
      h.resume();
      ++n;
    }
    return n;
  }
};

static int awaits = 0;

template <typename T>
struct Val {
  T v;
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<>) noexcept { ++awaits; }
  T await_resume() const noexcept { return v; }
};
template <typename T> Val<T> val(T v) { return {v}; }

Co loops(int n) {
  int total = 0;
  for (int i = 0; i < n; ++i) {
    if (i % 3 == 0)
      continue;
    total += co_await val(i);
    if (total > 40)
      break;
  }
  std::printf("for: total=%d\n", total);
  int k = 0;
  while (k < n) {
    k += co_await val(2);
  }
  std::printf("while: k=%d\n", k);
  int m = 0;
  do {
    m = m * 2 + co_await val(1);
  } while (m < 100);
  std::printf("do: m=%d\n", m);
  int grid = 0;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      if (j > i)
        break;
      grid += (co_await val(i)) * (co_await val(j));
    }
  std::printf("nested: grid=%d\n", grid);
}

int main() {
  for (int n : {0, 5, 12}) {
    awaits = 0;
    int r = loops(n).drive();
    std::printf("loops(%d): resumes=%d awaits=%d\n", n, r, awaits);
  }
  return 0;
}
