#include "rt_driver.h"

typedef struct { void *k; int32_t *v; } step;
typedef step (*cont)(void *, bool);

step vec8(void *buf, int32_t seed);
step vec16(void *buf, int32_t seed);

static void show(const char *name, step s, const unsigned char *buf, size_t n) {
  const unsigned char *p = (const unsigned char *)s.v;
  printf("%s: [%d %d %d %d] 16-aligned: %s%s\n", name, s.v[0], s.v[1], s.v[2], s.v[3],
         ((uintptr_t)p % 16) == 0 ? "yes" : "NO",
         buf ? (p >= buf && p + 16 <= buf + n ? ", in buffer" : ", NOT in buffer") : "");
}

int main(void) {
  _Alignas(16) unsigned char raw[96];
  unsigned char *buf8 = raw + 8; /* 8-aligned, never 16-aligned */
  _Alignas(16) unsigned char buf16[64];

  rt_fresh_buffer(raw, sizeof raw);
  step s = vec8(buf8, 5);
  while (s.k) {
    show("vec8", s, NULL, 0);
    s.v[3] += 1000;
    s = ((cont)s.k)(buf8, false);
  }
  printf("vec8 finished, heap balanced: %s\n", rt_live_blocks() == 0 ? "yes" : "NO");

  rt_fresh_buffer(raw, sizeof raw);
  s = vec8(buf8, -1);
  show("vec8", s, NULL, 0);
  s = ((cont)s.k)(buf8, true);
  printf("vec8 aborted: %s, heap balanced: %s\n", s.k ? "NOT NULL" : "null continuation",
         rt_live_blocks() == 0 ? "yes" : "NO");

  rt_fresh_buffer(buf16, sizeof buf16);
  s = vec16(buf16, 9);
  show("vec16", s, buf16, sizeof buf16);
  s = ((cont)s.k)(buf16, false);
  show("vec16", s, buf16, sizeof buf16);
  s = ((cont)s.k)(buf16, false);
  printf("vec16 finished: %s\n", s.k ? "NOT NULL" : "null continuation");
  rt_report_balance("end");
  return 0;
}
