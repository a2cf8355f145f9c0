#include "rt_driver.h"

struct cfg { int64_t base, mult; int32_t count; };
typedef struct { void *k; int64_t v; } step;
void rt_call_scaler(step *out, void *buf, struct cfg *config);
void rt_via_scaler_proto(step *out, void *k, void *buf, bool abort);

int main(void) {
  _Alignas(8) unsigned char buf[64];
  struct cfg c = {1000, 3, 4};
  rt_fresh_buffer(buf, sizeof buf);
  step s;
  rt_call_scaler(&s, buf, &c);
  /* The coroutine read its configuration before coro.begin. */
  c.base = -1;
  c.mult = -1;
  c.count = 100;
  for (; s.k; rt_via_scaler_proto(&s, s.k, buf, false)) printf("yield %lld\n", (long long)s.v);
  printf("null continuation\n");
  rt_report_balance("end");
  return 0;
}
