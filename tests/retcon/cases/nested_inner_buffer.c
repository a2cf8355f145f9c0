#include "rt_driver.h"

typedef struct { void *k; int32_t v; } step;
void rt_call_outer(step *out, void *buf, int32_t groups);
void rt_via_proto(step *out, void *k, void *buf, bool abort);

static void run(int32_t groups, int abort_at) {
  _Alignas(8) unsigned char buf[16];
  long a0 = rt_allocs, d0 = rt_deallocs;
  int n = 0;
  printf("outer(%d), abort at yield %d\n", groups, abort_at);
  rt_fresh_buffer(buf, sizeof buf);
  step s;
  for (rt_call_outer(&s, buf, groups); s.k;) {
    n++;
    printf("yield %d\n", s.v);
    rt_via_proto(&s, s.k, buf, n == abort_at);
  }
  printf("allocs=%ld deallocs=%ld\n", rt_allocs - a0, rt_deallocs - d0);
}

int main(void) {
  run(3, 0);
  run(3, 4);
  run(2, 1);
  rt_report_balance("end");
  return 0;
}
