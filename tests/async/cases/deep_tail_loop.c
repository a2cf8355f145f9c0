/* deep_tail_loop: looper(100000) on a thread with a 256 KiB stack
 * (ASYNC_STACK_KB overrides it, for the control in notail_control.sh). */
#include <pthread.h>

#include "async_rt.h"

extern const afp_t looper_afp, echo_afp;
void task_done(void);

static uintptr_t sp_min = UINTPTR_MAX, sp_max;
static long probes;

void rt_probe_stack(void) {
  volatile char here;
  uintptr_t sp = (uintptr_t)&here;
  if (sp < sp_min) sp_min = sp;
  if (sp > sp_max) sp_max = sp;
  probes++;
}

static void *run(void *arg) {
  (void)arg;
  void *ctx = rt_new_context(&looper_afp, 16, NULL, (void *)task_done);
  ((int64_t *)ctx)[2] = 100000;
  glue_run(afp_function(&looper_afp), ctx);
  rt_run();
  return NULL;
}

int main(void) {
  rt_report_size("looper", &looper_afp);
  rt_report_size("echo", &echo_afp);
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  size_t kb = 256;
  const char *env = getenv("ASYNC_STACK_KB");
  if (env && atol(env) > 0) kb = (size_t)atol(env);
  if (pthread_attr_setstacksize(&attr, kb * 1024) != 0) {
    printf("cannot set the stack size\n");
    return 1;
  }
  pthread_t t;
  if (pthread_create(&t, &attr, run, NULL) != 0) {
    printf("cannot create the thread\n");
    return 1;
  }
  pthread_join(t, NULL);
  printf("probes %ld\n", probes);
  printf("stack moved less than 4 KiB: %s\n",
         sp_max - sp_min < 4096 ? "yes" : "NO");
  fprintf(stderr, "stack spread %lu bytes\n", (unsigned long)(sp_max - sp_min));
  return rt_finish();
}
