// driver of sanitizer_ir-handoff_1_ir.ll
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
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
void __asan_poison_memory_region(void const volatile *addr, size_t size);
#define POISON(p, n) __asan_poison_memory_region((p), (n))
#endif
#endif
#ifndef POISON
#define POISON(p, n) ((void)0)
#endif
static char *g_quar[1 << 16];
static int g_nquar;
void *drv_alloc(long n) {
  ++g_allocs;
  char *p = malloc((size_t)n + 16);
  if (!p) abort();
  memcpy(p, &n, sizeof n);
  return p + 16;
}
/* A freed frame is filled with 0xAB and kept: a read of it after the
 * coroutine ended gives the poison, whatever malloc would do. */
void drv_free(void *q) {
  if (!q) return;
  --g_allocs;
  char *p = (char *)q - 16;
  long n;
  memcpy(&n, p, sizeof n);
  memset(q, 0xAB, (size_t)n);
  POISON(q, (size_t)n);
  if (g_nquar < (1 << 16)) g_quar[g_nquar++] = p;
}
static void *g_gone[1 << 14];
static int g_ngone;
void drv_gone(void *h) {
  if (g_ngone == (1 << 14)) { puts("gone overflow"); exit(3); }
  g_gone[g_ngone++] = h;
}
static int gone(void *h) {
  for (int i = g_ngone - 1; i >= 0; i--)
    if (g_gone[i] == h) return 1;
  return 0;
}
int drv_hand_decide(void) {
  static uint64_t s = 0x2545f4914f6cdd1dull;
  s ^= s << 13; s ^= s >> 7; s ^= s << 17;
  return (int)(s >> 62); /* 0 to 3 */
}
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
/* The executor: resumes the coroutine inline (as another thread might,
 * before the suspend that handed it over is even reached) and, one time in
 * two when that leaves it at its final suspend, destroys it there. */
static int g_hdepth;
void drv_execute(void *h) {
  if (g_hdepth >= 24) return; /* left suspended: drive() resumes it later */
  ++g_hdepth;
  drv_resume(h);
  if (!gone(h) && drv_done(h) && (drv_hand_decide() & 1)) {
    forget(h);
    drv_destroy(h);
  }
  --g_hdepth;
}
static void drive(void *h, int resumes) {
  if (gone(h)) { trace(7003, 0); return; }
  show(h);
  for (int i = 0; i < resumes && !drv_done(h); i++) {
    clobber(i);
    drv_resume(h);
    if (gone(h)) { trace(7003, i + 1); return; }
    show(h);
  }
  /* Never destroy at a suspend whose result is unused. */
  while (g_kind == 1 && !drv_done(h)) {
    drv_resume(h);
    if (gone(h)) { trace(7003, 99); return; }
    show(h);
  }
  forget(h);
  drv_destroy(h);
}

void *f0(long a);
__attribute__((noinline)) static void *start0(void) {
  return f0(214385L);
}
int main(void) {
  drive(start0(), 9);
  printf("end %llu allocs %ld lines %ld\n", (unsigned long long)g_ck, g_allocs, g_lines);
  return (int)(g_ck % 7u);
}
