#include "rt_driver.h"

typedef struct { void *k; int32_t *cell; } access;
typedef struct { void *k; int64_t preview; } txn_step;
typedef struct { int64_t value; int32_t status; } txn_result;

void rt_call_checked_write(access *out, void *buf, int32_t *cell, int32_t limit);
void rt_via_checked_proto(int32_t *out, void *k, void *buf, bool abort);
void rt_call_txn(txn_step *out, void *buf, int64_t start);
void rt_via_txn_proto(txn_result *out, void *k, void *buf, bool abort);

int main(void) {
  _Alignas(8) unsigned char buf[32];
  int32_t cell = 7;
  int32_t writes[4] = {12, 250, -3, 99};
  for (int i = 0; i < 4; i++) {
    rt_fresh_buffer(buf, sizeof buf);
    access a;
    rt_call_checked_write(&a, buf, &cell, 100);
    *a.cell = writes[i];
    int32_t r;
    rt_via_checked_proto(&r, a.k, buf, i == 3);
    printf("write %d (%s): result %d, cell %d\n", writes[i], i == 3 ? "abandoned" : "normal", r,
           cell);
  }
  for (int i = 0; i < 3; i++) {
    int64_t start = 1000 * (i + 1) + i;
    rt_fresh_buffer(buf, sizeof buf);
    txn_step s;
    rt_call_txn(&s, buf, start);
    printf("txn(%lld): preview %lld\n", (long long)start, (long long)s.preview);
    txn_result r;
    rt_via_txn_proto(&r, s.k, buf, i == 1);
    printf("txn(%lld): value %lld status %d\n", (long long)start, (long long)r.value, r.status);
  }
  rt_report_counts("end");
  return 0;
}
