// Reduced from gen_cpp.py seed 225 (run_plugin_fuzz.sh, -O2): a coroutine
// that never suspends (suspend_never at both ends, no co_await) is lowered
// first; its ramp, still holding coro.id and coro.begin as elision
// markers but with no clones to name, was then inlined into a presplit
// coroutine, whose lowering saw two coroutine ids and refused it (and
// LLVM's CoroSplit then stopped clang with a fatal error).
#include <coroutine>
#include <cstdio>

static unsigned g_sum;

struct Fire {
  struct promise_type {
    Fire get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
};

Fire once(unsigned v) {
  g_sum = g_sum * 31u + v;
  co_return;
}

struct Gen {
  struct promise_type {
    unsigned value = 0;
    Gen get_return_object() { return Gen{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(unsigned v) noexcept { value = v; return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
  std::coroutine_handle<promise_type> h;
};

Gen numbers(unsigned n) {
  for (unsigned i = 0; i < n; ++i) {
    once(i ^ g_sum);
    co_yield g_sum % 1000u;
  }
}

int main() {
  Gen g = numbers(6);
  unsigned total = 0;
  for (g.h.resume(); !g.h.done(); g.h.resume()) total += g.h.promise().value;
  g.h.destroy();
  std::printf("%u %u\n", total, g_sum);
  return 0;
}
