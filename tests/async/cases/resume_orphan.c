/* resume_orphan: start the root task, run the executor to completion;
 * the leaf reports which of its pointers are null. */
#include "async_rt.h"

extern const afp_t root_afp, leaf_afp;
void task_done(void);

void report_ptr(const char *tag, const void *p) {
  printf("%s %s\n", tag, p ? "non-null" : "null");
}

int main(void) {
  rt_report_size("root", &root_afp);
  rt_report_size("leaf", &leaf_afp);
  void *ctx = rt_new_context(&root_afp, 16, NULL, (void *)task_done);
  glue_run(afp_function(&root_afp), ctx);
  rt_run();
  return rt_finish();
}
