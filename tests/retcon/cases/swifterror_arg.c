#include "rt_driver.h"

/* Swift's calling convention: the error slot is a swift_error_result
 * parameter (it must follow a swift_context one), passed in a register
 * (r12 on x86-64, x21 on AArch64) that comes back with the callee's error. */
#define SWIFTCALL __attribute__((swiftcall))
#define CTX __attribute__((swift_context))
#define ERR __attribute__((swift_error_result))

typedef struct { void *k; int64_t v; } step;
typedef struct { void *k; int64_t *cell; } access;
typedef SWIFTCALL step (*gen_cont)(void *, bool, void *CTX, void **ERR);
typedef SWIFTCALL void (*swap_cont)(void *, bool, void *CTX, void **ERR);
typedef SWIFTCALL step (*noslot_cont)(void *, bool);

SWIFTCALL step squares(void *buf, int64_t n, void *CTX ctx, void **ERR err);
SWIFTCALL access swap(void *buf, int64_t *cell, void *CTX ctx, void **ERR err);
SWIFTCALL step countdown(void *buf, int64_t n, void *CTX ctx, void **ERR err);

/* Throws (sets the error) for multiples of 3; the error it sets also
 * depends on the one already there, which must be what the caller had. */
SWIFTCALL void thrower(int64_t v, void *CTX ctx, void **ERR err) {
  (void)ctx;
  if (v % 3 == 0) *err = (void *)(intptr_t)((intptr_t)*err * 2 + v * 16 + 1);
}

static long E(void *e) { return (long)(intptr_t)e; }

static void run_squares(int64_t n, int abort_at) {
  _Alignas(8) unsigned char buf[16];
  rt_fresh_buffer(buf, sizeof buf);
  void *err = NULL;
  printf("squares(%lld), abort at %d\n", (long long)n, abort_at);
  step s = squares(buf, n, NULL, &err);
  for (int k = 0; s.k; k++) {
    printf("yield %lld, error %ld\n", (long long)s.v, E(err));
    /* The caller's slot going in: null, as Swift passes it, or a value
     * the coroutine must see as its pending error. */
    err = k == 1 ? (void *)(intptr_t)64 : NULL;
    s = ((gen_cont)s.k)(buf, k == abort_at, NULL, &err);
  }
  printf("done, error %ld\n", E(err));
}

static void run_swap(int64_t old, int64_t new_value, bool abort) {
  _Alignas(8) unsigned char buf[16];
  rt_fresh_buffer(buf, sizeof buf);
  int64_t cell = old;
  void *err = NULL;
  access a = swap(buf, &cell, NULL, &err);
  printf("swap %lld -> %lld%s: yields %s, error %ld\n", (long long)old, (long long)new_value,
         abort ? " (abort)" : "", a.cell == &cell ? "&cell" : "?", E(err));
  *a.cell = new_value;
  err = NULL;
  ((swap_cont)a.k)(buf, abort, NULL, &err);
  printf("cell %lld, error %ld\n", (long long)cell, E(err));
}

static void run_countdown(int64_t n) {
  _Alignas(8) unsigned char buf[16];
  rt_fresh_buffer(buf, sizeof buf);
  void *err = NULL;
  step s = countdown(buf, n, NULL, &err);
  printf("countdown(%lld) yields %lld, error %ld\n", (long long)n, (long long)s.v, E(err));
  while (s.k) {
    s = ((noslot_cont)s.k)(buf, false);
    if (s.k) printf("yields %lld\n", (long long)s.v);
  }
  printf("countdown done\n");
}

int main(void) {
  run_squares(5, -1);
  run_squares(6, 2);
  run_swap(4, 7, false);
  run_swap(4, 9, false);
  run_swap(6, 5, false);
  run_swap(4, 5, true);
  run_countdown(4);
  run_countdown(3);
  rt_report_balance("end");
  return 0;
}
