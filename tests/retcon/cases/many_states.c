#include "rt_driver.h"

typedef struct { void *k; int64_t v; } step;
void rt_call_chain(step *out, void *buf, int64_t seed);
void rt_via_chain_proto(step *out, void *k, void *buf, bool abort);

/* The same recurrence in C, to check every yielded value. */
static int64_t expect[121];
static void model(int64_t seed) {
  int64_t c = seed, v[120];
  for (int k = 0; k < 120; k++) {
    expect[k] = c;
    v[k] = c * 31 + k;
    c = (c ^ v[k >= 3 ? k - 3 : k]) & 0xFFFFFFFFFFFFLL;
  }
  expect[120] = c;
}

static void run(int64_t seed, int abort_at) {
  _Alignas(8) unsigned char buf[32];
  int k = 0, bad = 0;
  model(seed);
  rt_fresh_buffer(buf, sizeof buf);
  step s;
  for (rt_call_chain(&s, buf, seed); s.k; k++) {
    if (s.v != expect[k]) bad++;
    if (k % 40 == 0) printf("suspend %d yields %lld\n", k, (long long)s.v);
    rt_via_chain_proto(&s, s.k, buf, k == abort_at);
  }
  printf("seed %lld: %d suspends, %d wrong values, expected final %lld\n",
         (long long)seed, k, bad, (long long)expect[abort_at < 0 ? 120 : abort_at]);
}

int main(void) {
  run(12345, -1);
  run(-7, 77);
  rt_report_balance("end");
  return 0;
}
