/* end_forms: one task, main_task(6). */
#include "async_rt.h"

extern const afp_t main_task_afp, ret_two_afp, ret_traced_afp,
    ret_enqueue_afp, ret_plain_afp;
void task_done(void);

int main(void) {
  rt_report_size("main_task", &main_task_afp);
  rt_report_size("ret_two", &ret_two_afp);
  rt_report_size("ret_traced", &ret_traced_afp);
  rt_report_size("ret_enqueue", &ret_enqueue_afp);
  rt_report_size("ret_plain", &ret_plain_afp);
  void *ctx = rt_new_context(&main_task_afp, 16, NULL, (void *)task_done);
  ((int64_t *)ctx)[2] = 6;
  glue_run(afp_function(&main_task_afp), ctx);
  rt_run();
  printf("executor ran %ld jobs\n", rt_steps);
  return rt_finish();
}
