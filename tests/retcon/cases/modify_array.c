#include "rt_driver.h"

struct rec { int32_t count, total; };
typedef struct { void *k; struct rec *p; } access;
typedef void (*cont)(void *, bool);
void rt_call_elem_modify(access *out, void *buf, struct rec *array, int64_t index);

static struct rec table[4] = {{1, 10}, {2, 20}, {3, 30}, {4, 40}};

static void dump(void) {
  printf("table:");
  for (int i = 0; i < 4; i++) printf(" (%d,%d)", table[i].count, table[i].total);
  printf("\n");
}

/* table[i].count += 1; table[i].total += add, through the accessor. */
static void bump(int64_t i, int32_t add, bool abort) {
  _Alignas(8) unsigned char buf[32];
  rt_fresh_buffer(buf, sizeof buf);
  access a;
  rt_call_elem_modify(&a, buf, table, i);
  printf("access %lld sees (%d,%d)\n", (long long)i, a.p->count, a.p->total);
  a.p->count += 1;
  a.p->total += add;
  ((cont)a.k)(buf, abort);
}

int main(void) {
  dump();
  bump(0, 5, false);
  bump(2, 100, false);
  bump(1, 7, true);
  bump(3, 2000, false);
  bump(0, 1, false);
  dump();
  rt_report_balance("end");
  return 0;
}
