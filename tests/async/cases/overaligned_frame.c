/* overaligned_frame: one task, main_task(9) awaiting ov64(9), ov32(10). */
#include "async_rt.h"

extern const afp_t main_task_afp, ov64_afp, ov32_afp;
void task_done(void);

int main(void) {
  rt_report_size("main_task", &main_task_afp);
  rt_report_size("ov64", &ov64_afp);
  rt_report_size("ov32", &ov32_afp);
  printf("ov64 size multiple of 64: %s\n", ov64_afp.size % 64 ? "NO" : "yes");
  printf("ov32 size multiple of 32: %s\n", ov32_afp.size % 32 ? "NO" : "yes");
  void *ctx = rt_new_context(&main_task_afp, 16, NULL, (void *)task_done);
  ((int64_t *)ctx)[2] = 9;
  glue_run(afp_function(&main_task_afp), ctx);
  rt_run();
  return rt_finish();
}
