/* Shared part of the seed drivers: the document's `print`, and a count of
 * live heap blocks. run_seeds.sh links every program with
 * -Wl,--wrap=malloc,--wrap=free, so the lowered coroutines' calls of
 * malloc/free come here; a frame that is never freed (or freed twice) shows
 * up as a non-zero count in the expected output. */
#ifndef SEED_DRIVER_H
#define SEED_DRIVER_H
#include <stddef.h>
#include <stdio.h>

static long seed_live_blocks;

void print(int n) { printf("%d\n", n); }

void *__real_malloc(size_t n);
void __real_free(void *p);
void *__wrap_malloc(size_t n) {
  void *p = __real_malloc(n);
  if (p) seed_live_blocks++;
  return p;
}
void __wrap_free(void *p) {
  if (p) seed_live_blocks--;
  __real_free(p);
}

static void seed_report_heap(void) {
  printf("live heap blocks: %ld\n", seed_live_blocks);
}
#endif
