#include "rt_driver.h"

typedef struct { void *k; int64_t v; } step;
typedef struct { void *k; int32_t bias; } once_step;
typedef void (*deliver_cont)(void *, int32_t, int32_t *);

void rt_call_accumulator(step *out, void *buf, int64_t init);
void rt_via_acc_proto(step *out, void *k, void *buf, int64_t add, bool stop);
void rt_call_scaled(step *out, void *buf, double start);
void rt_via_scaled_proto(step *out, void *k, void *buf, double factor);
void rt_call_deliver_once(once_step *out, void *buf, int32_t bias);

int main(void) {
  _Alignas(8) unsigned char buf[16];
  int64_t addends[5] = {5, -2, 100, 40000000000LL, 7};
  double factors[4] = {2.0, 1.5, 0.25, -3.0};

  rt_fresh_buffer(buf, sizeof buf);
  step s;
  rt_call_accumulator(&s, buf, 10);
  printf("accumulator: %lld\n", (long long)s.v);
  for (int i = 0; i < 5 && s.k; i++) {
    bool stop = i == 4;
    rt_via_acc_proto(&s, s.k, buf, addends[i], stop);
    if (s.k)
      printf("accumulator + %lld: %lld\n", (long long)addends[i], (long long)s.v);
  }
  printf("accumulator: %s\n", s.k ? "NOT NULL" : "null continuation");

  rt_fresh_buffer(buf, sizeof buf);
  rt_call_scaled(&s, buf, 3.0);
  printf("scaled: %lld\n", (long long)s.v);
  for (int i = 0; i < 4 && s.k; i++) {
    rt_via_scaled_proto(&s, s.k, buf, factors[i]);
    if (s.k)
      printf("scaled * %g: %lld\n", factors[i], (long long)s.v);
  }
  printf("scaled: %s\n", s.k ? "NOT NULL" : "null continuation");

  for (int i = 0; i < 2; i++) {
    int32_t out = 0;
    rt_fresh_buffer(buf, sizeof buf);
    once_step o;
    rt_call_deliver_once(&o, buf, 1000 * i);
    printf("deliver_once yielded bias %d\n", o.bias);
    ((deliver_cont)o.k)(buf, 14 + i, &out);
    printf("delivered %d\n", out);
  }
  rt_report_counts("end");
  return 0;
}
