/* Driver for distinct_save_suspend.ll. cond() follows a script ('1' true,
 * '0' false). An async operation either completes inline (it resumes the
 * coroutine before returning to it) or is left pending for the event loop,
 * which resumes it later. Whatever is pending at the end is destroyed. */
#include <stdbool.h>
#include "seed_driver.h"

void *g(void);
void resume_handle(void *h);
void destroy_handle(void *h);

static const char *script;
static int script_pos;
static void *pending;
static int inline_completions;
static int depth;

bool cond(void) {
  char c = script[script_pos] ? script[script_pos++] : '0';
  printf("cond -> %c\n", c);
  return c == '1';
}

static void async_op(int which, void *h) {
  printf("async_op%d (nesting %d)\n", which, depth);
  if (inline_completions > 0) {
    inline_completions--;
    printf("  completes inline: resume\n");
    depth++;
    resume_handle(h);
    depth--;
    printf("  back in async_op%d\n", which);
  } else {
    pending = h;
  }
}

void async_op1(void *h) { async_op(1, h); }
void async_op2(void *h) { async_op(2, h); }
void do_one(void) { printf("do_one\n"); }
void do_two(void) { printf("do_two\n"); }

static void run(const char *s, int inline_ops, int loop_rounds) {
  printf("== script %s, %d inline completions\n", s, inline_ops);
  script = s;
  script_pos = 0;
  pending = NULL;
  inline_completions = inline_ops;
  void *h = g();
  printf("g returned\n");
  for (int i = 0; i < loop_rounds && pending; i++) {
    void *p = pending;
    pending = NULL;
    printf("event loop: completion, resume\n");
    resume_handle(p);
  }
  if (pending != h) printf("pending handle is not g's!\n");
  printf("destroy\n");
  destroy_handle(pending);
  seed_report_heap();
}

int main(void) {
  run("1010", 0, 3);
  run("0110", 2, 1);
  return 0;
}
