/* Await throughput: run @looper(n) through a FIFO executor and report
 * awaits per second (stdout: "awaits N seconds S rate R sum X"). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef struct { int32_t rel; uint32_t size; } afp_t;
extern const afp_t looper_afp, echo_afp;
void glue_run(void *fn, void *ctx);
void task_done(void);

static void *q_fn[64], *q_ctx[64];
static unsigned head, tail;
static int64_t result = -1;

void rt_enqueue(void *fn, void *ctx) {
  q_fn[tail % 64] = fn;
  q_ctx[tail % 64] = ctx;
  tail++;
}

void rt_done(int64_t v) { result = v; }

static void *fn_of(const afp_t *a) { return (void *)((const char *)&a->rel + a->rel); }

int main(int argc, char **argv) {
  int64_t n = argc > 1 ? atoll(argv[1]) : 10000000;
  char *ctx = aligned_alloc(16, (looper_afp.size + 15) & ~15u);
  char *child = aligned_alloc(16, (echo_afp.size + 15) & ~15u);
  ((void **)ctx)[0] = NULL;
  ((void **)ctx)[1] = (void *)task_done;
  ((int64_t *)ctx)[2] = n;
  ((void **)ctx)[3] = child;
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  glue_run(fn_of(&looper_afp), ctx);
  while (head != tail) {
    unsigned k = head++ % 64;
    glue_run(q_fn[k], q_ctx[k]);
  }
  clock_gettime(CLOCK_MONOTONIC, &b);
  double s = (double)(b.tv_sec - a.tv_sec) + 1e-9 * (double)(b.tv_nsec - a.tv_nsec);
  int64_t want = n * (n + 1) / 2;
  printf("awaits %lld seconds %.4f rate %.0f sum %lld\n", (long long)n, s, (double)n / s,
         (long long)result);
  free(ctx);
  free(child);
  return result == want ? 0 : 1;
}
