// std::noop_coroutine(): returned from await_suspend (symmetric transfer to
// nothing, i.e. return to the resumer), resumed and destroyed directly (no
// effect), done() is false, its promise is accessible, handles compare.
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

struct Co {
  struct promise_type {
    int hops = 0;
    Co get_return_object() {
      return Co{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        std::printf("  final: hops=%d -> noop\n", h.promise().hops);
        return std::noop_coroutine();
      }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
};

struct ToNoop {
  bool await_ready() const noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<Co::promise_type> h) noexcept {
    h.promise().hops++;
    return std::noop_coroutine();
  }
  int await_resume() const noexcept { return 5; }
};

// Symmetric transfer back to itself: resumes without returning to the caller.
struct ToSelf {
  std::coroutine_handle<> await_suspend(std::coroutine_handle<Co::promise_type> h) noexcept {
    h.promise().hops += 100;
    return h;
  }
  bool await_ready() const noexcept { return false; }
  int await_resume() const noexcept { return 7; }
};

Co worker() {
  int a = co_await ToNoop{};
  std::printf("  after first ToNoop a=%d\n", a);
  int b = co_await ToSelf{};
  std::printf("  after ToSelf b=%d (no return to caller in between)\n", b);
  int c = co_await ToNoop{};
  std::printf("  sum=%d\n", a + b + c);
}

int main() {
  std::noop_coroutine_handle n = std::noop_coroutine();
  std::printf("noop done=%d bool=%d\n", (int)n.done(), (int)(bool)n);
  n.resume();
  n();
  n.destroy();
  (void)n.promise();
  std::coroutine_handle<> erased = n;
  erased.resume();
  std::printf("noop erased still not done=%d\n", (int)!erased.done());
  std::printf("same noop address=%d\n",
              (int)(std::noop_coroutine().address() == n.address()));

  Co c = worker();
  int resumes = 0;
  while (!c.h.done()) {
    std::printf("resume %d\n", resumes++);
    c.h.resume();
  }
  std::printf("hops=%d resumes=%d\n", c.h.promise().hops, resumes);
  c.h.destroy();
  return 0;
}
