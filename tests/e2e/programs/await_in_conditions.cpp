// co_await in conditions: if, while, for conditions, the ternary operator
// (awaits in both arms) and short-circuit && / ||.
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

struct Co {
  struct promise_type {
    Co get_return_object() {
      return Co{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit Co(std::coroutine_handle<promise_type> h) : h(h) {}
  Co(Co &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~Co() {
    if (h)
      h.destroy();
  }
  int drive() {
    int n = 0;
    while (!h.done()) {
      h.resume();
      ++n;
    }
    return n;
  }
};

static int awaits = 0;

template <typename T>
struct Val {
  T v;
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<>) noexcept { ++awaits; }
  T await_resume() const noexcept { return v; }
};
template <typename T> Val<T> val(T v) { return {v}; }

Co conditions(int x) {
  if (co_await val(x > 5))
    std::printf("if: big\n");
  else
    std::printf("if: small\n");
  int count = 0;
  while (co_await val(count < x))
    ++count;
  std::printf("while cond: count=%d\n", count);
  int t = (co_await val(x % 2 == 0)) ? co_await val(x / 2) : co_await val(3 * x + 1);
  std::printf("ternary: %d\n", t);
  bool a = (x > 3) && co_await val(x < 9);
  bool o = (x > 3) || co_await val(x == 1);
  std::printf("and=%d or=%d\n", (int)a, (int)o);
  for (int i = 0; co_await val(i < 3); ++i)
    std::printf("for cond %d\n", i);
}

int main() {
  for (int x : {0, 1, 4, 7, 10}) {
    awaits = 0;
    int r = conditions(x).drive();
    std::printf("conditions(%d): resumes=%d awaits=%d\n", x, r, awaits);
  }
  return 0;
}
