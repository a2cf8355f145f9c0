// driver of internal_ir-rampuse_1_ir.ll
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct B { long a, b, c; };
int g_kind;
static long g_allocs, g_lines;
static uint64_t g_ck = 1;
void trace(int tag, long v) {
  g_ck = g_ck * 6364136223846793005ull + (uint64_t)(tag ^ v);
  if (g_lines < 3000) { printf("t%d %ld\n", tag, v); ++g_lines; }
}
long mix(long a, long b) {
  uint64_t x = (uint64_t)a ^ ((uint64_t)b + 0x9e3779b97f4a7c15ull + ((uint64_t)a << 6) + ((uint64_t)a >> 2));
  return (long)x;
}
int drv_decide(void) {
  static uint64_t s = 88172645463325252ull;
  s ^= s << 13; s ^= s >> 7; s ^= s << 17;
  return (int)(s >> 62) != 0; /* suspend three times in four */
}
void *drv_alloc(long n) { ++g_allocs; return malloc((size_t)n); }
void drv_free(void *p) { if (p) --g_allocs; free(p); }
/* Addresses published per coroutine instance (handle, id). */
static struct { void *h; int id; void *p; void *first; } g_tab[4096];
static int g_ntab;
static int slot(void *h, int id) {
  for (int i = 0; i < g_ntab; i++)
    if (g_tab[i].h == h && g_tab[i].id == id) return i;
  if (g_ntab == 4096) { puts("table overflow"); exit(3); }
  g_tab[g_ntab].h = h; g_tab[g_ntab].id = id; g_tab[g_ntab].first = 0;
  return g_ntab++;
}
static void forget(void *h) {
  for (int i = 0; i < g_ntab; i++)
    if (g_tab[i].h == h) g_tab[i].h = 0;
}
void note_addr(void *h, int id, void *p) {
  int s = slot(h, id);
  if (!g_tab[s].first) g_tab[s].first = p;
  printf("addr %d %s\n", id, g_tab[s].first == p ? "same" : "moved");
}
void publish(void *h, int id, void *p) { g_tab[slot(h, id)].p = p; }
long peek(void *h, int id) { return *(long *)g_tab[slot(h, id)].p; }
void poke(void *h, int id, long v) { *(long *)g_tab[slot(h, id)].p += v; }
void drv_resume(void *h);
void drv_destroy(void *h);
int drv_done(void *h);
long drv_promise(void *h, int k);
/* Overwrites the stack below the caller, where a callee's byval copy was. */
__attribute__((noinline)) void clobber(long v) {
  volatile long junk[256];
  for (int i = 0; i < 256; i++) junk[i] = v * 31 + i;
  (void)junk[v & 255];
}
static void show(void *h) {
  if (!drv_done(h)) trace(7000, drv_promise(h, 0) ^ drv_promise(h, 1));
  else trace(7001, drv_promise(h, 0));
}
static void drive(void *h, int resumes) {
  show(h);
  for (int i = 0; i < resumes && !drv_done(h); i++) {
    clobber(i);
    drv_resume(h);
    show(h);
  }
  /* Never destroy at a suspend whose result is unused. */
  while (g_kind == 1 && !drv_done(h)) { drv_resume(h); show(h); }
  forget(h);
  drv_destroy(h);
}

void *f3(long a, struct B b);
__attribute__((noinline)) static void *start3(void) {
  struct B b = {790505910L, 727678236L, 730756983L};
  return f3(535384L, b);
}
int main(void) {
  drive(start3(), 8);
  printf("end %llu allocs %ld lines %ld\n", (unsigned long long)g_ck, g_allocs, g_lines);
  return (int)(g_ck % 7u);
}
