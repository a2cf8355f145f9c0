// Large locals (4 KiB arrays and a 16 KiB one) live across suspends; several
// in disjoint scopes, so storage may be shared, but contents must survive.
#include <coroutine>
#include <cstdio>
#include <cstring>
#include <exception>
#include <utility>

struct Gen {
  struct promise_type {
    unsigned value = 0;
    Gen get_return_object() {
      return Gen{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(unsigned v) noexcept {
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
};

static unsigned checksum(const unsigned char *p, std::size_t n) {
  unsigned h = 2166136261u;
  for (std::size_t i = 0; i < n; ++i)
    h = (h ^ p[i]) * 16777619u;
  return h;
}

Gen big(int seed) {
  unsigned char a[4096];
  for (int i = 0; i < 4096; ++i)
    a[i] = (unsigned char)(i * 7 + seed);
  co_yield checksum(a, sizeof a);
  {
    unsigned char b[4096];
    std::memcpy(b, a, sizeof b);
    for (int i = 0; i < 4096; ++i)
      b[i] ^= 0x5a;
    co_yield checksum(b, sizeof b);
    a[0] = b[4095];
  }
  {
    unsigned int c[1024];
    for (int i = 0; i < 1024; ++i)
      c[i] = i * i + seed;
    co_yield checksum(reinterpret_cast<unsigned char *>(c), sizeof c);
    co_yield c[1023];
  }
  long long d[2048]; // 16 KiB
  for (int i = 0; i < 2048; ++i)
    d[i] = (long long)i * seed - 5;
  co_yield checksum(a, sizeof a);
  co_yield checksum(reinterpret_cast<unsigned char *>(d), sizeof d);
}

int main() {
  for (int seed = 1; seed <= 3; ++seed) {
    Gen g = big(seed);
    for (g.h.resume(); !g.h.done(); g.h.resume())
      std::printf("seed %d: %u\n", seed, g.h.promise().value);
  }
  // Abandon one mid-way.
  Gen g = big(9);
  g.h.resume();
  g.h.resume();
  std::printf("abandoned at %u\n", g.h.promise().value);
  return 0;
}
