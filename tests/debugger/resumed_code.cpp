// Debugging resumed code: the debugger test (debugger_test.sh) stops at the
// lines marked BREAK and reads the coroutine's variables there. Every mark
// is after a suspend, so it runs in the split functions, not the ramp.
#include <coroutine>
#include <cstdio>

struct Gen {
  struct promise_type {
    int value = 0;
    Gen get_return_object() {
      return Gen{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(int v) {
      value = v;
      return {};
    }
    void return_void() {}
    void unhandled_exception() {}
  };
  std::coroutine_handle<promise_type> h;
  ~Gen() {
    if (h) h.destroy();
  }
};

struct Guard {
  int id;
  ~Guard() { std::printf("guard %d released\n", id); }
};

Gen squares(int from, int to) {
  int total = 0;
  for (int i = from; i < to; i++) {
    {
      int sq = i * i;
      total += sq;
      co_yield sq;
      total += 100; // BREAK after_yield
    }
    Guard g{i};
    co_yield -i;
    total += 1; // BREAK after_guard
  }
  std::printf("total %d\n", total);
}

int main() {
  {
    Gen g = squares(2, 5);
    for (int k = 0; k < 4; k++) {
      g.h.resume();
      std::printf("%d\n", g.h.promise().value);
    }
  } // destroyed at the second guard's suspend: the destroy function runs ~Guard
  return 0;
}
