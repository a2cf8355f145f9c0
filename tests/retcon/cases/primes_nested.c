#include "rt_driver.h"

typedef struct { void *k; int64_t v; } step;
void rt_call_primes(step *out, void *buf, int64_t n);
void rt_via_primes_proto(step *out, void *k, void *buf, bool abort);

int main(void) {
  _Alignas(8) unsigned char buf[32];
  step s;

  printf("primes(30)\n");
  rt_fresh_buffer(buf, sizeof buf);
  for (rt_call_primes(&s, buf, 30); s.k; rt_via_primes_proto(&s, s.k, buf, false)) {
    if (s.v < 0) printf("  composite, divisor %lld\n", (long long)-s.v);
    else printf("prime %lld\n", (long long)s.v);
  }
  printf("null continuation\n");

  printf("primes(1000), abort at the tenth prime\n");
  rt_fresh_buffer(buf, sizeof buf);
  int found = 0;
  for (rt_call_primes(&s, buf, 1000); s.k;) {
    bool stop = s.v > 0 && ++found == 10;
    if (stop) printf("tenth prime %lld\n", (long long)s.v);
    rt_via_primes_proto(&s, s.k, buf, stop);
  }
  printf("null continuation\n");
  rt_report_balance("end");
  return 0;
}
