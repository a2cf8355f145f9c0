// unhandled_exception() rethrows (`throw;`), so the exception leaves the
// coroutine: from the ramp when it is thrown before the first suspend
// (the frame is freed on the way out), from resume() when thrown after
// one. On the ramp's way out clang's exn.slot / ehselector.slot (allocas
// without lifetime markers) are written in a landing pad and read by the
// final `resume` after coro.free has freed the frame: they must stay on
// the stack (issue 13: a lowering that put them in the frame read freed
// memory; operator new fills each frame with 0xAB so a stale read shows
// even without AddressSanitizer).
#include <coroutine>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>

static int live_frames = 0;

struct Guard {
  int id;
  explicit Guard(int i) : id(i) {}
  ~Guard() { std::printf("  ~Guard %d\n", id); }
};

template <bool Eager>
struct R {
  struct promise_type {
    static void *operator new(std::size_t n) {
      void *p = std::malloc(n);
      std::memset(p, 0xAB, n);
      ++live_frames;
      return p;
    }
    static void operator delete(void *p) {
      --live_frames;
      std::free(p);
    }
    R get_return_object() {
      return R{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    auto initial_suspend() noexcept {
      if constexpr (Eager)
        return std::suspend_never{};
      else
        return std::suspend_always{};
    }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { throw; }
  };
  std::coroutine_handle<promise_type> h;
  explicit R(std::coroutine_handle<promise_type> h) : h(h) {}
  R(R &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~R() {
    if (h) h.destroy();
  }
};

// Throws before its first suspend: the exception leaves the ramp.
__attribute__((noinline)) R<true> early(int x) {
  Guard g(x);
  if (x) throw std::runtime_error("boom " + std::to_string(x));
  co_await std::suspend_always{};
}

// Throws after `n` suspends: the exception leaves resume().
__attribute__((noinline)) R<false> late(int n, int code) {
  Guard g(code);
  for (int i = 0; i < n; i++) co_await std::suspend_always{};
  if (code) throw std::out_of_range("late " + std::to_string(code));
  std::printf("  late %d finished\n", code);
}

int main() {
  for (int i = 1; i <= 3; i++) {
    try {
      early(i);
      std::printf("no exception\n");
    } catch (std::exception &e) {
      std::printf("caught %s\n", e.what());
    }
  }
  {
    R<true> quiet = early(0);
    std::printf("early(0) suspended, done=%d\n", (int)quiet.h.done());
  }
  for (int code = 0; code < 3; code++) {
    R<false> r = late(2, code);
    try {
      int steps = 0;
      while (!r.h.done()) {
        r.h.resume();
        steps++;
      }
      std::printf("finished after %d resumes\n", steps);
    } catch (std::exception &e) {
      std::printf("caught %s (done=%d)\n", e.what(), (int)r.h.done());
    }
  }
  std::printf("live frames: %d\n", live_frames);
  return 0;
}
