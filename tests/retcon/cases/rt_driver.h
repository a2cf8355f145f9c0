/* Shared support for the retcon case drivers (included by exactly one
 * translation unit per program, C or C++).
 *
 * - rt_alloc / rt_dealloc: the allocation functions the cases name in
 *   llvm.coro.id.retcon[.once]. They count calls, remember live blocks
 *   (a dealloc of something never allocated, or freed twice, prints
 *   "BAD DEALLOC" and exits 3), fill fresh memory with 0xA5 so a read of
 *   an unwritten frame field is visible, and log each request's size on
 *   stderr ("rt_alloc <size>"), which the runner does not compare: sizes
 *   are the lowering's business, counts and balance are not.
 * - rt_alloc32: the same with an i32 size parameter.
 * - note / note2: tracing hooks the IR calls: "  coro: <tag> <value>".
 * - rt_fresh_buffer: scribbles a buffer before handing it to a ramp.
 */
#ifndef RT_DRIVER_H
#define RT_DRIVER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RT_MAX_LIVE 256

static long rt_allocs, rt_deallocs;
static void *rt_live[RT_MAX_LIVE];
static size_t rt_live_size[RT_MAX_LIVE];

void *rt_alloc(uint64_t n) {
  void *p = malloc(n ? n : 1);
  int i;
  if (!p) {
    printf("OUT OF MEMORY\n");
    exit(3);
  }
  memset(p, 0xA5, n);
  for (i = 0; i < RT_MAX_LIVE; i++) {
    if (!rt_live[i]) {
      rt_live[i] = p;
      rt_live_size[i] = n;
      break;
    }
  }
  if (i == RT_MAX_LIVE) {
    printf("TOO MANY LIVE BLOCKS\n");
    exit(3);
  }
  rt_allocs++;
  fprintf(stderr, "rt_alloc %llu\n", (unsigned long long)n);
  return p;
}

void *rt_alloc32(uint32_t n) { return rt_alloc(n); }

void rt_dealloc(void *p) {
  int i;
  for (i = 0; i < RT_MAX_LIVE; i++) {
    if (rt_live[i] == p && p) {
      memset(p, 0xDD, rt_live_size[i]);
      rt_live[i] = 0;
      free(p);
      rt_deallocs++;
      return;
    }
  }
  printf("BAD DEALLOC\n");
  exit(3);
}

/* Blocks currently allocated and not yet freed. */
static long rt_live_blocks(void) { return rt_allocs - rt_deallocs; }

static void rt_report_counts(const char *when) {
  printf("[%s] allocs=%ld deallocs=%ld\n", when, rt_allocs, rt_deallocs);
}

static void rt_report_balance(const char *when) {
  printf("[%s] heap balanced: %s\n", when, rt_live_blocks() == 0 ? "yes" : "NO");
}

void note(const char *tag, int64_t v) { printf("  coro: %s %lld\n", tag, (long long)v); }
void note2(const char *tag, int64_t a, int64_t b) {
  printf("  coro: %s %lld %lld\n", tag, (long long)a, (long long)b);
}

static void rt_fresh_buffer(void *buf, size_t n) { memset(buf, 0x5A, n); }

#ifdef __cplusplus
}
#endif

#endif
