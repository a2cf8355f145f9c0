// One coroutine with 72 suspend points (64 co_awaits producing values that
// stay live until the end, plus yields), resumed to completion and also
// destroyed at a few points in the middle.
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

static int destroyed_guards = 0;

struct Guard {
  ~Guard() { ++destroyed_guards; }
};

struct Co {
  struct promise_type {
    long result = 0;
    int suspends = 0;
    Co get_return_object() {
      return Co{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(long v) noexcept {
      result = v;
      ++suspends;
      return {};
    }
    void return_value(long v) noexcept { result = v; }
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit Co(std::coroutine_handle<promise_type> h) : h(h) {}
  Co(Co &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~Co() {
    if (h)
      h.destroy();
  }
};

struct Value {
  int v;
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<Co::promise_type> h) noexcept {
    h.promise().suspends++;
  }
  int await_resume() const noexcept { return v * 3 + 1; }
};

#define STEP(i)                                                                \
  int v##i = co_await Value{i + base};                                         \
  acc = acc * 31 + v##i;
#define STEP8(j)                                                               \
  STEP(j##0) STEP(j##1) STEP(j##2) STEP(j##3) STEP(j##4) STEP(j##5)            \
      STEP(j##6) STEP(j##7) co_yield acc;

Co many(int base) {
  Guard g;
  long acc = base;
  STEP8(1)
  STEP8(2)
  STEP8(3)
  STEP8(4)
  STEP8(5)
  STEP8(6)
  STEP8(7)
  STEP8(8)
  long all = 0;
#define SUM(i) all = all * 7 + v##i;
#define SUM8(j)                                                                \
  SUM(j##0) SUM(j##1) SUM(j##2) SUM(j##3) SUM(j##4) SUM(j##5) SUM(j##6) SUM(j##7)
  SUM8(1) SUM8(2) SUM8(3) SUM8(4) SUM8(5) SUM8(6) SUM8(7) SUM8(8)
  co_return acc ^ all;
}

int main() {
  for (int base = 0; base < 3; ++base) {
    Co c = many(base);
    int resumes = 0;
    while (!c.h.done()) {
      c.h.resume();
      ++resumes;
    }
    std::printf("base %d: resumes=%d suspends=%d result=%ld\n", base, resumes,
                c.h.promise().suspends, c.h.promise().result);
  }
  for (int stop = 0; stop < 80; stop += 7) {
    Co c = many(stop);
    for (int i = 0; i < stop && !c.h.done(); ++i)
      c.h.resume();
    std::printf("stop %d: suspends=%d\n", stop, c.h.promise().suspends);
  }
  std::printf("guards destroyed: %d\n", destroyed_guards);
  return 0;
}
