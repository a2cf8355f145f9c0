/* cc_tailcc: two tasks outer(5), outer(8) in the tailcc convention. */
#include "async_rt.h"

extern const afp_t outer_afp, inner_afp;
void task_done(void);

int main(void) {
  rt_report_size("outer", &outer_afp);
  rt_report_size("inner", &inner_afp);
  for (int64_t x = 5; x <= 8; x += 3) {
    void *ctx = rt_new_context(&outer_afp, 16, NULL, (void *)task_done);
    ((int64_t *)ctx)[2] = x;
    glue_run(afp_function(&outer_afp), ctx);
  }
  rt_run();
  return rt_finish();
}
