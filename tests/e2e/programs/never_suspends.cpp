// Coroutines that never suspend: suspend_never at initial and final suspend,
// awaiters that are always ready, and await_suspend(bool) returning false.
// The frame is freed by the coroutine itself on completion.
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

static int frames_alive = 0;

struct Eager {
  struct promise_type {
    int *out = nullptr;
    promise_type() { ++frames_alive; }
    ~promise_type() { --frames_alive; }
    Eager get_return_object() noexcept { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
};

struct Ready {
  int v;
  bool await_ready() const noexcept { return true; }
  void await_suspend(std::coroutine_handle<>) const noexcept {
    std::puts("unreachable");
  }
  int await_resume() const noexcept { return v; }
};

struct Declines {
  int v;
  bool await_ready() const noexcept { return false; }
  bool await_suspend(std::coroutine_handle<>) const noexcept { return false; }
  int await_resume() const noexcept { return v; }
};

Eager compute(int n, int *out) {
  int acc = 0;
  for (int i = 0; i < n; ++i) {
    acc += co_await Ready{i};
    acc += co_await Declines{1};
  }
  *out = acc;
}

Eager trivial(int *out) {
  *out = 99;
  co_return;
}

int main() {
  int r = 0;
  compute(10, &r);
  std::printf("compute=%d alive=%d\n", r, frames_alive);
  trivial(&r);
  std::printf("trivial=%d alive=%d\n", r, frames_alive);
  for (int i = 0; i < 1000; ++i)
    compute(i % 7, &r);
  std::printf("last=%d alive=%d\n", r, frames_alive);
  return 0;
}
