/* Growable arrays of LLVM values and of basic blocks (a block is not a
 * value: LLVM-C converts between them, and so must we). Pushes return 0,
 * or -1 when out of memory (the array is unchanged). */
#ifndef CRL_IRKIT_VEC_H
#define CRL_IRKIT_VEC_H
#include <stdlib.h>
#include <llvm-c/Core.h>

#include "irkit/oom.h"

typedef struct crl_vec { LLVMValueRef *v; unsigned n, cap; } crl_vec;
typedef struct crl_bvec { LLVMBasicBlockRef *v; unsigned n, cap; } crl_bvec;

/* Room for one more element of `size` bytes in *items. */
static inline int crl_vec_grow_(void **items, unsigned n, unsigned *cap,
                                size_t size) {
  if (n < *cap) return 0;
  unsigned nc = *cap ? 2 * *cap : 8;
  void *v = crl_realloc(*items, nc * size);
  if (!v) {
    crl_oom_note();
    return -1;
  }
  *items = v;
  *cap = nc;
  return 0;
}

static inline int crl_vec_push(crl_vec *a, LLVMValueRef x) {
  void *items = a->v;
  if (crl_vec_grow_(&items, a->n, &a->cap, sizeof *a->v)) return -1;
  a->v = items;
  a->v[a->n++] = x;
  return 0;
}
static inline void crl_vec_free(crl_vec *a) { free(a->v); a->v = NULL; a->n = a->cap = 0; }

static inline int crl_bvec_push(crl_bvec *a, LLVMBasicBlockRef x) {
  void *items = a->v;
  if (crl_vec_grow_(&items, a->n, &a->cap, sizeof *a->v)) return -1;
  a->v = items;
  a->v[a->n++] = x;
  return 0;
}
static inline void crl_bvec_free(crl_bvec *a) { free(a->v); a->v = NULL; a->n = a->cap = 0; }
#endif
