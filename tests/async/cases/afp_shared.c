/* afp_shared: start the root task, run the executor to completion. */
#include "async_rt.h"

extern const afp_t root_afp, shared_afp;
void task_done(void);

int main(void) {
  rt_report_size("root", &root_afp);
  rt_report_size("shared", &shared_afp);
  void *ctx = rt_new_context(&root_afp, 16, NULL, (void *)task_done);
  glue_run(afp_function(&root_afp), ctx);
  rt_run();
  return rt_finish();
}
