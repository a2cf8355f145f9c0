/* header_odd: one task awaiting h20(77) and h36(3). */
#include "async_rt.h"

extern const afp_t main_task_afp, h20_afp, h36_afp;
void task_done(void);

int main(void) {
  rt_report_size("main_task", &main_task_afp);
  rt_report_size("h20", &h20_afp);
  rt_report_size("h36", &h36_afp);
  printf("h20 size: multiple of 8 %s, above the header %s\n",
         h20_afp.size % 8 ? "NO" : "yes", h20_afp.size > 20 ? "yes" : "NO");
  printf("h36 size: multiple of 16 %s, above the header %s\n",
         h36_afp.size % 16 ? "NO" : "yes", h36_afp.size > 36 ? "yes" : "NO");
  void *ctx = rt_new_context(&main_task_afp, 16, NULL, (void *)task_done);
  glue_run(afp_function(&main_task_afp), ctx);
  rt_run();
  return rt_finish();
}
