/* interleave: three tasks of different lengths on one FIFO executor. */
#include "async_rt.h"

extern const afp_t task_afp, tick_afp;
void task_done(void);

static void start(int64_t id, int64_t count) {
  void *ctx = rt_new_context(&task_afp, 16, NULL, (void *)task_done);
  ((int64_t *)ctx)[2] = id;
  ((int64_t *)ctx)[3] = count;
  glue_run(afp_function(&task_afp), ctx);
}

int main(void) {
  rt_report_size("task", &task_afp);
  rt_report_size("tick", &tick_afp);
  start(1, 3);
  start(2, 5);
  start(3, 2);
  printf("executor starts\n");
  rt_run();
  printf("executor ran %ld jobs\n", rt_steps);
  return rt_finish();
}
