// driver of mismatch_async_180_O2.ll
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { int32_t rel; uint32_t size; } afp_t;
static void *afp_function(const afp_t *a) { return (void *)((const char *)&a->rel + a->rel); }
void glue_run(void *fn, void *ctx);
void glue_run_val(void *fn, void *ctx, long v);
void task_done(void);

static long g_lines;
static uint64_t g_ck = 1;
static int g_failed;
void trace(int tag, long v) {
  g_ck = g_ck * 6364136223846793005ull + (uint64_t)(tag ^ v);
  if (g_lines < 4000) { printf("t%d %ld\n", tag, v); ++g_lines; }
}
long mix(long a, long b) {
  uint64_t x = (uint64_t)a ^ ((uint64_t)b + 0x9e3779b97f4a7c15ull + ((uint64_t)a << 6) + ((uint64_t)a >> 2));
  return (long)x;
}
/* Contexts: 0xA5 inside, a 64-byte canary after the size asked for. */
#define CANARY 64
static long g_live, g_allocs;
void *fz_ctx_alloc(long size) {
  if (size <= 0 || size > (1 << 20)) { printf("BAD CONTEXT SIZE\n"); exit(3); }
  char *b = aligned_alloc(16, (size_t)(32 + size + CANARY + 15) & ~(size_t)15);
  ((long *)b)[0] = 0x43545854; ((long *)b)[1] = size;
  char *p = b + 32;
  memset(p, 0xA5, (size_t)size);
  memset(p + size, 0x5C, CANARY);
  ++g_live; ++g_allocs;
  return p;
}
void fz_ctx_free(void *q) {
  char *p = q, *b = p - 32;
  if (((long *)b)[0] != 0x43545854) { printf("BAD CONTEXT FREE\n"); exit(3); }
  long size = ((long *)b)[1];
  for (int i = 0; i < CANARY; i++)
    if ((unsigned char)p[size + i] != 0x5C) { printf("CANARY CORRUPTED\n"); g_failed = 1; break; }
  ((long *)b)[0] = 0;
  memset(p, 0xDD, (size_t)size);
  free(b);
  --g_live;
}
void touch(long *p, int tag) {
  trace(tag, *p);
  *p = mix(*p, tag);
}
void *fz_project_ext(void *callee) { return *(void **)callee; }
void *fz_project_self(void *ctx) { return ctx; }
void *fz_project_ext_va(void *callee, ...) { return *(void **)callee; }
void *fz_same(void *p) { return p; }
/* A continuation handed over before its suspend, run at once. */
void fz_run_now(void *fn, void *ctx) { glue_run(fn, ctx); }
/* The executor: FIFO. */
#define QN 65536
static struct { void *fn, *ctx; int kind; long v; long *p; } g_q[QN];
static unsigned g_head, g_tail;
static long g_steps;
static void push(void *fn, void *ctx, int kind, long v, long *p) {
  if (g_tail - g_head >= QN) { printf("QUEUE OVERFLOW\n"); exit(3); }
  unsigned i = g_tail++ % QN;
  g_q[i].fn = fn; g_q[i].ctx = ctx; g_q[i].kind = kind; g_q[i].v = v; g_q[i].p = p;
}
void fz_enqueue(void *fn, void *ctx) { push(fn, ctx, 0, 0, 0); }
void fz_enqueue_val(void *fn, void *ctx, long v) { push(fn, ctx, 1, v, 0); }
void fz_enqueue_poke(void *fn, void *ctx, long *p, long v) { push(fn, ctx, 2, v, p); }
static void run(void) {
  while (g_head != g_tail) {
    unsigned i = g_head++ % QN;
    ++g_steps;
    if (g_steps > 2000000) { printf("RUNAWAY\n"); exit(5); }
    if (g_q[i].kind == 2) *g_q[i].p = mix(g_q[i].v, g_steps & 7);
    if (g_q[i].kind == 1) glue_run_val(g_q[i].fn, g_q[i].ctx, mix(g_q[i].v, 99));
    else glue_run(g_q[i].fn, g_q[i].ctx);
  }
}
void fz_task_done(void *ctx, long v) {
  printf("task done %ld\n", v);
  fz_ctx_free(ctx);
}
static void *new_task(const afp_t *a, long a0, long a1, long *out) {
  char *c = fz_ctx_alloc((long)a->size);
  ((void **)c)[0] = 0;
  ((void **)c)[1] = (void *)task_done;
  ((long *)c)[2] = a0;
  ((long *)c)[3] = a1;
  ((void **)c)[4] = 0;
  ((void **)c)[5] = out;
  return c;
}

extern const afp_t f0_afp;
static long task_out[2];
int main(void) {
  task_out[0] = -1;
  { void *c = new_task(&f0_afp, 903500L, 23L, &task_out[0]);
    fz_enqueue(afp_function(&f0_afp), c); }
  task_out[1] = -1;
  { void *c = new_task(&f0_afp, 732790L, -21L, 0);
    fz_enqueue(afp_function(&f0_afp), c); }
  run();
  printf("task 0 out %ld\n", task_out[0]);
  printf("task 1 out %ld\n", task_out[1]);
  printf("end %llu contexts %ld live %ld steps %ld lines %ld\n", (unsigned long long)g_ck, g_allocs, g_live, g_steps, g_lines);
  return (g_live || g_failed) ? 6 : (int)(g_ck % 5u);
}
