/* The same work as the lowered xorshift generator, written by hand as a C
 * iterator: its state in a caller-provided struct, a non-inlined next
 * function returning whether there is a value (as a continuation call
 * would not be inlined either).
 * Usage: xorshift_iter [N] (default 200000000). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct iter { uint64_t x, i, n; };
typedef struct { int more; uint64_t v; } next_t;

__attribute__((noinline)) static next_t iter_next(struct iter *it) {
  if (it->i >= it->n) return (next_t){0, 0};
  uint64_t x = it->x;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  it->x = x;
  it->i++;
  return (next_t){1, x * 2685821657736338717ULL};
}

int main(int argc, char **argv) {
  uint64_t n = argc > 1 ? strtoull(argv[1], NULL, 10) : 200000000;
  struct iter it = {88172645463325252ULL | 1, 0, n};
  uint64_t sum = 0, count = 0;
  for (next_t r = iter_next(&it); r.more; r = iter_next(&it)) {
    sum += r.v;
    count++;
  }
  printf("%llu values, sum %llu\n", (unsigned long long)count, (unsigned long long)sum);
  return 0;
}
