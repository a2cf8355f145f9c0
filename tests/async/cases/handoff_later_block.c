/* handoff_later_block: a continuation run at once by the call that hands
 * it over; finished tasks' contexts are kept, poisoned, until the end, so
 * a read of a freed context shows as 0xDD... and a write into one is
 * reported (the runtime of early_handoff). */
#include "async_rt.h"

extern const afp_t later_block_afp;
void task_done(void);

void rt_run_now(void *fn, void *ctx) { glue_run(fn, ctx); }

int64_t hd_mul(int64_t a, int64_t b) { return a * b; }

#define HD_MAX 16
static char *hd_freed[HD_MAX];
static int hd_nfreed;

/* The task is over: its context is poisoned, not released yet. */
void hd_task_done(void *ctx, int64_t v) {
  printf("task done %lld\n", (long long)v);
  rt_block *b = (rt_block *)((char *)ctx - sizeof(rt_block));
  if (b->magic != RT_MAGIC || hd_nfreed == HD_MAX) {
    rt_fail("task done with something not a live context");
    exit(3);
  }
  memset(ctx, 0xDD, (size_t)b->size);
  hd_freed[hd_nfreed++] = ctx;
}

/* Every poisoned context still poisoned, then really freed. */
static void hd_release(void) {
  for (int k = 0; k < hd_nfreed; k++) {
    char *p = hd_freed[k];
    rt_block *b = (rt_block *)(p - sizeof(rt_block));
    for (uint64_t i = 0; i < b->size; i++)
      if ((unsigned char)p[i] != 0xDD) {
        rt_fail("context written after its task finished");
        break;
      }
    rt_free(p);
  }
}

static void start(const char *name, const afp_t *a, int64_t arg) {
  rt_report_size(name, a);
  void *ctx = rt_new_context(a, 16, NULL, (void *)task_done);
  ((int64_t *)ctx)[2] = arg;
  glue_run(afp_function(a), ctx);
  rt_run();
}

int main(void) {
  start("later_block", &later_block_afp, 4);
  start("later_block", &later_block_afp, 7);
  hd_release();
  return rt_finish();
}
