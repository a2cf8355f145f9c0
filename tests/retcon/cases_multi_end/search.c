#include "../cases/rt_driver.h"

typedef struct { void *k; int32_t v; } step;
typedef step (*cont)(void *, bool, bool);

step search(void *buf, int32_t *arr, int32_t n);

static void run(int32_t *arr, int32_t n, int32_t target, int abort_at) {
  _Alignas(8) unsigned char buf[32];
  int seen = 0;
  printf("search for %d, abort at yield %d\n", target, abort_at);
  rt_fresh_buffer(buf, sizeof buf);
  for (step s = search(buf, arr, n); s.k;) {
    seen++;
    printf("candidate %d\n", s.v);
    s = ((cont)s.k)(buf, seen == abort_at, s.v == target);
  }
  printf("saw %d candidates\n", seen);
}

int main(void) {
  int32_t arr[6] = {8, 6, 7, 5, 3, 9};
  run(arr, 6, 7, 0);
  run(arr, 6, 42, 0);
  run(arr, 6, 3, 2);
  run(arr, 1, 8, 1);
  rt_report_counts("end");
  return 0;
}
