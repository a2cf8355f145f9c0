// Coroutine member functions (using `this` after suspends, const and
// static members), coroutine lambdas (no capture: captures by value would
// dangle once the closure is gone, so they are called while it is alive),
// and a generic lambda coroutine.
#include <coroutine>
#include <cstdio>
#include <exception>
#include <string>
#include <utility>

template <typename T>
struct Gen {
  struct promise_type {
    T value{};
    Gen get_return_object() {
      return Gen{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(T v) {
      value = std::move(v);
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
  const T &get() const { return h.promise().value; }
};

class Account {
public:
  explicit Account(std::string owner) : owner_(std::move(owner)) {}
  Gen<long> deposits(int n) {
    for (int i = 1; i <= n; ++i) {
      balance_ += i * 10;
      co_yield balance_;
    }
    std::printf("  %s finished deposits\n", owner_.c_str());
  }
  Gen<std::string> statement() const {
    co_yield owner_;
    co_yield "balance " + std::to_string(balance_);
  }
  static Gen<int> countdown(int from) {
    while (from > 0)
      co_yield from--;
  }

private:
  std::string owner_;
  long balance_ = 0;
};

int main() {
  Account acc("alice");
  Gen<long> d = acc.deposits(4);
  while (d.next())
    std::printf("deposit -> %ld\n", d.get());
  Gen<std::string> s = acc.statement();
  while (s.next())
    std::printf("statement: %s\n", s.get().c_str());
  Gen<int> c = Account::countdown(3);
  while (c.next())
    std::printf("countdown %d\n", c.get());

  auto squares = [](int n) -> Gen<int> {
    for (int i = 0; i < n; ++i)
      co_yield i * i;
  };
  Gen<int> sq = squares(5);
  while (sq.next())
    std::printf("square %d\n", sq.get());

  int factor = 3;
  auto scaled = [factor](int n) -> Gen<int> {
    for (int i = 0; i < n; ++i)
      co_yield i * factor;
  };
  {
    Gen<int> sc = scaled(4); // closure `scaled` outlives the coroutine
    while (sc.next())
      std::printf("scaled %d\n", sc.get());
  }

  auto generic = [](auto first, int n) -> Gen<decltype(first)> {
    for (int i = 0; i < n; ++i) {
      co_yield first;
      first = first + first;
    }
  };
  Gen<double> gd = generic(0.75, 3);
  while (gd.next())
    std::printf("generic double %.2f\n", gd.get());
  Gen<std::string> gs = generic(std::string("ab"), 3);
  while (gs.next())
    std::printf("generic string %s\n", gs.get().c_str());
  return 0;
}
