/* await_loop: one task, looper(50). */
#include "async_rt.h"

extern const afp_t looper_afp, step_afp;
void task_done(void);

int main(void) {
  rt_report_size("looper", &looper_afp);
  rt_report_size("step", &step_afp);
  void *ctx = rt_new_context(&looper_afp, 16, NULL, (void *)task_done);
  ((int64_t *)ctx)[2] = 50;
  glue_run(afp_function(&looper_afp), ctx);
  rt_run();
  printf("executor ran %ld jobs\n", rt_steps);
  return rt_finish();
}
