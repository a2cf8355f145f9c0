// Throughput: a generator producing N pseudo-random values (xorshift64*),
// consumed by a loop that folds them into a checksum. Every value costs one
// resume and one suspend. Usage: generator [N] (default 200000000).
#include <coroutine>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <utility>

class Gen {
public:
  struct promise_type {
    std::uint64_t value = 0;
    Gen get_return_object() {
      return Gen{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(std::uint64_t v) noexcept {
      value = v;
      return {};
    }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
  explicit Gen(std::coroutine_handle<promise_type> h) : h_(h) {}
  Gen(Gen &&o) noexcept : h_(std::exchange(o.h_, {})) {}
  ~Gen() {
    if (h_)
      h_.destroy();
  }
  bool next() {
    h_.resume();
    return !h_.done();
  }
  std::uint64_t value() const { return h_.promise().value; }

private:
  std::coroutine_handle<promise_type> h_;
};

Gen random_values(std::uint64_t seed, std::uint64_t n) {
  std::uint64_t x = seed | 1;
  for (std::uint64_t i = 0; i < n; ++i) {
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    co_yield x * 0x2545F4914F6CDD1DULL;
  }
}

int main(int argc, char **argv) {
  std::uint64_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 200000000;
  std::uint64_t sum = 0, count = 0;
  Gen g = random_values(0x9E3779B97F4A7C15ULL + (std::uint64_t)argc, n);
  while (g.next()) {
    sum = (sum ^ g.value()) * 31 + 7;
    ++count;
  }
  std::printf("count=%llu checksum=%016llx\n", (unsigned long long)count,
              (unsigned long long)sum);
  return 0;
}
