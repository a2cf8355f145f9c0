// Promise features: a promise constructor that receives the coroutine's
// arguments, await_transform (turning plain ints into awaitables), a member
// and a free operator co_await, and yield_value returning a custom awaiter
// that passes a value back into the coroutine.
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

struct Co {
  struct promise_type {
    const char *name;
    int scale;
    int received = 0;
    int last_yield = 0;
    promise_type(const char *n, int s) : name(n), scale(s) {
      std::printf("promise(%s, %d)\n", n, s);
    }
    Co get_return_object() {
      return Co{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }

    struct Scaled {
      int v;
      bool await_ready() const noexcept { return v < 0; }
      void await_suspend(std::coroutine_handle<>) const noexcept {}
      int await_resume() const noexcept { return v; }
    };
    Scaled await_transform(int v) { return Scaled{v * scale}; }
    template <typename A> A &&await_transform(A &&a) { return std::forward<A>(a); }

    struct YieldAwaiter {
      promise_type &p;
      bool await_ready() const noexcept { return false; }
      void await_suspend(std::coroutine_handle<>) const noexcept {}
      int await_resume() const noexcept { return p.received; }
    };
    YieldAwaiter yield_value(int v) {
      last_yield = v;
      return YieldAwaiter{*this};
    }
  };
  std::coroutine_handle<promise_type> h;
};

struct Seconds {
  int n;
  struct Awaiter {
    int n;
    bool await_ready() const noexcept { return n == 0; }
    void await_suspend(std::coroutine_handle<>) const noexcept {}
    int await_resume() const noexcept { return n * 1000; }
  };
  Awaiter operator co_await() const { return Awaiter{n}; }
};

struct Millis {
  int n;
};
struct MillisAwaiter {
  int n;
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<>) const noexcept {}
  int await_resume() const noexcept { return n; }
};
MillisAwaiter operator co_await(Millis m) { return MillisAwaiter{m.n}; }

Co worker(const char *name, int scale) {
  int a = co_await 5;  // await_transform(int)
  int b = co_await -1; // ready: no suspend
  int c = co_await Seconds{2};
  int d = co_await Seconds{0};
  int e = co_await Millis{250};
  std::printf("%s: a=%d b=%d c=%d d=%d e=%d\n", name, a, b, c, d, e);
  int got = co_yield a + b;
  std::printf("%s: received %d\n", name, got);
  got = co_yield got * 2;
  std::printf("%s: received %d\n", name, got);
}

int main() {
  Co c = worker("w1", 3);
  int resumes = 0;
  while (!c.h.done()) {
    c.h.promise().received = 100 + resumes;
    c.h.resume();
    ++resumes;
    std::printf("resume %d: last_yield=%d\n", resumes, c.h.promise().last_yield);
  }
  std::printf("name=%s scale=%d\n", c.h.promise().name, c.h.promise().scale);
  c.h.destroy();
  return 0;
}
