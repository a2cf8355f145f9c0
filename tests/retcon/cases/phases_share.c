#include "rt_driver.h"

typedef struct { void *k; int64_t v; } step;
typedef step (*cont)(void *, bool);
step reader(void *buf, int64_t x);
step scoped(void *buf, int64_t x);

int64_t mix(int64_t a, int64_t b) { return a * 3 + b; }

static void drive(const char *name, step (*ramp)(void *, int64_t), int64_t x) {
  _Alignas(8) unsigned char buf[64];
  rt_fresh_buffer(buf, sizeof buf);
  printf("%s(%lld)\n", name, (long long)x);
  for (step s = ramp(buf, x); s.k; s = ((cont)s.k)(buf, false))
    printf("yield %lld\n", (long long)s.v);
  printf("null continuation\n");
}

int main(void) {
  drive("reader", reader, 5);
  drive("reader", reader, -100);
  drive("scoped", scoped, 21);
  rt_report_balance("end");
  return 0;
}
