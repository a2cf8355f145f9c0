/* context_alloc: the task allocator behind llvm.coro.async.context.alloc
 * (see context_alloc.ll for the contract): a per-task LIFO stack of
 * contexts, as Swift's task allocator is. */
#include "async_rt.h"

extern const afp_t parent_afp, child_afp, grandchild_afp;
void task_done(void);

typedef struct {
  uint32_t magic;
  int depth, max_depth;
  void *stack[16];
} task_t;

#define TASK_MAGIC 0x5441534bu

void *swift_task_alloc(task_t *task, size_t size) {
  if (!task || task->magic != TASK_MAGIC) {
    rt_fail("swift_task_alloc: not a task");
    exit(3);
  }
  if (size != child_afp.size && size != grandchild_afp.size)
    rt_fail("swift_task_alloc: size is not a callee's patched context size");
  if (task->depth == 16) {
    rt_fail("swift_task_alloc: too deep");
    exit(3);
  }
  void *p = rt_alloc((int64_t)size);
  task->stack[task->depth++] = p;
  if (task->depth > task->max_depth) task->max_depth = task->depth;
  return p;
}

static task_t the_task = {TASK_MAGIC, 0, 0, {0}};

void swift_task_dealloc(void *p) {
  if (the_task.depth == 0 || the_task.stack[the_task.depth - 1] != p) {
    rt_fail("swift_task_dealloc: not the last context allocated");
    exit(3);
  }
  the_task.depth--;
  rt_free(p);
}

int main(void) {
  rt_report_size("parent", &parent_afp);
  rt_report_size("child", &child_afp);
  rt_report_size("grandchild", &grandchild_afp);
  void *ctx = rt_new_context(&parent_afp, 16, NULL, (void *)task_done);
  *rt_slot(ctx, 2) = &the_task;
  ((int64_t *)ctx)[3] = 10;
  glue_run(afp_function(&parent_afp), ctx);
  rt_run();
  printf("task allocator: depth %d, max depth %d\n", the_task.depth,
         the_task.max_depth);
  return rt_finish();
}
