#include "rt_driver.h"

typedef struct { void *k; int64_t held; } step;
typedef step (*cont)(void *, bool);
step holder(void *buf, int64_t base, int64_t n);

int main(void) {
  _Alignas(8) unsigned char buf[96];
  /* Abort at the k-th suspend, k = 1..4; k = 5: never (runs to the end). */
  for (int k = 1; k <= 5; k++) {
    printf("holder(%d0, 4), abort at suspend %d\n", k, k);
    rt_fresh_buffer(buf, sizeof buf);
    step s = holder(buf, 10 * k, 4);
    for (int seen = 1; s.k; seen++) {
      printf("suspended holding %lld\n", (long long)s.held);
      s = ((cont)s.k)(buf, seen == k);
    }
    printf("null continuation\n");
  }
  rt_report_balance("end");
  return 0;
}
