#include "rt_driver.h"

typedef struct { void *k; int64_t v; } step;
void rt_call_calc(step *out, void *buf, int64_t init);
void rt_via_calc_proto(step *out, void *k, void *buf, int64_t x, int32_t op, bool stop);

int main(void) {
  _Alignas(8) unsigned char buf[16];
  static const struct { int64_t x; int32_t op; } prog[] = {
      {5, 0}, {3, 1}, {4, 2}, {9, 7}, {-2, 1}, {100, 0}};
  rt_fresh_buffer(buf, sizeof buf);
  step s;
  rt_call_calc(&s, buf, 10);
  printf("start %lld\n", (long long)s.v);
  for (unsigned i = 0; i < sizeof prog / sizeof *prog; i++) {
    rt_via_calc_proto(&s, s.k, buf, prog[i].x, prog[i].op, false);
    printf("op %d with %lld -> %lld\n", prog[i].op, (long long)prog[i].x, (long long)s.v);
  }
  rt_via_calc_proto(&s, s.k, buf, 0, 0, true);
  printf("stopped: %s\n", s.k ? "NOT NULL" : "null continuation");
  rt_report_balance("end");
  return 0;
}
