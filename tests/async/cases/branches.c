/* branches: one task, main_task awaiting sel(0) .. sel(5). */
#include "async_rt.h"

extern const afp_t main_task_afp, sel_afp, half_afp, third_afp;
void task_done(void);

int main(void) {
  rt_report_size("main_task", &main_task_afp);
  rt_report_size("sel", &sel_afp);
  rt_report_size("half", &half_afp);
  rt_report_size("third", &third_afp);
  void *ctx = rt_new_context(&main_task_afp, 16, NULL, (void *)task_done);
  glue_run(afp_function(&main_task_afp), ctx);
  rt_run();
  printf("executor ran %ld jobs\n", rt_steps);
  return rt_finish();
}
