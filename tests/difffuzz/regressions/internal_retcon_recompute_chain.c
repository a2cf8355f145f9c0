// driver of internal_retcon_recompute_chain.ll
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long g_live;
void trace(int tag, long v) { printf("t%d %ld\n", tag, v); }
void *fz_alloc(long n) { ++g_live; void *p = malloc((size_t)n); memset(p, 0xA5, (size_t)n); return p; }
void fz_dealloc(void *p) { --g_live; free(p); }
void *f(void *buf, long n);
void *f_next(void *k, void *buf, int ab);

int main(void) {
  static _Alignas(8) unsigned char b0[8], b1[8];
  long ns[2] = {123456789, -77};
  void *k0 = f(b0, ns[0]);
  void *k1 = f(b1, ns[1]);
  printf("k0 %s\n", k0 ? "suspended" : "done");
  k0 = f_next(k0, b0, 0);
  k1 = f_next(k1, b1, 1);
  printf("end %s %s live %ld\n", k0 ? "suspended" : "done", k1 ? "suspended" : "done", g_live);
  return g_live ? 6 : 0;
}
