#include "rt_driver.h"

typedef struct { void *k; int64_t sum; } step;
void rt_call_histogram(step *out, void *buf, int32_t seed, int32_t steps);
void rt_via_histogram_proto(step *out, void *k, void *buf, bool abort);

/* Runs one instance, aborting at yield number abort_at (0: never). */
static void run(int32_t seed, int32_t steps, int abort_at) {
  _Alignas(8) unsigned char buf[16];
  long a0 = rt_allocs, d0 = rt_deallocs;
  int n = 0;
  printf("histogram(seed %d, steps %d), abort at yield %d\n", seed, steps, abort_at);
  rt_fresh_buffer(buf, sizeof buf);
  step s;
  rt_call_histogram(&s, buf, seed, steps);
  while (s.k) {
    n++;
    printf("yield %lld (allocations live while suspended: %ld)\n", (long long)s.sum,
           rt_allocs - a0 - (rt_deallocs - d0));
    rt_via_histogram_proto(&s, s.k, buf, n == abort_at);
  }
  if (n > 0)
    printf("allocs=%ld deallocs=%ld\n", rt_allocs - a0, rt_deallocs - d0);
  else
    printf("at most one allocation: %s, balanced: %s\n", rt_allocs - a0 <= 1 ? "yes" : "NO",
           rt_allocs - a0 == rt_deallocs - d0 ? "yes" : "NO");
}

int main(void) {
  run(3, 4, 0);
  run(5, 4, 2);
  run(7, 4, 1);
  run(9, 4, 4);
  run(11, 0, 0);
  rt_report_balance("end");
  return 0;
}
