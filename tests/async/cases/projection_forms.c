/* projection_forms: one task awaiting through six projection forms. */
#include <stdarg.h>

#include "async_rt.h"

extern const afp_t main_task_afp, svc_afp;
void task_done(void);

void *rt_same(void *p) { return p; }

/* The caller's context, field 0 of the callee's (variadic: nothing else
 * is passed). */
void *c_project_parent_va(void *callee, ...) { return *(void **)callee; }

int main(void) {
  rt_report_size("main_task", &main_task_afp);
  rt_report_size("svc", &svc_afp);
  void *ctx = rt_new_context(&main_task_afp, 16, NULL, (void *)task_done);
  ((int64_t *)ctx)[2] = 3;
  glue_run(afp_function(&main_task_afp), ctx);
  rt_run();
  return rt_finish();
}
