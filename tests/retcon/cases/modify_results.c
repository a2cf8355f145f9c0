#include "rt_driver.h"

typedef struct { void *k; int64_t amount; } offer;
typedef struct { int64_t old, now; } outcome;
void rt_call_transfer(offer *out, void *buf, int64_t *from, int64_t *to, int64_t amount);
void rt_via_transfer_proto(outcome *out, void *k, void *buf, bool abort);

static int64_t a = 100, b = 5;

static void run(int64_t amount, bool abort) {
  _Alignas(8) unsigned char buf[32];
  rt_fresh_buffer(buf, sizeof buf);
  offer o;
  rt_call_transfer(&o, buf, &a, &b, amount);
  printf("offer %lld%s\n", (long long)o.amount, abort ? ", cancel" : "");
  outcome r;
  rt_via_transfer_proto(&r, o.k, buf, abort);
  printf("source %lld -> %lld; accounts a=%lld b=%lld\n", (long long)r.old,
         (long long)r.now, (long long)a, (long long)b);
}

int main(void) {
  run(30, false);
  run(50, true);
  run(80, false);
  run(70, false);
  rt_report_balance("end");
  return 0;
}
