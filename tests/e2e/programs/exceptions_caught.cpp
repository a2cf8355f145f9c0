// Exceptions thrown after a suspend and caught inside the coroutine, with
// try blocks spanning suspends and suspends inside catch handlers' aftermath.
#include <coroutine>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <utility>

struct Gen {
  struct promise_type {
    int value = 0;
    Gen get_return_object() {
      return Gen{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(int v) noexcept {
      value = v;
      return {};
    }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit Gen(std::coroutine_handle<promise_type> h) : h(h) {}
  Gen(Gen &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~Gen() {
    if (h)
      h.destroy();
  }
  bool next() {
    h.resume();
    return !h.done();
  }
  int value() const { return h.promise().value; }
};

struct Guard {
  int id;
  explicit Guard(int id) : id(id) { std::printf("  guard %d on\n", id); }
  ~Guard() { std::printf("  guard %d off\n", id); }
};

static int may_throw(int i) {
  if (i % 3 == 2)
    throw std::runtime_error("bad " + std::to_string(i));
  if (i % 5 == 4)
    throw i;
  return i * i;
}

Gen thrower(int n) {
  int caught = 0;
  for (int i = 0; i < n; ++i) {
    Guard g(i);
    try {
      co_yield -i;
      Guard inner(100 + i);
      int v = may_throw(i);
      co_yield v;
    } catch (const std::runtime_error &e) {
      ++caught;
      std::printf("  caught runtime_error '%s'\n", e.what());
    } catch (int x) {
      ++caught;
      std::printf("  caught int %d\n", x);
    }
    co_yield 1000 + caught;
  }
  try {
    try {
      co_yield 5000;
      throw std::logic_error("nested");
    } catch (const std::logic_error &e) {
      std::printf("  inner caught %s, rethrowing\n", e.what());
      throw;
    }
  } catch (const std::exception &e) {
    std::printf("  outer caught %s\n", e.what());
  }
  co_yield 9999;
}

int main() {
  Gen g = thrower(10);
  while (g.next())
    std::printf("yield %d\n", g.value());
  std::printf("done\n");
  return 0;
}
