#include "rt_driver.h"

typedef struct { void *k; unsigned char *snap; } opened;
void rt_call_edit(opened *out, void *buf, unsigned char *block);
void edit_finish(void *k, void *buf, bool abort, int32_t *changed, bool *ok);

static unsigned char block[256];

static void session(int first, int count, bool abort) {
  _Alignas(8) unsigned char buf[8];
  long a0 = rt_allocs, d0 = rt_deallocs;
  rt_fresh_buffer(buf, sizeof buf);
  opened o;
  rt_call_edit(&o, buf, block);
  for (int i = first; i < first + count; i++) o.snap[i] ^= 0xFF;
  int32_t changed;
  bool ok;
  edit_finish(o.k, buf, abort, &changed, &ok);
  printf("edit [%d, %d)%s: changed %d, committed %s, block[%d]=%d\n", first,
         first + count, abort ? " aborted" : "", changed, ok ? "yes" : "no",
         first, block[first]);
  printf("allocations %ld, frees %ld\n", rt_allocs - a0, rt_deallocs - d0);
}

int main(void) {
  for (int i = 0; i < 256; i++) block[i] = (unsigned char)i;
  session(10, 5, false);
  session(20, 30, true);
  session(250, 6, false);
  rt_report_counts("end");
  return 0;
}
