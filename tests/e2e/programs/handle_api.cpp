// coroutine_handle API: done() at every state, promise() read and written
// from outside and inside, from_promise() round trip, address()/from_address()
// round trip, conversion to coroutine_handle<>, operator bool, comparison,
// and resuming through a type-erased handle.
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

struct Co {
  struct promise_type {
    int in = 0;   // written by the caller
    int out = 0;  // written by the coroutine
    const char *state = "created";
    Co get_return_object() {
      return Co{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept {
      state = "final";
      return {};
    }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
};

// Awaiter that gives the coroutine its own handle.
struct Self {
  std::coroutine_handle<Co::promise_type> h;
  bool await_ready() const noexcept { return false; }
  bool await_suspend(std::coroutine_handle<Co::promise_type> me) noexcept {
    h = me;
    return false; // don't actually suspend
  }
  std::coroutine_handle<Co::promise_type> await_resume() const noexcept { return h; }
};

Co worker() {
  auto me = co_await Self{};
  me.promise().state = "running";
  for (int i = 0; i < 3; ++i) {
    me.promise().out = me.promise().in * 2 + i;
    me.promise().state = "suspended";
    co_await std::suspend_always{};
    me.promise().state = "running";
  }
}

int main() {
  Co c = worker();
  auto h = c.h;
  std::printf("bool=%d done=%d state=%s\n", (bool)h, (int)h.done(), h.promise().state);

  auto &p = h.promise();
  auto h2 = std::coroutine_handle<Co::promise_type>::from_promise(p);
  std::printf("from_promise same=%d\n", (int)(h2 == h));

  void *addr = h.address();
  auto h3 = std::coroutine_handle<Co::promise_type>::from_address(addr);
  std::printf("from_address same=%d same promise=%d\n", (int)(h3 == h),
              (int)(&h3.promise() == &p));

  std::coroutine_handle<> erased = h;
  std::printf("erased same address=%d\n", (int)(erased.address() == addr));

  int round = 0;
  while (!erased.done()) {
    h.promise().in = 10 * round;
    erased.resume();
    std::printf("round %d: done=%d out=%d state=%s\n", round, (int)h.done(),
                h.promise().out, h.promise().state);
    ++round;
  }
  std::coroutine_handle<> null_handle;
  std::printf("null bool=%d\n", (bool)null_handle);
  std::coroutine_handle<>::from_address(addr).destroy();
  return 0;
}
