/* swift_afp: tasks through mutable and unnamed async function pointers,
 * their contexts sized from the pointers at run time. */
#include "async_rt.h"

extern afp_t leaf_afp, mid_afp, mid_thunk_afp;
void task_done(void);
void leaf(void);
void mid(void);
void mid_thunk(void);

static void start(const afp_t *a, int64_t arg) {
  void *ctx = rt_new_context(a, 16, NULL, (void *)task_done);
  ((int64_t *)ctx)[2] = arg;
  glue_run(afp_function(a), ctx);
}

int main(void) {
  rt_report_size("leaf", &leaf_afp);
  rt_report_size("mid", &mid_afp);
  rt_report_size("mid_thunk", &mid_thunk_afp);
  printf("sizes past the header: %s\n",
         leaf_afp.size > 32 && mid_afp.size > 32 ? "yes" : "NO");
  printf("thunk size equals mid size: %s\n", mid_thunk_afp.size == mid_afp.size ? "yes" : "NO");
  printf("relative pointers intact: %s\n",
         afp_function(&leaf_afp) == (void *)leaf && afp_function(&mid_afp) == (void *)mid &&
                 afp_function(&mid_thunk_afp) == (void *)mid_thunk
             ? "yes"
             : "NO");
  start(&mid_afp, 5);
  start(&mid_thunk_afp, 9);
  start(&leaf_afp, 40);
  rt_run();
  return rt_finish();
}
