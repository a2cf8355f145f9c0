#include "rt_driver.h"

typedef struct { void *k; int32_t v; } step32;
typedef step32 (*cont32)(void *, bool);
typedef struct { void *k; int64_t v; } step64;
typedef step64 (*cont64)(void *, bool);

step32 squares(void *buf, int32_t n);
step64 countdown(void *buf, int64_t from, int64_t step);

int main(void) {
  _Alignas(8) unsigned char buf[16];
  _Alignas(8) unsigned char buf2[32];
  step32 s;
  step64 t;

  printf("squares(6), run to completion\n");
  rt_fresh_buffer(buf, sizeof buf);
  for (s = squares(buf, 6); s.k; s = ((cont32)s.k)(buf, false))
    printf("yield %d\n", s.v);
  printf("null continuation\n");

  printf("squares(5), abort after three yields\n");
  rt_fresh_buffer(buf, sizeof buf);
  s = squares(buf, 5);
  for (int i = 0; i < 3 && s.k; i++) {
    printf("yield %d\n", s.v);
    s = ((cont32)s.k)(buf, i == 2);
  }
  printf("after abort: %s\n", s.k ? "NOT NULL" : "null continuation");

  printf("squares(0)\n");
  rt_fresh_buffer(buf, sizeof buf);
  s = squares(buf, 0);
  printf("ramp: %s\n", s.k ? "suspended" : "null continuation");

  printf("countdown(5000000000, 1300000000)\n");
  rt_fresh_buffer(buf2, sizeof buf2);
  for (t = countdown(buf2, 5000000000LL, 1300000000LL); t.k; t = ((cont64)t.k)(buf2, false))
    printf("yield %lld\n", (long long)t.v);
  printf("null continuation\n");

  rt_report_counts("end");
  return 0;
}
