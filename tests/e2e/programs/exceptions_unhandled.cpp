// Exceptions escaping the coroutine body into unhandled_exception(), stored
// as exception_ptr and rethrown to the caller; also an exception before the
// first suspend (eager coroutine) and after several suspends (lazy one).
#include <coroutine>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <utility>

struct Noisy {
  const char *name;
  explicit Noisy(const char *n) : name(n) { std::printf("  + %s\n", name); }
  ~Noisy() { std::printf("  - %s\n", name); }
};

template <bool Eager>
struct Job {
  struct promise_type {
    std::exception_ptr error;
    int result = 0;
    Job get_return_object() {
      return Job{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    auto initial_suspend() noexcept {
      if constexpr (Eager)
        return std::suspend_never{};
      else
        return std::suspend_always{};
    }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_value(int v) { result = v; }
    void unhandled_exception() {
      std::printf("  unhandled_exception called\n");
      error = std::current_exception();
    }
  };
  std::coroutine_handle<promise_type> h;
  explicit Job(std::coroutine_handle<promise_type> h) : h(h) {}
  Job(Job &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~Job() {
    if (h)
      h.destroy();
  }
  int get() {
    while (!h.done())
      h.resume();
    if (h.promise().error)
      std::rethrow_exception(h.promise().error);
    return h.promise().result;
  }
};

Job<false> lazy(int fail_at) {
  Noisy n("lazy-frame");
  int acc = 0;
  for (int i = 0; i < 5; ++i) {
    Noisy step("lazy-step");
    co_await std::suspend_always{};
    if (i == fail_at)
      throw std::runtime_error("lazy failed at " + std::to_string(i));
    acc += i;
  }
  co_return acc;
}

Job<true> eager(bool fail) {
  Noisy n("eager-frame");
  if (fail)
    throw std::invalid_argument("eager failed before suspending");
  co_await std::suspend_always{};
  co_return 42;
}

struct Custom {
  int code;
};

Job<false> custom_throw() {
  co_await std::suspend_always{};
  throw Custom{17};
  co_return 0;
}

int main() {
  for (int fail_at = -1; fail_at < 5; fail_at += 2) {
    std::printf("lazy(%d)\n", fail_at);
    try {
      int r = lazy(fail_at).get();
      std::printf("  result %d\n", r);
    } catch (const std::exception &e) {
      std::printf("  caller caught: %s\n", e.what());
    }
  }
  for (int f = 0; f < 2; ++f) {
    std::printf("eager(%d)\n", f);
    try {
      auto j = eager(f);
      std::printf("  returned to caller, done=%d\n", (int)j.h.done());
      std::printf("  result %d\n", j.get());
    } catch (const std::exception &e) {
      std::printf("  caller caught: %s\n", e.what());
    }
  }
  try {
    custom_throw().get();
  } catch (const Custom &c) {
    std::printf("caught Custom %d\n", c.code);
  }
  return 0;
}
