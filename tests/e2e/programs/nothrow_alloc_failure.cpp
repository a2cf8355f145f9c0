// get_return_object_on_allocation_failure with a noexcept promise operator
// new that fails on demand (returns nullptr): the ramp must return the failure
// object without running the body; otherwise the frame is used normally.
// The ramp is noinline so that heap allocation elision (which only the native
// build can do) does not change which allocation functions get called.
#include <coroutine>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <new>
#include <utility>

static bool fail_next = false;
static int body_runs = 0;

struct Maybe {
  struct promise_type {
    int value = 0;
    static Maybe get_return_object_on_allocation_failure() noexcept {
      std::printf("  get_return_object_on_allocation_failure\n");
      return Maybe{nullptr};
    }
    static void *operator new(std::size_t n) noexcept {
      if (fail_next) {
        std::printf("  operator new -> nullptr\n");
        return nullptr;
      }
      std::printf("  operator new ok\n");
      return std::malloc(n);
    }
    static void operator delete(void *p) noexcept {
      std::printf("  operator delete\n");
      std::free(p);
    }
    Maybe get_return_object() {
      return Maybe{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_value(int v) noexcept { value = v; }
    void unhandled_exception() noexcept { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit Maybe(std::coroutine_handle<promise_type> h) : h(h) {}
  explicit Maybe(std::nullptr_t) : h(nullptr) {}
  Maybe(Maybe &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~Maybe() {
    if (h)
      h.destroy();
  }
};

// A second promise with no operator new of its own: because it has
// get_return_object_on_allocation_failure, the frame comes from the global
// nothrow operator new, replaced below to fail on demand.
static bool global_fail_next = false;
static int global_nothrow_calls = 0;

void *operator new(std::size_t n, const std::nothrow_t &) noexcept {
  ++global_nothrow_calls;
  if (global_fail_next)
    return nullptr;
  try {
    return ::operator new(n); // the frame is freed by ::operator delete
  } catch (...) {
    return nullptr;
  }
}

struct Global {
  struct promise_type {
    static Global get_return_object_on_allocation_failure() noexcept {
      return Global{nullptr};
    }
    Global get_return_object() {
      return Global{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() noexcept { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit Global(std::coroutine_handle<promise_type> h) : h(h) {}
  explicit Global(std::nullptr_t) : h(nullptr) {}
  Global(Global &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~Global() {
    if (h)
      h.destroy();
  }
};

[[gnu::noinline]] Global global_work(int x) {
  std::printf("  global_work %d\n", x);
  co_return;
}

[[gnu::noinline]] Maybe compute(int x) {
  ++body_runs;
  int y = x + 1;
  co_await std::suspend_always{};
  co_return y * y;
}

int main() {
  for (int i = 0; i < 4; ++i) {
    fail_next = (i % 2 == 1);
    std::printf("attempt %d\n", i);
    Maybe m = compute(i);
    if (!m.h) {
      std::printf("  allocation failed, body_runs=%d\n", body_runs);
      continue;
    }
    m.h.resume();
    std::printf("  value=%d done=%d body_runs=%d\n", m.h.promise().value,
                (int)m.h.done(), body_runs);
  }
  for (int i = 0; i < 3; ++i) {
    global_fail_next = (i == 1);
    Global g = global_work(i);
    std::printf("global attempt %d: %s\n", i, g.h ? "allocated" : "failed");
    if (g.h)
      g.h.resume();
  }
  std::printf("global nothrow new calls: %d\n", global_nothrow_calls);
  return 0;
}
