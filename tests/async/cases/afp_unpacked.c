/* afp_unpacked: start the root task, its context sized by the unpacked
 * { i32, i32 } async function pointer (afp_t has the same layout). */
#include "async_rt.h"

extern const afp_t root_afp, leaf_afp;
void task_done(void);

int main(void) {
  rt_report_size("root", &root_afp);
  rt_report_size("leaf", &leaf_afp);
  void *ctx = rt_new_context(&root_afp, 16, NULL, (void *)task_done);
  glue_run(afp_function(&root_afp), ctx);
  rt_run();
  return rt_finish();
}
