#include "../cases/rt_driver.h"

typedef struct { void *k; int32_t v; } step;
typedef struct { void *k; int64_t v; } once_step;

void rt_call_ranged(step *out, void *buf, int32_t lo, int32_t hi);
void rt_via_ranged_proto(step *out, void *k, void *buf, bool abort);
void rt_call_decide_once(once_step *out, void *buf, int64_t x);
void rt_via_decide_proto(int64_t *out, void *k, void *buf, bool abort);

static void run(int32_t lo, int32_t hi, int abort_at) {
  _Alignas(8) unsigned char buf[16];
  long a0 = rt_allocs, d0 = rt_deallocs;
  int n = 0;
  printf("ranged(%d, %d), abort at yield %d:", lo, hi, abort_at);
  rt_fresh_buffer(buf, sizeof buf);
  step s;
  for (rt_call_ranged(&s, buf, lo, hi); s.k;) {
    n++;
    printf(" %d", s.v);
    rt_via_ranged_proto(&s, s.k, buf, n == abort_at);
  }
  printf("\n");
  if (n > 0)
    printf("allocs=%ld deallocs=%ld\n", rt_allocs - a0, rt_deallocs - d0);
  else
    printf("at most one allocation: %s, balanced: %s\n", rt_allocs - a0 <= 1 ? "yes" : "NO",
           rt_allocs - a0 == rt_deallocs - d0 ? "yes" : "NO");
}

int main(void) {
  run(3, 6, 0);
  run(14, 20, 3);
  run(5, 4, 0);
  run(-2, -2, 0);
  for (int i = 0; i < 2; i++) {
    _Alignas(8) unsigned char buf[16];
    rt_fresh_buffer(buf, sizeof buf);
    once_step s;
    rt_call_decide_once(&s, buf, 21 + i);
    int64_t r;
    rt_via_decide_proto(&r, s.k, buf, i == 1);
    printf("decide_once(%lld) yields %lld, %s: %lld\n", (long long)(21 + i), (long long)s.v,
           i == 1 ? "abandoned" : "accepted", (long long)r);
  }
  rt_report_balance("end");
  return 0;
}
