// await_suspend that hands the coroutine on before the suspend returns: it
// resumes the handle itself (as another thread would), the coroutine runs
// to its end and its frame is freed (final_suspend never suspends), and
// only then does the function that suspended it (the ramp or a resume
// function) go on to return. Nothing may read the frame on that way out.
#include <coroutine>
#include <cstdio>
#include <exception>

struct Task {
  struct promise_type {
    Task get_return_object() {
      return {std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
};

// The ramp hands itself away at its initial suspend.
struct Eager {
  struct promise_type {
    Eager get_return_object() { return {}; }
    struct Start {
      bool await_ready() noexcept { return false; }
      void await_suspend(std::coroutine_handle<> h) noexcept { h.resume(); }
      void await_resume() noexcept {}
    };
    Start initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
};

struct HandoffVoid {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { h.resume(); }
  void await_resume() noexcept {}
};

struct HandoffBool {
  bool await_ready() noexcept { return false; }
  bool await_suspend(std::coroutine_handle<> h) {
    h.resume();
    return true;
  }
  void await_resume() noexcept {}
};

struct HandoffHandle {
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> h) {
    h.resume();
    return std::noop_coroutine();
  }
  bool await_ready() noexcept { return false; }
  void await_resume() noexcept {}
};

struct C {
  int n = 0;
  long sum = 0;
  Task run() {
    co_await HandoffVoid{};
    ++n;
  }
  Task loop(int k) {
    for (int i = 0; i < k; i++) {
      co_await HandoffBool{};
      sum += i * 10 + n;
    }
    ++n;
  }
  Task transfer(int k) {
    int local = k * 3;
    co_await HandoffHandle{};
    sum += local;
    co_await HandoffVoid{};
    sum += local + n;
  }
};

static long eager_total = 0;
static Eager eager(long v, long w) {
  long mine = v * w;
  co_await HandoffVoid{};
  eager_total += mine;
  co_await HandoffBool{};
  eager_total += v;
}

int main() {
  C c;
  Task t = c.run();
  t.h.resume();
  std::printf("run: n = %d\n", c.n);
  Task l = c.loop(4);
  l.h.resume();
  std::printf("loop: n = %d sum = %ld\n", c.n, c.sum);
  Task x = c.transfer(5);
  x.h.resume();
  std::printf("transfer: sum = %ld\n", c.sum);
  for (long v = 1; v <= 3; v++) eager(v, v + 1);
  std::printf("eager: %ld\n", eager_total);
  return c.n == 2 ? 0 : 1;
}
