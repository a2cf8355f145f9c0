/* multi_end: one task, main_task awaiting classify(0), (5), (12). */
#include "async_rt.h"

extern const afp_t main_task_afp, classify_afp;
void task_done(void);

int main(void) {
  rt_report_size("main_task", &main_task_afp);
  rt_report_size("classify", &classify_afp);
  void *ctx = rt_new_context(&main_task_afp, 16, NULL, (void *)task_done);
  glue_run(afp_function(&main_task_afp), ctx);
  rt_run();
  printf("executor ran %ld jobs\n", rt_steps);
  return rt_finish();
}
