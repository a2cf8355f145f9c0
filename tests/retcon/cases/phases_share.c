#include "rt_driver.h"

typedef struct { void *k; int64_t v; } step;
void rt_call_reader(step *out, void *buf, int64_t x);
void rt_call_scoped(step *out, void *buf, int64_t x);
void rt_via_reader_proto(step *out, void *k, void *buf, bool abort);

int64_t mix(int64_t a, int64_t b) { return a * 3 + b; }

static void drive(const char *name, void (*ramp)(step *, void *, int64_t), int64_t x) {
  _Alignas(8) unsigned char buf[64];
  rt_fresh_buffer(buf, sizeof buf);
  printf("%s(%lld)\n", name, (long long)x);
  step s;
  for (ramp(&s, buf, x); s.k; rt_via_reader_proto(&s, s.k, buf, false))
    printf("yield %lld\n", (long long)s.v);
  printf("null continuation\n");
}

int main(void) {
  drive("reader", rt_call_reader, 5);
  drive("reader", rt_call_reader, -100);
  drive("scoped", rt_call_scoped, 21);
  rt_report_balance("end");
  return 0;
}
