/* live_values: one task, main_task(5) -> worker(5), which yields 3 times. */
#include "async_rt.h"

extern const afp_t main_task_afp, worker_afp;
void task_done(void);

int main(void) {
  rt_report_size("main_task", &main_task_afp);
  rt_report_size("worker", &worker_afp);
  void *ctx = rt_new_context(&main_task_afp, 16, NULL, (void *)task_done);
  ((int64_t *)ctx)[2] = 5;
  glue_run(afp_function(&main_task_afp), ctx);
  rt_run();
  return rt_finish();
}
