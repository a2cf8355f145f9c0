#include "rt_driver.h"

struct fib_out {
  void *k;
  int64_t a, b;
};

void fib_start(void *buf, int64_t limit, struct fib_out *out);
void fib_next(void *k, void *buf, bool abort, struct fib_out *out);

int main(void) {
  _Alignas(8) unsigned char buf[32];
  struct fib_out o;

  printf("fib(100)\n");
  rt_fresh_buffer(buf, sizeof buf);
  for (fib_start(buf, 100, &o); o.k; fib_next(o.k, buf, false, &o))
    printf("pair %lld %lld\n", (long long)o.a, (long long)o.b);
  printf("null continuation\n");

  printf("fib(10^18), abort after five pairs\n");
  rt_fresh_buffer(buf, sizeof buf);
  fib_start(buf, 1000000000000000000LL, &o);
  for (int i = 0; i < 4; i++) fib_next(o.k, buf, false, &o);
  printf("pair %lld %lld\n", (long long)o.a, (long long)o.b);
  fib_next(o.k, buf, true, &o);
  printf("after abort: %s\n", o.k ? "NOT NULL" : "null continuation");

  printf("fib(1): no pair\n");
  fib_start(buf, 1, &o);
  printf("ramp: %s\n", o.k ? "suspended" : "null continuation");

  rt_report_balance("end");
  return 0;
}
