// await_suspend returning bool: true (stay suspended) and false (resume
// immediately without a round trip through the caller), chosen at run time.
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

struct Resumable {
  struct promise_type {
    int steps = 0;
    Resumable get_return_object() {
      return Resumable{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit Resumable(std::coroutine_handle<promise_type> h) : h(h) {}
  Resumable(Resumable &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~Resumable() {
    if (h)
      h.destroy();
  }
};

// Suspends only when `really` is true.
struct MaybeSuspend {
  bool really;
  int tag;
  bool await_ready() const noexcept { return false; }
  bool await_suspend(std::coroutine_handle<Resumable::promise_type> h) noexcept {
    h.promise().steps++;
    std::printf("  await_suspend(tag=%d) -> %s\n", tag, really ? "true" : "false");
    return really;
  }
  int await_resume() const noexcept { return tag * 10; }
};

// Always returns false: never really suspends.
struct NeverReally {
  bool await_ready() const noexcept { return false; }
  bool await_suspend(std::coroutine_handle<>) noexcept { return false; }
  int await_resume() const noexcept { return 7; }
};

Resumable worker(int pattern) {
  int total = 0;
  for (int i = 0; i < 6; ++i) {
    bool s = (pattern >> i) & 1;
    int v = co_await MaybeSuspend{s, i};
    total += v;
    std::printf("  step %d got %d total %d\n", i, v, total);
  }
  total += co_await NeverReally{};
  std::printf("  final total %d\n", total);
}

int main() {
  const int patterns[] = {0, 0x3f, 0x15, 0x2a, 0x21};
  for (int p : patterns) {
    std::printf("pattern %#x\n", p);
    Resumable r = worker(p);
    int resumes = 0;
    while (!r.h.done()) {
      ++resumes;
      r.h.resume();
    }
    std::printf("resumes=%d steps=%d\n", resumes, r.h.promise().steps);
  }
  return 0;
}
