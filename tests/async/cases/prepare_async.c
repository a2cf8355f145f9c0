/* prepare_async: one task, caller(3), started through glue_start_caller. */
#include "async_rt.h"

extern const afp_t caller_afp, worker_afp;
void task_done(void);
void glue_start_caller(void *ctx);

int main(void) {
  rt_report_size("caller", &caller_afp);
  rt_report_size("worker", &worker_afp);
  void *ctx = rt_new_context(&caller_afp, 16, NULL, (void *)task_done);
  ((int64_t *)ctx)[2] = 3;
  glue_start_caller(ctx);
  rt_run();
  return rt_finish();
}
