// Values computed before a suspend and used after it: ints of several widths,
// floating point, pointers (to heap, to globals, to frame locals), function
// pointers, structs and pairs, values live across many suspends, and values
// whose live ranges do not overlap.
#include <coroutine>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
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
  void drive() {
    while (!h.done())
      h.resume();
  }
};

struct Vec3 {
  float x, y, z;
};
struct Mixed {
  char c;
  double d;
  short s;
  std::int64_t big;
};

static int global_counter = 100;
static int twice(int x) { return 2 * x; }
static int thrice(int x) { return 3 * x; }
static Mixed make_mixed(int seed) {
  return Mixed{(char)('a' + seed), seed / 4.0, (short)(seed * 1000),
               (std::int64_t)seed << 40};
}

Co values(int seed) {
  std::int8_t i8 = (std::int8_t)(seed * 37);
  std::uint16_t u16 = (std::uint16_t)(seed * 4001);
  std::int32_t i32 = seed * 123457;
  std::int64_t i64 = (std::int64_t)seed * 9876543210LL;
  unsigned __int128 u128 = (unsigned __int128)i64 * (unsigned __int128)i64;
  bool flag = seed & 1;
  float f = seed * 1.25f;
  double d = seed / 3.0;
  long double ld = (long double)seed / 7.0L;
  co_await std::suspend_always{};
  std::printf("ints %d %u %d %lld %llu%019llu flag=%d\n", (int)i8, (unsigned)u16,
              i32, (long long)i64, (unsigned long long)(u128 / 10000000000000000000ULL),
              (unsigned long long)(u128 % 10000000000000000000ULL), (int)flag);
  std::printf("fp %.3f %.6f %.6Lf\n", f, d, ld);

  int *heap = static_cast<int *>(std::malloc(4 * sizeof(int)));
  for (int i = 0; i < 4; ++i)
    heap[i] = seed + i;
  int *glob = &global_counter;
  int local = seed * 11;
  int *plocal = &local;
  int (*fn)(int) = (seed % 2) ? twice : thrice;
  co_await std::suspend_always{};
  *plocal += 1;
  *glob += seed;
  std::printf("ptrs heap=%d,%d local=%d glob=%d fn=%d\n", heap[0], heap[3], local,
              *glob, fn(seed));
  std::free(heap);

  Vec3 v{(float)seed, seed + 0.5f, -1.0f * seed};
  Mixed m = make_mixed(seed);
  std::pair<int, double> pr{seed, seed * 0.1};
  co_await std::suspend_always{};
  v.x += 1;
  co_await std::suspend_always{};
  std::printf("structs v=(%.1f,%.1f,%.1f) m=(%c,%.2f,%d,%lld) pr=(%d,%.1f)\n", v.x,
              v.y, v.z, m.c, m.d, (int)m.s, (long long)m.big, pr.first, pr.second);

  // Disjoint live ranges: each value dies before the next is born.
  int a = seed + 1;
  co_await std::suspend_always{};
  std::printf("a=%d\n", a);
  double b = a * 1.5;
  co_await std::suspend_always{};
  std::printf("b=%.1f\n", b);
  long c = (long)b * 3;
  co_await std::suspend_always{};
  std::printf("c=%ld\n", c);
  // i32 and d are still live across all of the above.
  std::printf("late i32=%d d=%.4f\n", i32, d);
}

int main() {
  for (int seed = 0; seed < 4; ++seed)
    values(seed).drive();
  std::printf("global_counter=%d\n", global_counter);
  return 0;
}
