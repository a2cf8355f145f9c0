/* swiftself: two method calls on objects of a ring 1 -> 2 -> 3 -> 1. */
#include "async_rt.h"

extern const afp_t method_afp, next_obj_afp, weigh_afp;
void task_done(void);
void glue_run_self(void *fn, void *ctx, void *self);

typedef struct obj {
  int64_t id;
  struct obj *next;
} obj;

int main(void) {
  static obj o[3];
  for (int i = 0; i < 3; i++) {
    o[i].id = i + 1;
    o[i].next = &o[(i + 1) % 3];
  }
  rt_report_size("method", &method_afp);
  rt_report_size("next_obj", &next_obj_afp);
  rt_report_size("weigh", &weigh_afp);
  for (int i = 0; i < 2; i++) {
    void *ctx = rt_new_context(&method_afp, 16, NULL, (void *)task_done);
    glue_run_self(afp_function(&method_afp), ctx, &o[i * 2]);
  }
  rt_run();
  return rt_finish();
}
