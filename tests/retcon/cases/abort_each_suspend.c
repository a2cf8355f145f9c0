#include "rt_driver.h"

typedef struct { void *k; int32_t held; } step;
void rt_call_holder(step *out, void *buf, int32_t base);
void rt_via_proto(step *out, void *k, void *buf, bool abort);

int main(void) {
  _Alignas(8) unsigned char buf[32];
  for (int abort_at = 1; abort_at <= 5; abort_at++) {
    if (abort_at <= 4)
      printf("abort at suspend %d\n", abort_at);
    else
      printf("never abort\n");
    rt_fresh_buffer(buf, sizeof buf);
    step s;
    rt_call_holder(&s, buf, abort_at);
    while (s.k) {
      bool ab = s.held == abort_at;
      printf("suspended holding %d, resume %s\n", s.held, ab ? "abnormally" : "normally");
      rt_via_proto(&s, s.k, buf, ab);
    }
    printf("finished\n");
  }
  rt_report_counts("end");
  return 0;
}
