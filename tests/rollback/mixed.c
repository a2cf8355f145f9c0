/* Driver of mixed.ll: runs both coroutines and prints what they yield. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { void *k; int64_t v; } step;
typedef step (*cont)(void *, _Bool);
step scaler(void *buf, int64_t base, int64_t mult, int32_t count);
int64_t drive_counter(int64_t start, int32_t n);

static long live;
void note(int32_t tag, int64_t v) { printf("note %d %lld\n", tag, (long long)v); }
void *rt_alloc(int64_t n) { live++; return malloc((size_t)n); }
void rt_dealloc(void *p) { live--; free(p); }

int main(void) {
  printf("counter %lld\n", (long long)drive_counter(5, 3));
  _Alignas(8) unsigned char buf[16];
  for (step s = scaler(buf, 1000, 3, 4); s.k; s = ((cont)s.k)(buf, 0))
    printf("yield %lld\n", (long long)s.v);
  printf("live %ld\n", live);
  return 0;
}
