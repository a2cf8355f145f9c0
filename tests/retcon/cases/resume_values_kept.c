#include "rt_driver.h"

typedef struct { void *k; int32_t v; } step;
void rt_call_collector(step *out, void *buf, int32_t base);
void rt_via_proto(step *out, void *k, void *buf, int32_t v);

int main(void) {
  _Alignas(8) unsigned char buf[64];
  int32_t inputs[3][7] = {
    {4, 20, 300, 1, 2, 3, 0},
    {5, 20, 300, 10, 20, 30, 0},
    {-2, 7, -9, 100, 200, 300, 0},
  };
  for (int r = 0; r < 3; r++) {
    printf("run %d:", r);
    rt_fresh_buffer(buf, sizeof buf);
    int i = 0;
    step s;
    for (rt_call_collector(&s, buf, 1000 * r); s.k; rt_via_proto(&s, s.k, buf, inputs[r][i++]))
      printf(" %d", s.v);
    printf(" <end after %d resumes>\n", i);
  }
  rt_report_counts("end");
  return 0;
}
