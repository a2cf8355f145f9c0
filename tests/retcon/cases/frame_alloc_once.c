#include "rt_driver.h"

typedef struct { void *k; int64_t *scratch; } access;
typedef void (*finish_fn)(void *, bool);

void rt_call_record_modify(access *out, void *buf, int64_t *rec);

static void show(const int64_t *r) {
  printf("record:");
  for (int i = 0; i < 16; i++)
    printf(" %lld", (long long)r[i]);
  printf("\n");
}

int main(void) {
  _Alignas(8) unsigned char buf[16];
  int64_t rec[16];
  for (int i = 0; i < 16; i++)
    rec[i] = i * i;

  for (int round = 0; round < 3; round++) {
    bool abandon = round == 1;
    long a0 = rt_allocs, d0 = rt_deallocs;
    printf("round %d (%s)\n", round, abandon ? "abandon" : "commit");
    int64_t before = rec[0];
    rt_fresh_buffer(buf, sizeof buf);
    access a;
    rt_call_record_modify(&a, buf, rec);
    printf("scratch is a copy: %s; live blocks while suspended: %ld\n",
           a.scratch != rec && a.scratch[3] == rec[3] ? "yes" : "NO", rt_allocs - a0 - (rt_deallocs - d0));
    for (int i = 0; i < 16; i++)
      a.scratch[i] += 100 * (round + 1);
    printf("record untouched while suspended: %s\n", rec[0] == before ? "yes" : "NO");
    ((finish_fn)a.k)(buf, abandon);
    printf("allocs=%ld deallocs=%ld\n", rt_allocs - a0, rt_deallocs - d0);
    show(rec);
  }
  rt_report_balance("end");
  return 0;
}
