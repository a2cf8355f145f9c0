/* recursion: two tasks, fib(9) and fib(6). */
#include "async_rt.h"

extern const afp_t fib_afp;
void task_done(void);

int main(void) {
  rt_report_size("fib", &fib_afp);
  int64_t ns[2] = {9, 6};
  for (int i = 0; i < 2; i++) {
    void *ctx = rt_new_context(&fib_afp, 16, NULL, (void *)task_done);
    ((int64_t *)ctx)[2] = ns[i];
    glue_run(afp_function(&fib_afp), ctx);
  }
  rt_run();
  printf("executor ran %ld jobs\n", rt_steps);
  return rt_finish();
}
