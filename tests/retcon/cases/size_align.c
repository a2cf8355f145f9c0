#include "rt_driver.h"

typedef struct { void *k; int64_t v; } step;
typedef step (*cont)(void *, bool);

step sized_small(void *buf, int64_t x, int32_t y);
step sized_big(void *buf, int64_t x);

void use(void *p) { (void)p; }

static const char *yn(int c) { return c ? "yes" : "NO"; }

static void check(const char *name, step s, void *buf, size_t bufsize, size_t bufalign,
                  int64_t min_size, int64_t min_align) {
  long a0 = rt_allocs;
  int64_t size = s.v;
  s = ((cont)s.k)(buf, false);
  int64_t align = s.v;
  bool allocated = rt_allocs - a0 > 0 || rt_live_blocks() > 0;
  fprintf(stderr, "%s: coro.size=%lld coro.align=%lld\n", name, (long long)size, (long long)align);
  printf("%s: size >= %lld: %s\n", name, (long long)min_size, yn(size >= min_size));
  printf("%s: align is a power of two >= %lld: %s\n", name, (long long)min_align,
         yn(align >= min_align && (align & (align - 1)) == 0));
  bool fits = size <= (int64_t)bufsize && align <= (int64_t)bufalign;
  printf("%s: fits the %zu-byte buffer: %s; allocated: %s\n", name, bufsize, fits ? "yes" : "no",
         allocated ? "yes" : "no");
  s = ((cont)s.k)(buf, false);
  printf("%s: last yield %lld\n", name, (long long)s.v);
  s = ((cont)s.k)(buf, false);
  printf("%s: %s\n", name, s.k ? "NOT NULL" : "null continuation");
}

int main(void) {
  _Alignas(8) unsigned char small[32], big[16];
  rt_fresh_buffer(small, sizeof small);
  check("small", sized_small(small, 40, 2), small, sizeof small, 8, 12, 8);
  rt_fresh_buffer(big, sizeof big);
  check("big", sized_big(big, -77), big, sizeof big, 8, 320, 8);
  rt_report_balance("end");
  return 0;
}
