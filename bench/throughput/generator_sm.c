/* Throughput baseline: the same work as generator.cpp, written by hand as a
 * C state machine (a resumable struct with an explicit state field), behind
 * a non-inlined step function as a coroutine's resume would be.
 * Usage: generator_sm [N] (default 200000000). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct gen {
  int state; /* 0: start, 1: suspended at the yield, 2: done */
  uint64_t x, i, n, value;
};

__attribute__((noinline)) static void gen_resume(struct gen *g) {
  switch (g->state) {
  case 0:
    g->x |= 1;
    g->i = 0;
    break;
  case 1:
    ++g->i;
    break;
  default:
    return;
  }
  if (g->i >= g->n) {
    g->state = 2;
    return;
  }
  g->x ^= g->x >> 12;
  g->x ^= g->x << 25;
  g->x ^= g->x >> 27;
  g->value = g->x * 0x2545F4914F6CDD1DULL;
  g->state = 1;
}

int main(int argc, char **argv) {
  uint64_t n = argc > 1 ? strtoull(argv[1], NULL, 10) : 200000000;
  uint64_t sum = 0, count = 0;
  struct gen *g = malloc(sizeof *g);
  if (!g)
    return 1;
  g->state = 0;
  g->x = 0x9E3779B97F4A7C15ULL + (uint64_t)argc;
  g->n = n;
  for (;;) {
    gen_resume(g);
    if (g->state == 2)
      break;
    sum = (sum ^ g->value) * 31 + 7;
    ++count;
  }
  free(g);
  printf("count=%llu checksum=%016llx\n", (unsigned long long)count,
         (unsigned long long)sum);
  return 0;
}
