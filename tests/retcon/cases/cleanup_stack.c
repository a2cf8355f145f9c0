#include "rt_driver.h"

typedef struct { void *k; int64_t held; } step;
void rt_call_holder(step *out, void *buf, int64_t base, int64_t n);
void rt_via_holder_proto(step *out, void *k, void *buf, bool abort);

int main(void) {
  _Alignas(8) unsigned char buf[96];
  /* Abort at the k-th suspend, k = 1..4; k = 5: never (runs to the end). */
  for (int k = 1; k <= 5; k++) {
    printf("holder(%d0, 4), abort at suspend %d\n", k, k);
    rt_fresh_buffer(buf, sizeof buf);
    step s;
    rt_call_holder(&s, buf, 10 * k, 4);
    for (int seen = 1; s.k; seen++) {
      printf("suspended holding %lld\n", (long long)s.held);
      rt_via_holder_proto(&s, s.k, buf, seen == k);
    }
    printf("null continuation\n");
  }
  rt_report_balance("end");
  return 0;
}
