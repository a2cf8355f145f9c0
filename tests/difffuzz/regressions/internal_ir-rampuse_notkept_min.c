// driver of internal_ir-rampuse_notkept_min.ll
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
static uint64_t g_ck = 1;
void trace(int tag, long v) {
  g_ck = g_ck * 6364136223846793005ull + (uint64_t)(tag ^ v);
  printf("t%d %ld\n", tag, v);
}
long mix(long a, long b) {
  uint64_t x = (uint64_t)a ^ ((uint64_t)b + 0x9e3779b97f4a7c15ull + ((uint64_t)a << 6) + ((uint64_t)a >> 2));
  return (long)x;
}
static long g_allocs;
void *drv_alloc(long n) { ++g_allocs; return malloc((size_t)n); }
void drv_free(void *p) { if (p) --g_allocs; free(p); }
int decide(void) { static int k; return (k++ % 3) != 0; }
void *f0(long a);
void drv_resume(void *h);
void drv_destroy(void *h);
int drv_done(void *h);
int main(void) {
  for (long a = 1; a <= 6; a++) {
    void *h = f0(a);
    for (int i = 0; i < (int)(a % 3) && !drv_done(h); i++) drv_resume(h);
    drv_destroy(h);
  }
  printf("end %llu allocs %ld\n", (unsigned long long)g_ck, g_allocs);
  return (int)(g_ck % 7u);
}
