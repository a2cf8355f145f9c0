#include "rt_driver.h"

typedef struct { void *k; int32_t v; } step;

void rt_call_sum_odds(int32_t *out, int32_t n, int32_t cap);
void *get_odds_ramp(void);
void odds(void);
void rt_via_odds(step *out, void *ramp, void *buf, int32_t n);
void rt_via_odds_proto(step *out, void *k, void *buf, bool abort);

int main(void) {
  static const int32_t args[3][2] = {{10, 1000}, {10, 20}, {0, 5}};
  for (int i = 0; i < 3; i++) {
    int32_t sum;
    rt_call_sum_odds(&sum, args[i][0], args[i][1]);
    printf("sum_odds(%d, %d) = %d\n", args[i][0], args[i][1], sum);
  }
  void *r = get_odds_ramp();
  printf("prepared ramp is odds: %s\n", r == (void *)odds ? "yes" : "NO");
  _Alignas(8) unsigned char buf[16];
  rt_fresh_buffer(buf, sizeof buf);
  printf("through the pointer:");
  step s;
  for (rt_via_odds(&s, r, buf, 4); s.k; rt_via_odds_proto(&s, s.k, buf, false))
    printf(" %d", s.v);
  printf("\n");
  rt_report_counts("end");
  return 0;
}
