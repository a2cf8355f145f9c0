/* Throughput baseline: the same work as task_chain.cpp, written by hand in C.
 * Each task is a heap-allocated frame with an explicit state and a resume
 * function that returns the next frame to run; a trampoline loop plays the
 * part of symmetric transfer. Usage: task_chain_sm [D] (default 24). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct frame;
typedef struct frame *(*resume_fn)(struct frame *);

struct frame {
  resume_fn resume;
  struct frame *continuation; /* NULL: return to the trampoline's caller */
  uint64_t value;             /* the result, read by the parent */
  int state;                  /* 0 start, 1 awaiting a, 2 awaiting b, 3 done */
  int depth;
  uint64_t x, a;
  struct frame *child;
};

static uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return x;
}

static struct frame *tree_resume(struct frame *f);

static struct frame *tree_new(int depth, uint64_t x) {
  struct frame *f = malloc(sizeof *f);
  if (!f)
    abort();
  f->resume = tree_resume;
  f->continuation = NULL;
  f->state = 0;
  f->depth = depth;
  f->x = x;
  f->child = NULL;
  return f;
}

static struct frame *finish(struct frame *f, uint64_t v) {
  f->value = v;
  f->state = 3;
  return f->continuation; /* symmetric transfer back to the parent */
}

static struct frame *tree_resume(struct frame *f) {
  switch (f->state) {
  case 0:
    if (f->depth == 0)
      return finish(f, mix(f->x));
    f->child = tree_new(f->depth - 1, 2 * f->x);
    f->child->continuation = f;
    f->state = 1;
    return f->child;
  case 1:
    f->a = f->child->value;
    free(f->child);
    f->child = tree_new(f->depth - 1, 2 * f->x + 1);
    f->child->continuation = f;
    f->state = 2;
    return f->child;
  case 2: {
    uint64_t b = f->child->value;
    free(f->child);
    f->child = NULL;
    return finish(f, mix(f->a ^ (b + f->x)));
  }
  default:
    return NULL;
  }
}

int main(int argc, char **argv) {
  int depth = argc > 1 ? atoi(argv[1]) : 24;
  struct frame *root = tree_new(depth, 1);
  for (struct frame *cur = root; cur;)
    cur = cur->resume(cur);
  printf("depth=%d result=%016llx\n", depth, (unsigned long long)root->value);
  free(root);
  return 0;
}
