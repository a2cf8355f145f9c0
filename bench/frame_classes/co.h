// The coroutine type the frame-class programs share: lazily started,
// driven to completion by run().
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

extern long sink;

struct Co {
  struct promise_type {
    Co get_return_object() { return Co{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit Co(std::coroutine_handle<promise_type> h) : h(h) {}
  Co(Co &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~Co() {
    if (h) h.destroy();
  }
  void run() {
    while (!h.done()) h.resume();
  }
};
