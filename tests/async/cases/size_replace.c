/* size_replace: the thunk's context size is g's; two tasks run through it. */
#include "async_rt.h"

extern const afp_t g_afp, g_thunk_afp;
void task_done(void);
void g_thunk(void);

int main(void) {
  rt_report_size("g", &g_afp);
  rt_report_size("g_thunk", &g_thunk_afp);
  printf("thunk size equals g size: %s\n",
         g_thunk_afp.size == g_afp.size ? "yes" : "NO");
  printf("thunk size larger than the header: %s\n",
         g_thunk_afp.size > 32 ? "yes" : "NO");
  printf("thunk relative pointer intact: %s\n",
         afp_function(&g_thunk_afp) == (void *)g_thunk ? "yes" : "NO");
  for (int64_t i = 1; i <= 2; i++) {
    void *ctx = rt_new_context(&g_thunk_afp, 16, NULL, (void *)task_done);
    ((int64_t *)ctx)[2] = i;
    glue_run(afp_function(&g_thunk_afp), ctx);
  }
  rt_run();
  return rt_finish();
}
