#include "rt_driver.h"

typedef struct { void *k; int32_t *v; } step;
void rt_call_vec8(step *out, void *buf, int32_t seed);
void rt_call_vec16(step *out, void *buf, int32_t seed);
void rt_via_proto(step *out, void *k, void *buf, bool abort);

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
  step s;
  rt_call_vec8(&s, buf8, 5);
  while (s.k) {
    show("vec8", s, NULL, 0);
    s.v[3] += 1000;
    rt_via_proto(&s, s.k, buf8, false);
  }
  printf("vec8 finished, heap balanced: %s\n", rt_live_blocks() == 0 ? "yes" : "NO");

  rt_fresh_buffer(raw, sizeof raw);
  rt_call_vec8(&s, buf8, -1);
  show("vec8", s, NULL, 0);
  rt_via_proto(&s, s.k, buf8, true);
  printf("vec8 aborted: %s, heap balanced: %s\n", s.k ? "NOT NULL" : "null continuation",
         rt_live_blocks() == 0 ? "yes" : "NO");

  rt_fresh_buffer(buf16, sizeof buf16);
  rt_call_vec16(&s, buf16, 9);
  show("vec16", s, buf16, sizeof buf16);
  rt_via_proto(&s, s.k, buf16, false);
  show("vec16", s, buf16, sizeof buf16);
  rt_via_proto(&s, s.k, buf16, false);
  printf("vec16 finished: %s\n", s.k ? "NOT NULL" : "null continuation");
  rt_report_balance("end");
  return 0;
}
