#include "rt_driver.h"

typedef struct { void *k; void *p; } step;
void rt_call_dyn(step *out, void *buf, int64_t n);
void rt_via_dyn_proto(step *out, void *k, void *buf, bool abort);

static void run(int64_t n, int abort_at) {
  _Alignas(8) unsigned char buf[32];
  printf("dyn(%lld), abort at suspend %d\n", (long long)n, abort_at);
  rt_fresh_buffer(buf, sizeof buf);
  step s;
  rt_call_dyn(&s, buf, n);
  int32_t *a = (int32_t *)s.p;
  printf("suspend 1: live heap blocks %ld; ints:", rt_live_blocks());
  for (int64_t i = 0; i < n; i++)
    printf(" %d", a[i]);
  printf("\n");
  for (int64_t i = 0; i < n; i++)
    a[i] += 1;
  rt_via_dyn_proto(&s, s.k, buf, abort_at == 1);
  if (s.k) {
    int64_t *b = (int64_t *)s.p;
    printf("suspend 2: live heap blocks %ld; longs:", rt_live_blocks());
    for (int64_t i = 0; i < n; i++)
      printf(" %lld", (long long)b[i]);
    printf("\n");
    b[0] = -5;
    rt_via_dyn_proto(&s, s.k, buf, abort_at == 2);
  }
  printf("finished: %s, live heap blocks %ld\n", s.k ? "NOT NULL" : "null continuation",
         rt_live_blocks());
}

int main(void) {
  run(5, 0);
  run(3, 1);
  run(4, 2);
  run(1, 0);
  rt_report_balance("end");
  return 0;
}
