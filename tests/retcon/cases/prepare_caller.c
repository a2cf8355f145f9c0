#include "rt_driver.h"

typedef struct { void *k; int32_t v; } step;
void rt_via_evens_proto(step *out, void *k, void *buf, bool abort);
void rt_via_evens(step *out, void *ramp, void *buf, int32_t n);
int64_t sum_evens(int32_t n);
void *evens_entry(void);

int main(void) {
  printf("sum_evens(10) = %lld\n", (long long)sum_evens(10));
  printf("sum_evens(0) = %lld\n", (long long)sum_evens(0));
  _Alignas(8) unsigned char buf[16];
  rt_fresh_buffer(buf, sizeof buf);
  void *r = evens_entry();
  printf("through the prepared pointer:");
  step s;
  for (rt_via_evens(&s, r, buf, 7); s.k; rt_via_evens_proto(&s, s.k, buf, false)) printf(" %d", s.v);
  printf("\n");
  rt_report_balance("end");
  return 0;
}
