/* async_rt.h: the executor and context allocator shared by the drivers of
 * tests/async/cases (each NAME.c includes it once).
 *
 * The IR side of every case follows one convention (see README.md):
 *   - an async function pointer is LLVM's <{ i32, i32 }>: a relative pointer
 *     to the function (field 0) and the context size (field 1), which the
 *     lowering patches; drivers read both AT RUN TIME through afp_t;
 *   - a context starts with a header the front end owns:
 *       +0 parent context, +8 resume function in the parent, +16.. arguments
 *     (the initial size given to llvm.coro.id.async); the frame follows.
 *     Every header field has an 8-byte slot whatever the pointer size, so
 *     the IR and these offsets hold on 32-bit targets too (rt_slot);
 *   - C cannot call swifttailcc functions, so every .ll defines ccc glue:
 *       void glue_run(void *fn, void *ctx)   calls fn(ctx) with ctx swiftasync
 *     and drivers start tasks and run continuations through it.
 *
 * Everything the drivers print on stdout is compared with NAME.expected, so
 * it must be the same for every correct lowering: context sizes (which
 * differ between lowerings) go to stderr lines starting with "size ".
 *
 * The allocator guards every context: a canary after the requested size
 * and a fill pattern inside it. A lowering that lays the frame out past the
 * size it patched into the async function pointer, or places it over the
 * header, shows up as "CANARY CORRUPTED" on stdout and a failing exit status.
 */
#ifndef ASYNC_RT_H
#define ASYNC_RT_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RT_UNUSED __attribute__((unused))

typedef struct {
  int32_t rel;   /* relative pointer to the function, from &rel */
  uint32_t size; /* context size, patched by the lowering */
} afp_t;

/* The function an async function pointer points to, through field 0. */
RT_UNUSED static void *afp_function(const afp_t *a) {
  return (void *)((const char *)&a->rel + a->rel);
}

/* Glue every .ll defines (ccc wrappers around swifttailcc calls). */
void glue_run(void *fn, void *ctx);

static int rt_failed;

/* Line-buffered stdout: what a crashing program printed is kept. */
__attribute__((constructor)) static void rt_init(void) {
  setvbuf(stdout, NULL, _IOLBF, 0);
}

RT_UNUSED static void rt_fail(const char *what) {
  printf("RUNTIME ERROR: %s\n", what);
  fflush(stdout);
  rt_failed = 1;
}

/* ---- context allocator ---------------------------------------------- */

#define RT_CANARY_BYTES 64
#define RT_MAGIC 0x43545854u /* "CTXT" */

typedef struct {
  uint32_t magic;
  uint32_t align;
  uint64_t size;
  void *base;
  uint64_t serial;
} rt_block;

static long rt_live, rt_allocs, rt_frees;
static uint64_t rt_serial;

/* A context of `size` bytes at an address that is `offset` bytes past a
 * multiple of `align` (offset: a multiple of 16 below align). */
RT_UNUSED static void *rt_alloc_at(int64_t size, int64_t align,
                                   int64_t offset) {
  if (size <= 0 || size > (1 << 20)) {
    rt_fail("context size out of range");
    exit(3);
  }
  if (align < 16) align = 16;
  uint64_t hdr = align > 64 ? (uint64_t)align : 64; /* room for rt_block */
  uint64_t total = hdr + (uint64_t)offset + (uint64_t)size + RT_CANARY_BYTES;
  total = (total + (uint64_t)align - 1) & ~((uint64_t)align - 1);
  char *base = aligned_alloc((size_t)align, (size_t)total);
  if (!base) {
    rt_fail("out of memory");
    exit(3);
  }
  char *p = base + hdr + offset;
  rt_block *b = (rt_block *)(p - sizeof(rt_block));
  b->magic = RT_MAGIC;
  b->align = (uint32_t)align;
  b->size = (uint64_t)size;
  b->base = base;
  b->serial = ++rt_serial;
  memset(p, 0xA5, (size_t)size);                  /* not zero: catch reads */
  memset(p + size, 0x5C, RT_CANARY_BYTES);        /* of unset frame slots */
  rt_live++;
  rt_allocs++;
  return p;
}

RT_UNUSED static void *rt_alloc_aligned(int64_t size, int64_t align) {
  return rt_alloc_at(size, align, 0);
}

void *rt_alloc(int64_t size) { return rt_alloc_aligned(size, 16); }

void rt_free(void *ptr) {
  char *p = ptr;
  rt_block *b = (rt_block *)(p - sizeof(rt_block));
  if (b->magic != RT_MAGIC) {
    rt_fail("rt_free of something not a live context");
    exit(3);
  }
  for (int i = 0; i < RT_CANARY_BYTES; i++)
    if ((unsigned char)p[b->size + (uint64_t)i] != 0x5C) {
      rt_fail("CANARY CORRUPTED: frame written past the patched size");
      break;
    }
  b->magic = 0;
  memset(p, 0xDD, (size_t)b->size);
  free(b->base);
  rt_live--;
  rt_frees++;
}

/* Header field i of a context: 8 bytes at +8*i (a pointer uses the first
 * 4 of its slot on 32-bit targets, as the IR's `load ptr` at +8*i does). */
RT_UNUSED static void **rt_slot(void *ctx, int i) {
  return (void **)((char *)ctx + 8 * i);
}

/* Allocate a context for the async function behind `a`, with the size read
 * from it now (at run time), and fill the header. */
RT_UNUSED static void *rt_new_context(const afp_t *a, int64_t align,
                                      void *parent, void *resume) {
  void *ctx = rt_alloc_aligned((int64_t)a->size, align);
  *rt_slot(ctx, 0) = parent;
  *rt_slot(ctx, 1) = resume;
  return ctx;
}

/* ---- executor --------------------------------------------------------- */

#define RT_QUEUE 4096

typedef struct {
  void *fn;
  void *ctx;
  int64_t *poke; /* if set, *poke = poke_val just before fn(ctx) runs */
  int64_t poke_val;
} rt_job;

static rt_job rt_queue[RT_QUEUE];
static unsigned rt_head, rt_tail;
static long rt_steps;

/* Called from IR: schedule fn(ctx) (fn is swifttailcc, ctx swiftasync). */
void rt_enqueue(void *fn, void *ctx) {
  if (rt_tail - rt_head >= RT_QUEUE) {
    rt_fail("executor queue overflow");
    exit(3);
  }
  rt_queue[rt_tail++ % RT_QUEUE] = (rt_job){fn, ctx, NULL, 0};
}

/* Called from IR: schedule fn(ctx), and store v to *p while the coroutine
 * is suspended (just before it is resumed): p must stay valid, e.g. an
 * alloca the lowering put in the frame. */
void rt_enqueue_poke(void *fn, void *ctx, int64_t *p, int64_t v) {
  rt_enqueue(fn, ctx);
  rt_queue[(rt_tail - 1) % RT_QUEUE].poke = p;
  rt_queue[(rt_tail - 1) % RT_QUEUE].poke_val = v;
}

/* Run jobs in FIFO order until none is left. */
RT_UNUSED static void rt_run(void) {
  while (rt_head != rt_tail) {
    rt_job j = rt_queue[rt_head++ % RT_QUEUE];
    rt_steps++;
    if (j.poke) *j.poke = j.poke_val;
    glue_run(j.fn, j.ctx);
  }
}

/* ---- tracing ------------------------------------------------------------ */

void rt_trace(const char *tag, int64_t v) {
  printf("%s %lld\n", tag, (long long)v);
}

void rt_trace_str(const char *s) { printf("%s\n", s); }

void rt_trace_f64(const char *tag, double v) { printf("%s %.6f\n", tag, v); }

/* Called from IR: report whether p is aligned to `align` bytes. */
void rt_check_align(const char *tag, void *p, int64_t align) {
  printf("%s aligned to %lld: %s\n", tag, (long long)align,
         ((uintptr_t)p % (uintptr_t)align) == 0 ? "yes" : "NO");
}

void *rt_alloc_aligned_ir(int64_t size, int64_t align) {
  return rt_alloc_aligned(size, align);
}

/* 16 bytes past a multiple of 64: aligned to 16, never to 32 or 64. */
void *rt_alloc_off16(int64_t size) { return rt_alloc_at(size, 64, 16); }

/* Called from IR when a task's entry function returns to its parent
 * (a task's root context has a null parent): free the root context. */
void rt_task_done(void *ctx, int64_t v) {
  printf("task done %lld\n", (long long)v);
  rt_free(ctx);
}

/* Print an async function pointer's size on stderr (not compared). */
RT_UNUSED static void rt_report_size(const char *name, const afp_t *a) {
  fprintf(stderr, "size %s %u\n", name, a->size);
}

/* End of every driver: no context leaked, no canary broken. */
RT_UNUSED static int rt_finish(void) {
  printf("contexts: %ld allocated, %ld live\n", rt_allocs, rt_live);
  if (rt_live != 0) rt_failed = 1;
  fflush(stdout);
  return rt_failed ? 1 : 0;
}

#endif
