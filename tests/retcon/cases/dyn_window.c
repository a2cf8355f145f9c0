#include "rt_driver.h"

struct win_out { void *k; int64_t sum, median; };
void window_start(void *buf, int64_t w, struct win_out *out);
void window_next(void *k, void *buf, int64_t v, bool stop, struct win_out *out);

int main(void) {
  _Alignas(8) unsigned char b1[32], b2[32];
  static const int64_t xs[] = {5, 1, 9, 3, 7, 2, 8, 6};
  struct win_out s1, s2;
  rt_fresh_buffer(b1, sizeof b1);
  rt_fresh_buffer(b2, sizeof b2);
  window_start(b1, 3, &s1);
  window_start(b2, 5, &s2);
  printf("two windows (3 and 5), heap blocks %ld\n", rt_live_blocks());
  for (int i = 0; i < 8; i++) {
    window_next(s1.k, b1, xs[i], false, &s1);
    window_next(s2.k, b2, xs[i] * 10, false, &s2);
    printf("in %lld: w3 sum=%lld median=%lld | w5 sum=%lld median=%lld | heap blocks %ld\n",
           (long long)xs[i], (long long)s1.sum, (long long)s1.median,
           (long long)s2.sum, (long long)s2.median, rt_live_blocks());
  }
  window_next(s1.k, b1, 0, true, &s1);
  printf("w3 stopped: %s, heap blocks %ld\n", s1.k ? "NOT NULL" : "null", rt_live_blocks());
  window_next(s2.k, b2, 0, true, &s2);
  printf("w5 stopped: %s, heap blocks %ld\n", s2.k ? "NOT NULL" : "null", rt_live_blocks());
  rt_report_balance("end");
  return 0;
}
