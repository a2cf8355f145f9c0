// Generators: co_yield, range-for loops over an input-iterator generator,
// early break (destroy while suspended), generators with arguments.
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

template <typename T>
class Generator {
public:
  struct promise_type {
    T current{};
    Generator get_return_object() {
      return Generator{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(T v) noexcept {
      current = v;
      return {};
    }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };

  struct sentinel {};
  struct iterator {
    std::coroutine_handle<promise_type> h;
    iterator &operator++() {
      h.resume();
      return *this;
    }
    T operator*() const { return h.promise().current; }
    bool operator!=(sentinel) const { return !h.done(); }
  };

  explicit Generator(std::coroutine_handle<promise_type> h) : h_(h) {}
  Generator(Generator &&o) noexcept : h_(std::exchange(o.h_, {})) {}
  Generator(const Generator &) = delete;
  ~Generator() {
    if (h_)
      h_.destroy();
  }
  iterator begin() {
    h_.resume();
    return iterator{h_};
  }
  sentinel end() { return {}; }

private:
  std::coroutine_handle<promise_type> h_;
};

Generator<int> iota(int from, int to) {
  for (int i = from; i < to; ++i)
    co_yield i;
}

Generator<unsigned long long> fib() {
  unsigned long long a = 0, b = 1;
  for (;;) {
    co_yield a;
    unsigned long long t = a + b;
    a = b;
    b = t;
  }
}

Generator<int> primes(int limit) {
  for (int n = 2; n <= limit; ++n) {
    bool prime = true;
    for (int d = 2; d * d <= n; ++d)
      if (n % d == 0) {
        prime = false;
        break;
      }
    if (prime)
      co_yield n;
  }
}

Generator<double> halves(double x, int count) {
  while (count-- > 0) {
    co_yield x;
    x /= 2.0;
  }
}

Generator<int> empty_gen() { co_return; }

int main() {
  int sum = 0;
  for (int v : iota(0, 10)) {
    std::printf("%d ", v);
    sum += v;
  }
  std::printf("\nsum=%d\n", sum);

  int n = 0;
  for (unsigned long long f : fib()) {
    std::printf("fib[%d]=%llu\n", n, f);
    if (++n == 20)
      break;
  }

  int count = 0;
  for (int p : primes(200)) {
    ++count;
    if (p > 180)
      std::printf("big prime %d\n", p);
  }
  std::printf("primes<=200: %d\n", count);

  for (double h : halves(100.0, 6))
    std::printf("%.4f\n", h);

  int e = 0;
  for (int v : empty_gen())
    e += v + 1;
  std::printf("empty yielded %d\n", e);

  // Many generators alive at once.
  long long total = 0;
  for (int k = 0; k < 1000; ++k)
    for (int v : iota(k, k + 5))
      total += v;
  std::printf("total=%lld\n", total);
  return 0;
}
