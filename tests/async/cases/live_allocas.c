/* live_allocas: one task running worker(3); the executor stores into an
 * alloca of the suspended worker (rt_enqueue_poke). */
#include "async_rt.h"

extern const afp_t worker_afp, produce_afp;
void task_done(void);

int main(void) {
  rt_report_size("worker", &worker_afp);
  rt_report_size("produce", &produce_afp);
  void *ctx = rt_new_context(&worker_afp, 16, NULL, (void *)task_done);
  ((int64_t *)ctx)[2] = 3;
  glue_run(afp_function(&worker_afp), ctx);
  rt_run();
  return rt_finish();
}
