/* context_align_zero: start the root task, run the executor to
 * completion; the leaf's contexts are 8 bytes past a multiple of 32. */
#include "async_rt.h"

extern const afp_t root_afp, leaf_afp;
void task_done(void);

/* 8-aligned, never 16-aligned. */
void *alloc_off8(int64_t size) { return rt_alloc_at(size, 32, 8); }

int main(void) {
  rt_report_size("root", &root_afp);
  rt_report_size("leaf", &leaf_afp);
  void *ctx = rt_new_context(&root_afp, 16, NULL, (void *)task_done);
  glue_run(afp_function(&root_afp), ctx);
  rt_run();
  return rt_finish();
}
