#include "rt_driver.h"

typedef struct { void *k; int64_t count; } step;
void rt_call_hist(step *out, void *buf, int64_t n);
void rt_via_hist_proto(step *out, void *k, void *buf, int64_t v, bool stop);

static const int64_t values[] = {7, 107, 42, 7, 1007, 142, 3};

/* Feeds values until n are counted, or aborts before the abort_at-th. */
static void run(int64_t n, int abort_at) {
  _Alignas(8) unsigned char buf[16];
  long a0 = rt_allocs, d0 = rt_deallocs;
  rt_fresh_buffer(buf, sizeof buf);
  step s;
  rt_call_hist(&s, buf, n);
  for (int i = 0; s.k; i++) {
    bool stop = i + 1 == abort_at;
    rt_via_hist_proto(&s, s.k, buf, values[i], stop);
    if (s.k) printf("  bucket of %lld now %lld\n", (long long)values[i], (long long)s.count);
  }
  printf("allocations %ld, frees %ld\n", rt_allocs - a0, rt_deallocs - d0);
}

int main(void) {
  printf("hist(7): to completion\n");
  run(7, 0);
  printf("hist(7): abort at the first resume\n");
  run(7, 1);
  printf("hist(7): abort at the fourth resume\n");
  run(7, 4);
  printf("hist(0): ends in the ramp\n");
  run(0, 0);
  rt_report_counts("end");
  return 0;
}
