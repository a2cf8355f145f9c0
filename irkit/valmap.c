#include "irkit/valmap.h"

#include <stdlib.h>

#include "irkit/oom.h"

static size_t slot_of(const void *k, size_t cap) {
  uint64_t h = (uint64_t)(uintptr_t)k;
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  return (size_t)h & (cap - 1);
}

int crl_valmap_init(crl_valmap *m, size_t expected) {
  size_t cap = 16;
  while (cap < expected * 2) cap *= 2;
  m->keys = crl_calloc(cap, sizeof *m->keys);
  m->vals = crl_calloc(cap, sizeof *m->vals);
  m->cap = cap;
  m->n = 0;
  if (m->keys && m->vals) return 0;
  free(m->keys);
  free(m->vals);
  m->keys = NULL;
  m->vals = NULL;
  m->cap = 0;
  crl_oom_note();
  return -1;
}

void crl_valmap_free(crl_valmap *m) {
  free(m->keys);
  free(m->vals);
  m->keys = NULL;
  m->vals = NULL;
  m->cap = m->n = 0;
}

static int grow(crl_valmap *m) {
  crl_valmap bigger;
  if (crl_valmap_init(&bigger, m->cap) != 0) return -1;
  for (size_t i = 0; i < m->cap; i++)
    if (m->keys[i]) crl_valmap_put(&bigger, m->keys[i], m->vals[i]);
  crl_valmap_free(m);
  *m = bigger;
  return 0;
}

int crl_valmap_put(crl_valmap *m, const void *key, void *val) {
  if ((m->n + 1) * 2 > m->cap && grow(m) != 0) return -1;
  size_t i = slot_of(key, m->cap);
  while (m->keys[i] && m->keys[i] != key) i = (i + 1) & (m->cap - 1);
  if (!m->keys[i]) {
    m->keys[i] = key;
    m->n++;
  }
  m->vals[i] = val;
  return 0;
}

static size_t find(const crl_valmap *m, const void *key) {
  if (!m->cap) return SIZE_MAX;
  size_t i = slot_of(key, m->cap);
  while (m->keys[i]) {
    if (m->keys[i] == key) return i;
    i = (i + 1) & (m->cap - 1);
  }
  return SIZE_MAX;
}

void *crl_valmap_get(const crl_valmap *m, const void *key) {
  size_t i = find(m, key);
  return i == SIZE_MAX ? NULL : m->vals[i];
}

int crl_valmap_has(const crl_valmap *m, const void *key) {
  return find(m, key) != SIZE_MAX;
}
