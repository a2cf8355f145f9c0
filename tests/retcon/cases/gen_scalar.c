#include "rt_driver.h"

typedef struct { void *k; int32_t v; } step32;
typedef struct { void *k; int64_t v; } step64;

void rt_call_squares(step32 *out, void *buf, int32_t n);
void rt_via_squares_proto(step32 *out, void *k, void *buf, bool abort);
void rt_call_countdown(step64 *out, void *buf, int64_t from, int64_t step);
void rt_via_countdown_proto(step64 *out, void *k, void *buf, bool abort);

int main(void) {
  _Alignas(8) unsigned char buf[16];
  _Alignas(8) unsigned char buf2[32];
  step32 s;
  step64 t;

  printf("squares(6), run to completion\n");
  rt_fresh_buffer(buf, sizeof buf);
  for (rt_call_squares(&s, buf, 6); s.k; rt_via_squares_proto(&s, s.k, buf, false))
    printf("yield %d\n", s.v);
  printf("null continuation\n");

  printf("squares(5), abort after three yields\n");
  rt_fresh_buffer(buf, sizeof buf);
  rt_call_squares(&s, buf, 5);
  for (int i = 0; i < 3 && s.k; i++) {
    printf("yield %d\n", s.v);
    rt_via_squares_proto(&s, s.k, buf, i == 2);
  }
  printf("after abort: %s\n", s.k ? "NOT NULL" : "null continuation");

  printf("squares(0)\n");
  rt_fresh_buffer(buf, sizeof buf);
  rt_call_squares(&s, buf, 0);
  printf("ramp: %s\n", s.k ? "suspended" : "null continuation");

  printf("countdown(5000000000, 1300000000)\n");
  rt_fresh_buffer(buf2, sizeof buf2);
  for (rt_call_countdown(&t, buf2, 5000000000LL, 1300000000LL); t.k;
       rt_via_countdown_proto(&t, t.k, buf2, false))
    printf("yield %lld\n", (long long)t.v);
  printf("null continuation\n");

  rt_report_counts("end");
  return 0;
}
