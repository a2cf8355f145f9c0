#include "rt_driver.h"

typedef struct { void *k; int64_t v; } step;

struct config { int32_t scale, offset; };

static int64_t tickets = 100;
int64_t next_ticket(void) {
  printf("next_ticket() = %lld\n", (long long)tickets);
  return tickets++;
}

void rt_call_early(step *out, void *buf, struct config *cfg, int32_t a, int64_t b);
void rt_via_proto(step *out, void *k, void *buf, bool abort);

int main(void) {
  _Alignas(8) unsigned char buf1[64], buf2[64];
  struct config c1 = {3, 30}, c2 = {-4, 40};
  rt_fresh_buffer(buf1, sizeof buf1);
  rt_fresh_buffer(buf2, sizeof buf2);
  step s1, s2;
  rt_call_early(&s1, buf1, &c1, 11, 1000);
  rt_call_early(&s2, buf2, &c2, -22, 2000);
  int n = 0;
  while (s1.k || s2.k) {
    n++;
    /* Change both configs while suspended: scale must not be re-read,
       offset is read through the pointer after the change. */
    c1.scale += 100; c1.offset += 1;
    c2.scale += 100; c2.offset += 1;
    if (s1.k) {
      printf("first yields %lld\n", (long long)s1.v);
      rt_via_proto(&s1, s1.k, buf1, false);
    }
    if (s2.k) {
      printf("second yields %lld\n", (long long)s2.v);
      rt_via_proto(&s2, s2.k, buf2, n == 2);
    }
  }
  printf("tickets handed out: %lld\n", (long long)(tickets - 100));
  rt_report_counts("end");
  return 0;
}
