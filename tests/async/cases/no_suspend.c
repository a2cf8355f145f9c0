/* no_suspend: the sizes of two functions without suspend points, read at
 * run time, and a run of each. */
#include "async_rt.h"

extern const afp_t plain_afp, enqueue_afp;
void task_done(void);
void task_done_void(void);

void rt_task_done_void(void *ctx) {
  printf("task done\n");
  rt_free(ctx);
}

int main(void) {
  printf("plain context size %u\n", plain_afp.size);
  printf("enqueue context size %u\n", enqueue_afp.size);
  void *ctx = rt_new_context(&plain_afp, 16, NULL, (void *)task_done);
  ((int64_t *)ctx)[2] = 9876543210;
  glue_run(afp_function(&plain_afp), ctx);
  ctx = rt_new_context(&enqueue_afp, 16, NULL, (void *)task_done_void);
  ((int64_t *)ctx)[2] = 5;
  glue_run(afp_function(&enqueue_afp), ctx);
  printf("executor starts\n");
  rt_run();
  return rt_finish();
}
