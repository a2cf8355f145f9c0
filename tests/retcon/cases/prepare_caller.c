#include "rt_driver.h"

typedef struct { void *k; int32_t v; } step;
typedef step (*cont)(void *, bool);
typedef step (*ramp)(void *, int32_t);
int64_t sum_evens(int32_t n);
void *evens_entry(void);

int main(void) {
  printf("sum_evens(10) = %lld\n", (long long)sum_evens(10));
  printf("sum_evens(0) = %lld\n", (long long)sum_evens(0));
  _Alignas(8) unsigned char buf[16];
  rt_fresh_buffer(buf, sizeof buf);
  ramp r = (ramp)evens_entry();
  printf("through the prepared pointer:");
  for (step s = r(buf, 7); s.k; s = ((cont)s.k)(buf, false)) printf(" %d", s.v);
  printf("\n");
  rt_report_balance("end");
  return 0;
}
