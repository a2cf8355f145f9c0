#include "rt_driver.h"

typedef struct { void *k; int64_t v; } step;
void rt_call_ticker(step *out, void *buf, int64_t start, int64_t stride, int64_t len);
void rt_via_ticker_proto(step *out, void *k, void *buf, bool abort);

#define N 4

int main(void) {
  _Alignas(8) unsigned char bufs[N][24];
  step s[N];
  static const int64_t start[N] = {0, 100, -50, 1000};
  static const int64_t stride[N] = {1, 10, -7, 250};
  static const int64_t len[N] = {3, 6, 4, 5};
  int live = N, round = 0;

  for (int i = 0; i < N; i++) {
    rt_fresh_buffer(bufs[i], sizeof bufs[i]);
    rt_call_ticker(&s[i], bufs[i], start[i], stride[i], len[i]);
  }
  while (live) {
    printf("round %d:", round);
    for (int i = 0; i < N; i++)
      if (s[i].k) printf(" [%d]=%lld", i, (long long)s[i].v);
    printf("\n");
    for (int i = 0; i < N; i++) {
      if (!s[i].k) continue;
      /* Instance 3 is stopped in round 2. */
      rt_via_ticker_proto(&s[i], s[i].k, bufs[i], i == 3 && round == 2);
      if (!s[i].k) {
        printf("instance %d finished\n", i);
        live--;
      }
    }
    round++;
  }
  rt_report_balance("end");
  return 0;
}
