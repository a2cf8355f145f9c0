// switch statements with co_await in cases (with fallthrough and a case
// block with its own local), and a switch on a co_await result.
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

Co switches(int n) {
  int acc = 0;
  for (int i = 0; i < n; ++i) {
    switch (i % 6) {
    case 0:
      acc += co_await val(1);
      break;
    case 1:
      acc += co_await val(10);
      [[fallthrough]];
    case 2:
      acc += co_await val(100);
      break;
    case 3: {
      int t = co_await val(1000);
      acc -= t / 10;
      break;
    }
    default:
      acc *= 2;
      co_await val(0);
      break;
    }
    std::printf("switch i=%d acc=%d\n", i, acc);
  }
  switch (co_await val(n % 3)) {
  case 0:
    std::printf("switch on await: zero\n");
    break;
  case 1:
    std::printf("switch on await: one %d\n", co_await val(acc));
    break;
  default:
    std::printf("switch on await: other\n");
  }
}

int main() {
  for (int n : {7, 13, 14}) {
    awaits = 0;
    int r = switches(n).drive();
    std::printf("switches(%d): resumes=%d awaits=%d\n", n, r, awaits);
  }
  return 0;
}
