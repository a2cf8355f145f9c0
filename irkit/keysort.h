/* Sorting ids by a 64-bit key, ties by id: deterministic, and with no
 * static comparator context, so lowering may run on several threads. */
#ifndef CRL_IRKIT_KEYSORT_H
#define CRL_IRKIT_KEYSORT_H
#include <stdint.h>
#include <stdlib.h>

typedef struct crl_keyed { uint64_t key; uint32_t id; } crl_keyed;

static inline int crl_keyed_cmp(const void *a, const void *b) {
  const crl_keyed *x = a, *y = b;
  if (x->key != y->key) return x->key < y->key ? -1 : 1;
  return x->id < y->id ? -1 : x->id > y->id;
}

/* Sorts v[0..n) by (key, id) and writes the ids in that order to out. */
static inline void crl_keyed_sort(crl_keyed *v, uint32_t n, uint32_t *out) {
  qsort(v, n, sizeof *v, crl_keyed_cmp);
  for (uint32_t k = 0; k < n; k++) out[k] = v[k].id;
}
#endif
