#include "rt_driver.h"

typedef struct { void *k; int32_t v; } step;
void rt_call_chain50(step *out, void *buf, int32_t seed);
void rt_call_ticker(step *out, void *buf, int32_t n);
void rt_call_nest(step *out, void *buf);
void rt_via_proto(step *out, void *k, void *buf, bool abort);

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
    rt_via_proto(&s, s.k, buf, n == abort_at);
  }
  printf(" <end>\n%s: %d yields, sum %lld, live blocks %ld\n", name, n, sum, rt_live_blocks());
}

int main(void) {
  _Alignas(8) unsigned char buf[16];
  step s;
  rt_fresh_buffer(buf, sizeof buf);
  rt_call_chain50(&s, buf, 1);
  drive("chain50", s, buf, 0);
  printf("allocs=%ld deallocs=%ld\n", rt_allocs, rt_deallocs);
  rt_fresh_buffer(buf, sizeof buf);
  rt_call_chain50(&s, buf, -12345);
  drive("chain50/abort37", s, buf, 37);
  printf("allocs=%ld deallocs=%ld\n", rt_allocs, rt_deallocs);
  rt_fresh_buffer(buf, sizeof buf);
  rt_call_ticker(&s, buf, 50);
  drive("ticker", s, buf, 0);
  rt_fresh_buffer(buf, sizeof buf);
  rt_call_ticker(&s, buf, 50);
  drive("ticker/abort25", s, buf, 25);
  rt_fresh_buffer(buf, sizeof buf);
  rt_call_nest(&s, buf);
  drive("nest", s, buf, 0);
  rt_fresh_buffer(buf, sizeof buf);
  rt_call_nest(&s, buf);
  drive("nest/abort13", s, buf, 13);
  rt_report_counts("end");
  return 0;
}
