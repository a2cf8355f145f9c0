#include "rt_driver.h"

#include <stddef.h>

typedef struct { void *k; int64_t v; } step;
void rt_call_sized_small(step *out, void *buf, int64_t x, int32_t y);
void rt_call_sized_big(step *out, void *buf, int64_t x);
void rt_via_proto(step *out, void *k, void *buf, bool abort);

void use(void *p) { (void)p; }

static const char *yn(int c) { return c ? "yes" : "NO"; }

/* An i64's alignment as the target lays it out in memory (4 on i686). */
struct i64_slot { char c; int64_t v; };
#define I64_ALIGN ((int64_t)offsetof(struct i64_slot, v))

static void check(const char *name, step s, void *buf, size_t bufsize, size_t bufalign,
                  int64_t min_size, int64_t min_align, const char *align_what) {
  long a0 = rt_allocs;
  int64_t size = s.v;
  rt_via_proto(&s, s.k, buf, false);
  int64_t align = s.v;
  bool allocated = rt_allocs - a0 > 0 || rt_live_blocks() > 0;
  fprintf(stderr, "%s: coro.size=%lld coro.align=%lld\n", name, (long long)size, (long long)align);
  printf("%s: size >= %lld: %s\n", name, (long long)min_size, yn(size >= min_size));
  printf("%s: align is a power of two >= %s: %s\n", name, align_what,
         yn(align >= min_align && (align & (align - 1)) == 0));
  bool fits = size <= (int64_t)bufsize && align <= (int64_t)bufalign;
  printf("%s: fits the %zu-byte buffer: %s; allocated: %s\n", name, bufsize, fits ? "yes" : "no",
         allocated ? "yes" : "no");
  rt_via_proto(&s, s.k, buf, false);
  printf("%s: last yield %lld\n", name, (long long)s.v);
  rt_via_proto(&s, s.k, buf, false);
  printf("%s: %s\n", name, s.k ? "NOT NULL" : "null continuation");
}

int main(void) {
  _Alignas(8) unsigned char small[32], big[16];
  rt_fresh_buffer(small, sizeof small);
  step s;
  rt_call_sized_small(&s, small, 40, 2);
  check("small", s, small, sizeof small, 8, 12, I64_ALIGN, "an i64's");
  rt_fresh_buffer(big, sizeof big);
  rt_call_sized_big(&s, big, -77);
  check("big", s, big, sizeof big, 8, 320, 8, "8");
  rt_report_balance("end");
  return 0;
}
