#include "rt_driver.h"

typedef struct { void *k; int32_t v; } step;
typedef step (*cont)(void *, bool);
typedef step (*ramp_fn)(void *, int32_t);

int32_t sum_odds(int32_t n, int32_t cap);
void *get_odds_ramp(void);
step odds(void *buf, int32_t n);

int main(void) {
  printf("sum_odds(10, 1000) = %d\n", sum_odds(10, 1000));
  printf("sum_odds(10, 20) = %d\n", sum_odds(10, 20));
  printf("sum_odds(0, 5) = %d\n", sum_odds(0, 5));
  ramp_fn r = (ramp_fn)get_odds_ramp();
  printf("prepared ramp is odds: %s\n", r == odds ? "yes" : "NO");
  _Alignas(8) unsigned char buf[16];
  rt_fresh_buffer(buf, sizeof buf);
  printf("through the pointer:");
  for (step s = r(buf, 4); s.k; s = ((cont)s.k)(buf, false))
    printf(" %d", s.v);
  printf("\n");
  rt_report_counts("end");
  return 0;
}
