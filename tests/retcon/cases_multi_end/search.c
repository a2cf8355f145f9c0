#include "../cases/rt_driver.h"

typedef struct { void *k; int32_t v; } step;
void rt_call_search(step *out, void *buf, int32_t *arr, int32_t n);
void rt_via_search_proto(step *out, void *k, void *buf, bool abort, bool found);

static void run(int32_t *arr, int32_t n, int32_t target, int abort_at) {
  _Alignas(8) unsigned char buf[32];
  int seen = 0;
  printf("search for %d, abort at yield %d\n", target, abort_at);
  rt_fresh_buffer(buf, sizeof buf);
  step s;
  for (rt_call_search(&s, buf, arr, n); s.k;) {
    seen++;
    printf("candidate %d\n", s.v);
    rt_via_search_proto(&s, s.k, buf, seen == abort_at, s.v == target);
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
