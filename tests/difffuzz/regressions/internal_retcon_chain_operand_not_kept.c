#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long g_lines;
static uint64_t g_ck = 1;
void trace(int tag, long v) {
  g_ck = g_ck * 6364136223846793005ull + (uint64_t)(tag ^ v);
  if (g_lines < 4000) { printf("t%d %ld\n", tag, v); ++g_lines; }
}
long mix(long a, long b) {
  uint64_t x = (uint64_t)a ^ ((uint64_t)b + 0x9e3779b97f4a7c15ull + ((uint64_t)a << 6) + ((uint64_t)a >> 2));
  return (long)x;
}
#define MAXB 1024
static void *g_live[MAXB];
static long g_nalloc, g_nfree;
void *fz_alloc(long n) {
  if (n <= 0 || n > (1 << 20)) { printf("BAD ALLOC SIZE\n"); exit(3); }
  void *p = malloc((size_t)n);
  memset(p, 0xA5, (size_t)n);
  for (int i = 0; i < MAXB; i++) if (!g_live[i]) { g_live[i] = p; ++g_nalloc; return p; }
  printf("TOO MANY BLOCKS\n"); exit(3);
}
void *fz_alloc32(int n) { return fz_alloc(n); }
void fz_dealloc(void *p) {
  for (int i = 0; i < MAXB; i++) if (p && g_live[i] == p) { g_live[i] = 0; ++g_nfree; free(p); return; }
  printf("BAD DEALLOC\n"); exit(3);
}
static long live_blocks(void) { return g_nalloc - g_nfree; }
/* An alloca inside lifetime markers: the driver rewrites it. */
void touch(long *p, int tag) {
  trace(tag, *p);
  *p = mix(*p, tag);
}
/* A yielded pointer: an i64 slot of the suspended coroutine. */
static void poke(int tag, long *p, long v) {
  trace(tag, *p);
  *p = mix(*p, v);
}

void c0_start(void *buf, long *out, long a, long n);
void c0_next(void *k, void *buf, long *out, int ab, long x0, long x1);
void c1_start(void *buf, long *out, long a, long n);
void c1_next(void *k, void *buf, long *out, int ab, long x0, long x1);
static _Alignas(16) unsigned char buf0[24];
static _Alignas(16) unsigned char buf1[24];
static _Alignas(16) unsigned char buf2[64];
static _Alignas(16) unsigned char buf3[64];
static long out[4][16];
static void *kk[4];
static int steps[4], done[4];
static void show0(void) {
  long *o = out[0];
  kk[0] = (void *)o[0];
  if (!kk[0]) { trace(8000, steps[0]); done[0] = 1; return; }
  poke(8100, (long *)o[1], 5 + steps[0]);
}
static void show1(void) {
  long *o = out[1];
  kk[1] = (void *)o[0];
  if (!kk[1]) { trace(8001, steps[1]); done[1] = 1; return; }
  poke(8101, (long *)o[1], 82 + steps[1]);
}
static void show2(void) {
  long *o = out[2];
  kk[2] = (void *)o[0];
  if (!kk[2]) { trace(8002, steps[2]); done[2] = 1; return; }
}
static void show3(void) {
  long *o = out[3];
  kk[3] = (void *)o[0];
  if (!kk[3]) { trace(8003, steps[3]); done[3] = 1; return; }
}
int main(void) {
  memset(buf0, 0x5A, sizeof buf0);
  c0_start(buf0, out[0], 1014550L, 5L);
  if (!out[0][0]) { puts("once: no continuation"); return 4; }
  show0();
  memset(buf1, 0x5A, sizeof buf1);
  c0_start(buf1, out[1], 1027564L, 3L);
  if (!out[1][0]) { puts("once: no continuation"); return 4; }
  show1();
  memset(buf2, 0x5A, sizeof buf2);
  c1_start(buf2, out[2], 884829L, 4L);
  if (!out[2][0]) { puts("once: no continuation"); return 4; }
  show2();
  memset(buf3, 0x5A, sizeof buf3);
  c1_start(buf3, out[3], 252276L, 4L);
  if (!out[3][0]) { puts("once: no continuation"); return 4; }
  show3();
  for (int more = 1; more;) {
    more = 0;
    if (!done[0]) {
      int ab = (steps[0] == 7 || steps[0] >= 60);
      long x0 = mix(1, steps[0]) & 0xffff, x1 = 1 - steps[0];
      c0_next(kk[0], buf0, out[0], ab, x0, x1);
      steps[0]++;
      trace(8300, out[0][0]); trace(8300, out[0][1]);
      trace(8400, ab);
      done[0] = 1;
      more = 1;
    }
    if (!done[1]) {
      int ab = (steps[1] == 8 || steps[1] >= 60);
      long x0 = mix(2, steps[1]) & 0xffff, x1 = 4 - steps[1];
      c0_next(kk[1], buf1, out[1], ab, x0, x1);
      steps[1]++;
      trace(8301, out[1][0]); trace(8301, out[1][1]);
      trace(8401, ab);
      done[1] = 1;
      more = 1;
    }
    if (!done[2]) {
      int ab = 0;
      long x0 = mix(3, steps[2]) & 0xffff, x1 = 7 - steps[2];
      c1_next(kk[2], buf2, out[2], ab, x0, x1);
      steps[2]++;
      trace(8302, out[2][0]);
      trace(8402, ab);
      done[2] = 1;
      more = 1;
    }
    if (!done[3]) {
      int ab = 0;
      long x0 = mix(4, steps[3]) & 0xffff, x1 = 10 - steps[3];
      c1_next(kk[3], buf3, out[3], ab, x0, x1);
      steps[3]++;
      trace(8303, out[3][0]);
      trace(8403, ab);
      done[3] = 1;
      more = 1;
    }
  }
  printf("end %llu live %ld lines %ld\n", (unsigned long long)g_ck, live_blocks(), g_lines);
  return live_blocks() ? 6 : (int)(g_ck % 5u);
}
