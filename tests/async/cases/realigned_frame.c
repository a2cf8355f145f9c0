/* realigned_frame: one task; every context 16 bytes past a multiple of 64. */
#include "async_rt.h"

extern const afp_t main_task_afp, realign_afp;
void task_done(void);

int main(void) {
  rt_report_size("main_task", &main_task_afp);
  rt_report_size("realign", &realign_afp);
  void *ctx = rt_alloc_off16((int64_t)main_task_afp.size);
  *rt_slot(ctx, 0) = NULL;
  *rt_slot(ctx, 1) = (void *)task_done;
  glue_run(afp_function(&main_task_afp), ctx);
  rt_run();
  return rt_finish();
}
