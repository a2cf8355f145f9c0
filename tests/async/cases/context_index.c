/* context_index: two tasks f(3, 4) and f(10, -2). */
#include "async_rt.h"

extern const afp_t f_afp, g_afp;
void task_done(void);
void glue_start_f(void *fn, int64_t a, int64_t b, void *ctx);

int main(void) {
  rt_report_size("f", &f_afp);
  rt_report_size("g", &g_afp);
  void *c1 = rt_new_context(&f_afp, 16, NULL, (void *)task_done);
  glue_start_f(afp_function(&f_afp), 3, 4, c1);
  void *c2 = rt_new_context(&f_afp, 16, NULL, (void *)task_done);
  glue_start_f(afp_function(&f_afp), 10, -2, c2);
  rt_run();
  return rt_finish();
}
