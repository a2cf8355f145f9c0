/* projection: one task, main_task(7). */
#include "async_rt.h"

extern const afp_t main_task_afp, svc_afp;
extern int64_t decoy[32];
void task_done(void);

/* The projection of await 4: the caller's context is field 3 (+24) of the
 * callee context. Counts its calls. */
static int c_projections;
void *c_project_field3(void *callee) {
  c_projections++;
  return *rt_slot(callee, 3);
}

int main(void) {
  rt_report_size("main_task", &main_task_afp);
  rt_report_size("svc", &svc_afp);
  for (int i = 0; i < 32; i++) decoy[i] = (int64_t)0x7eadbeef00000000ll + i;
  void *ctx = rt_new_context(&main_task_afp, 16, NULL, (void *)task_done);
  ((int64_t *)ctx)[2] = 7;
  glue_run(afp_function(&main_task_afp), ctx);
  rt_run();
  printf("C projection called %d time(s)\n", c_projections);
  return rt_finish();
}
