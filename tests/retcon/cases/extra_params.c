#include "rt_driver.h"

typedef struct { void *k; int64_t v; } step;
typedef step (*acc_cont)(void *, int64_t, bool);
typedef step (*scaled_cont)(void *, double);
typedef struct { void *k; int32_t bias; } once_step;
typedef void (*deliver_cont)(void *, int32_t, int32_t *);

step accumulator(void *buf, int64_t init);
step scaled(void *buf, double start);
once_step deliver_once(void *buf, int32_t bias);

int main(void) {
  _Alignas(8) unsigned char buf[16];
  int64_t addends[5] = {5, -2, 100, 40000000000LL, 7};
  double factors[4] = {2.0, 1.5, 0.25, -3.0};

  rt_fresh_buffer(buf, sizeof buf);
  step s = accumulator(buf, 10);
  printf("accumulator: %lld\n", (long long)s.v);
  for (int i = 0; i < 5 && s.k; i++) {
    bool stop = i == 4;
    s = ((acc_cont)s.k)(buf, addends[i], stop);
    if (s.k)
      printf("accumulator + %lld: %lld\n", (long long)addends[i], (long long)s.v);
  }
  printf("accumulator: %s\n", s.k ? "NOT NULL" : "null continuation");

  rt_fresh_buffer(buf, sizeof buf);
  s = scaled(buf, 3.0);
  printf("scaled: %lld\n", (long long)s.v);
  for (int i = 0; i < 4 && s.k; i++) {
    s = ((scaled_cont)s.k)(buf, factors[i]);
    if (s.k)
      printf("scaled * %g: %lld\n", factors[i], (long long)s.v);
  }
  printf("scaled: %s\n", s.k ? "NOT NULL" : "null continuation");

  for (int i = 0; i < 2; i++) {
    int32_t out = 0;
    rt_fresh_buffer(buf, sizeof buf);
    once_step o = deliver_once(buf, 1000 * i);
    printf("deliver_once yielded bias %d\n", o.bias);
    ((deliver_cont)o.k)(buf, 14 + i, &out);
    printf("delivered %d\n", out);
  }
  rt_report_counts("end");
  return 0;
}
