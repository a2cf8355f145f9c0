// Over-aligned locals (alignas(64) and alignas(128)) kept alive across
// suspends. Their addresses are checked at run time after every suspend;
// only "aligned"/"misaligned" is printed, never an address.
//
// The promise allocates frames 128-byte aligned: clang (without
// -fcoro-aligned-allocation) calls plain operator new(size), whose result is
// only 16-byte aligned, and LLVM's switched-resume lowering lays the frame out
// assuming the allocation already has the frame's alignment -- a natively
// compiled -O0 build with the default allocator prints "misaligned". With
// this allocator the lowering must place each field at an offset that keeps
// it aligned. The check goes through a volatile so the optimizer cannot fold
// it from the alignment it assumes.
#include <coroutine>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <utility>

struct alignas(64) Line {
  int v[16];
};

struct alignas(128) Block {
  double d[4];
  int tag;
};

static volatile std::uintptr_t laundered;

static const char *check(const void *p, std::uintptr_t a) {
  laundered = reinterpret_cast<std::uintptr_t>(p);
  return (laundered % a) == 0 ? "aligned" : "misaligned";
}

struct Co {
  struct promise_type {
    static void *operator new(std::size_t n) {
      void *p = std::aligned_alloc(128, (n + 127) / 128 * 128);
      if (!p)
        std::abort();
      return p;
    }
    static void operator delete(void *p) { std::free(p); }
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
};

static void touch(volatile void *) {}

Co aligned_work(int seed) {
  Line line;
  alignas(128) Block block;
  alignas(64) char buf[64];
  for (int i = 0; i < 16; ++i)
    line.v[i] = seed + i;
  block.d[0] = seed * 0.5;
  block.tag = seed;
  buf[0] = 'x';
  touch(&line);
  touch(&block);
  touch(buf);
  std::printf("line %s, block %s, buf %s\n", check(&line, 64), check(&block, 128),
              check(buf, 64));
  co_await std::suspend_always{};
  std::printf("after 1: line %s, block %s, buf %s\n", check(&line, 64),
              check(&block, 128), check(buf, 64));
  int s = 0;
  for (int i = 0; i < 16; ++i)
    s += line.v[i];
  co_await std::suspend_always{};
  std::printf("after 2: line %s, block %s, sum=%d d0=%.2f tag=%d buf0=%c\n",
              check(&line, 64), check(&block, 128), s, block.d[0], block.tag,
              buf[0]);
}

// Only a 128-aligned local, with a small promise-free frame otherwise.
Co only_block() {
  alignas(128) int x[3] = {1, 2, 3};
  touch(x);
  co_await std::suspend_always{};
  std::printf("only_block %s %d\n", check(x, 128), x[0] + x[1] + x[2]);
}

// A cache-line buffer beside values live across the suspends: those
// values can take the room the buffer's realignment leaves in the frame.
Co line_with_state(int seed, double scale, const char *name) {
  alignas(64) char line[64];
  long long acc = seed;
  double x = seed * scale;
  int count = 0;
  for (int i = 0; i < 64; ++i)
    line[i] = static_cast<char>('a' + (seed + i) % 26);
  touch(line);
  co_await std::suspend_always{};
  for (int i = 0; i < 64; ++i)
    acc += line[i];
  ++count;
  x *= 1.5;
  co_await std::suspend_always{};
  acc ^= static_cast<long long>(x * 100);
  ++count;
  co_await std::suspend_always{};
  std::printf("%s: line %s acc=%lld x=%.2f count=%d c=%c\n", name,
              check(line, 64), acc, x, count, line[7]);
}

int main() {
  for (int seed = 0; seed < 3; ++seed) {
    Co c = aligned_work(seed);
    while (!c.h.done())
      c.h.resume();
  }
  // Several alive at once.
  Co a = aligned_work(10), b = aligned_work(20);
  a.h.resume();
  b.h.resume();
  a.h.resume();
  b.h.resume();
  Co c = only_block();
  c.h.resume();
  c.h.resume();
  const char *names[] = {"first", "second", "third"};
  for (int seed = 0; seed < 3; ++seed) {
    Co l = line_with_state(seed * 7, 0.25 + seed, names[seed]);
    while (!l.h.done())
      l.h.resume();
  }
  return 0;
}
