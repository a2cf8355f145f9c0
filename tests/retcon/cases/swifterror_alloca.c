#include "rt_driver.h"

/* Swift's calling convention: the error slot is a swift_error_result
 * parameter (after a swift_context one), passed in a register that comes
 * back with the callee's error. */
#define SWIFTCALL __attribute__((swiftcall))
#define CTX __attribute__((swift_context))
#define ERR __attribute__((swift_error_result))

typedef struct { void *k; int64_t v; } step;
typedef struct { void *k; int64_t *cell; } access;
typedef SWIFTCALL step (*scan_cont)(void *, bool);
typedef SWIFTCALL int64_t (*probe_cont)(void *, bool);

SWIFTCALL step scan(void *buf, int64_t n);
SWIFTCALL access probe(void *buf, int64_t *cell);

/* Throws (sets the error) for multiples of 3; the error it sets also
 * depends on the one already there, which must be what the caller had. */
SWIFTCALL void thrower(int64_t v, void *CTX ctx, void **ERR err) {
  (void)ctx;
  if (v % 3 == 0) *err = (void *)(intptr_t)((intptr_t)*err * 2 + v * 16 + 1);
}

static void run_scan(int64_t n, int abort_at) {
  _Alignas(8) unsigned char buf[16];
  rt_fresh_buffer(buf, sizeof buf);
  printf("scan(%lld), abort at %d\n", (long long)n, abort_at);
  step s = scan(buf, n);
  for (int k = 0; s.k; k++) {
    printf("yield error %lld\n", (long long)s.v);
    s = ((scan_cont)s.k)(buf, k == abort_at);
  }
  printf("scan done\n");
}

static void run_probe(int64_t old, int64_t new_value, bool abort) {
  _Alignas(8) unsigned char buf[16];
  rt_fresh_buffer(buf, sizeof buf);
  int64_t cell = old;
  access a = probe(buf, &cell);
  *a.cell = new_value;
  int64_t e = ((probe_cont)a.k)(buf, abort);
  printf("probe %lld -> %lld%s: error %lld\n", (long long)old, (long long)new_value,
         abort ? " (abort)" : "", (long long)e);
}

int main(void) {
  run_scan(8, -1);
  run_scan(8, 4);
  run_probe(3, 6, false);
  run_probe(3, 4, false);
  run_probe(1, 9, false);
  run_probe(3, 9, true);
  rt_report_balance("end");
  return 0;
}
