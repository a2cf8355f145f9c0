/* chain3: one task, top -> mid -> bottom, bottom yields twice. */
#include "async_rt.h"

extern const afp_t top_afp, mid_afp, bottom_afp;
void task_done(void);

int main(void) {
  rt_report_size("top", &top_afp);
  rt_report_size("mid", &mid_afp);
  rt_report_size("bottom", &bottom_afp);
  void *ctx = rt_new_context(&top_afp, 16, NULL, (void *)task_done);
  ((int64_t *)ctx)[2] = 4; /* argument */
  glue_run(afp_function(&top_afp), ctx);
  printf("executor starts\n");
  rt_run();
  printf("executor ran %ld jobs\n", rt_steps);
  return rt_finish();
}
