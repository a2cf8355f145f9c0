/* --wrap'ed allocator: counts allocations while armed, fails the chosen
 * one, and tracks which blocks are still live (a fixed open-addressing
 * table: the tracker itself must not allocate). */
#include "tests/oom/fail_alloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void *__real_malloc(size_t n);
void *__real_calloc(size_t k, size_t n);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);

#define LIVE_CAP (1u << 20)
#define SITE_CAP (1u << 14)
static void *live[LIVE_CAP];
static size_t nlive;
static void *sites[SITE_CAP];
static size_t nsites;
static void *all_sites[SITE_CAP]; /* never reset: every run's */
static size_t nall;
static int armed, failed;
static unsigned long count, fail_at;

static size_t slot(const void *p, size_t cap) {
  return (size_t)(((uintptr_t)p >> 4) * 0x9e3779b97f4a7c15ull) & (cap - 1);
}

/* Deletion by backward shift keeps probing chains whole. */
static void live_del(void *p) {
  size_t i = slot(p, LIVE_CAP);
  while (live[i] && live[i] != p) i = (i + 1) & (LIVE_CAP - 1);
  if (!live[i]) return;
  live[i] = NULL;
  nlive--;
  for (size_t j = (i + 1) & (LIVE_CAP - 1); live[j]; j = (j + 1) & (LIVE_CAP - 1)) {
    void *q = live[j];
    live[j] = NULL;
    size_t k = slot(q, LIVE_CAP);
    while (live[k]) k = (k + 1) & (LIVE_CAP - 1);
    live[k] = q;
  }
}

static void live_add(void *p) {
  if (!p || nlive + 1 >= LIVE_CAP / 2) return;
  size_t i = slot(p, LIVE_CAP);
  while (live[i]) i = (i + 1) & (LIVE_CAP - 1);
  live[i] = p;
  nlive++;
}

static void add_to(void **set, size_t *n, void *ra) {
  if (*n + 1 >= SITE_CAP / 2) return;
  size_t i = slot(ra, SITE_CAP);
  while (set[i] && set[i] != ra) i = (i + 1) & (SITE_CAP - 1);
  if (!set[i]) {
    set[i] = ra;
    ++*n;
  }
}

static void site_add(void *ra) {
  add_to(sites, &nsites, ra);
  add_to(all_sites, &nall, ra);
}

/* Whether this allocation is the one to fail. */
static int fail_now(void *ra) {
  if (!armed) return 0;
  site_add(ra);
  if (++count != fail_at) return 0;
  failed = 1;
  return 1;
}

void *__wrap_malloc(size_t n) {
  if (fail_now(__builtin_return_address(0))) return NULL;
  void *p = __real_malloc(n);
  if (armed) live_add(p);
  return p;
}

void *__wrap_calloc(size_t k, size_t n) {
  if (fail_now(__builtin_return_address(0))) return NULL;
  void *p = __real_calloc(k, n);
  if (armed) live_add(p);
  return p;
}

void *__wrap_realloc(void *p, size_t n) {
  if (fail_now(__builtin_return_address(0))) return NULL;
  void *q = __real_realloc(p, n);
  if (q && armed) {
    if (p) live_del(p);
    live_add(q);
  }
  return q;
}

void __wrap_free(void *p) {
  if (p && nlive) live_del(p);
  __real_free(p);
}

void fa_arm(unsigned long nth) {
  memset(live, 0, sizeof live);
  memset(sites, 0, sizeof sites);
  nlive = nsites = 0;
  count = 0;
  fail_at = nth;
  failed = 0;
  armed = 1;
}

void fa_disarm(void) { armed = 0; }
unsigned long fa_count(void) { return count; }
int fa_failed(void) { return failed; }
size_t fa_live(void) { return nlive; }
size_t fa_sites(void) { return nsites; }
size_t fa_all_sites(void) { return nall; }
