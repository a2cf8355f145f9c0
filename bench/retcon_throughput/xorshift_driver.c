/* Drives the lowered xorshift generator (xorshift.ll) to completion:
 * every value comes back through a call of the continuation pointer, as a
 * returned-continuation coroutine's caller resumes it.
 * Usage: xorshift [N] (default 200000000). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { void *k; uint64_t v; } step;
typedef step (*cont)(void *, _Bool);
step xorshift(void *buf, uint64_t seed, uint64_t n);

int main(int argc, char **argv) {
  uint64_t n = argc > 1 ? strtoull(argv[1], NULL, 10) : 200000000;
  _Alignas(8) unsigned char buf[32];
  uint64_t sum = 0, count = 0;
  for (step s = xorshift(buf, 88172645463325252ULL, n); s.k; s = ((cont)s.k)(buf, 0)) {
    sum += s.v;
    count++;
  }
  printf("%llu values, sum %llu\n", (unsigned long long)count, (unsigned long long)sum);
  return 0;
}
