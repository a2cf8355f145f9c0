/* Open-addressing hash map from LLVM object pointers (values, blocks) to
 * pointers or integers. Lookup only: never iterated to emit IR, so its
 * order cannot leak into the output. */
#ifndef CRL_IRKIT_VALMAP_H
#define CRL_IRKIT_VALMAP_H
#include <stddef.h>
#include <stdint.h>

typedef struct crl_valmap { const void **keys; void **vals; size_t cap, n; } crl_valmap;

int crl_valmap_init(crl_valmap *m, size_t expected);
void crl_valmap_free(crl_valmap *m);
int crl_valmap_put(crl_valmap *m, const void *key, void *val);
void *crl_valmap_get(const crl_valmap *m, const void *key); /* NULL if absent */
int crl_valmap_has(const crl_valmap *m, const void *key);
/* Integer payloads (dense ids): stored as id + 1 so 0 means absent. */
static inline int crl_valmap_put_id(crl_valmap *m, const void *k, uint32_t id) {
  return crl_valmap_put(m, k, (void *)(uintptr_t)((uintptr_t)id + 1));
}
static inline uint32_t crl_valmap_get_id(const crl_valmap *m, const void *k) {
  uintptr_t v = (uintptr_t)crl_valmap_get(m, k);
  return v ? (uint32_t)(v - 1) : UINT32_MAX;
}
#endif
