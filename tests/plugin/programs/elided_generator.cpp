// A generator whose whole life is inside main: once its ramp is inlined
// there, CoroElide puts the frame on main's stack (no operator new).
#include <coroutine>
#include <cstdio>
struct gen {
  struct promise_type {
    int v;
    gen get_return_object() { return gen{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(int x) { v = x; return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
  std::coroutine_handle<promise_type> h;
  ~gen() { h.destroy(); }
};
gen count(int n) { for (int i = 0; i < n; i++) co_yield i; }
int main(int argc, char **) {
  int s = 0;
  {
    gen g = count(10 + argc);
    while (true) { g.h.resume(); if (g.h.done()) break; s += g.h.promise().v; }
  }
  printf("%d\n", s);
}
