#include "rt_driver.h"

typedef struct { void *k; int32_t v; } step;
typedef step (*cont)(void *, bool);

step chain50(void *buf, int32_t seed);
step ticker(void *buf, int32_t n);
step nest(void *buf);

int32_t mix(int32_t a, int32_t k) { return (int32_t)((uint32_t)a * 31u + (uint32_t)k); }

/* Drives one coroutine, printing yields ten to a line; aborts at yield
   number abort_at (0: never). */
static void drive(const char *name, step s, void *buf, int abort_at) {
  int n = 0;
  long long sum = 0;
  printf("%s:", name);
  while (s.k) {
    n++;
    sum += s.v;
    printf(" %d", s.v);
    if (n % 10 == 0)
      printf("\n%s:", name);
    s = ((cont)s.k)(buf, n == abort_at);
  }
  printf(" <end>\n%s: %d yields, sum %lld, live blocks %ld\n", name, n, sum, rt_live_blocks());
}

int main(void) {
  _Alignas(8) unsigned char buf[16];
  rt_fresh_buffer(buf, sizeof buf);
  drive("chain50", chain50(buf, 1), buf, 0);
  printf("allocs=%ld deallocs=%ld\n", rt_allocs, rt_deallocs);
  rt_fresh_buffer(buf, sizeof buf);
  drive("chain50/abort37", chain50(buf, -12345), buf, 37);
  printf("allocs=%ld deallocs=%ld\n", rt_allocs, rt_deallocs);
  rt_fresh_buffer(buf, sizeof buf);
  drive("ticker", ticker(buf, 50), buf, 0);
  rt_fresh_buffer(buf, sizeof buf);
  drive("ticker/abort25", ticker(buf, 50), buf, 25);
  rt_fresh_buffer(buf, sizeof buf);
  drive("nest", nest(buf), buf, 0);
  rt_fresh_buffer(buf, sizeof buf);
  drive("nest/abort13", nest(buf), buf, 13);
  rt_report_counts("end");
  return 0;
}
