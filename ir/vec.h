/* A growable array of LLVM values (or any pointer). */
#ifndef CRL_IR_VEC_H
#define CRL_IR_VEC_H
#include <stdlib.h>
#include <llvm-c/Core.h>

typedef struct crl_vec { LLVMValueRef *v; unsigned n, cap; } crl_vec;

static inline int crl_vec_push(crl_vec *a, LLVMValueRef x) {
  if (a->n == a->cap) {
    unsigned cap = a->cap ? 2 * a->cap : 8;
    LLVMValueRef *v = realloc(a->v, cap * sizeof *v);
    if (!v) return -1;
    a->v = v;
    a->cap = cap;
  }
  a->v[a->n++] = x;
  return 0;
}
static inline void crl_vec_free(crl_vec *a) { free(a->v); a->v = NULL; a->n = a->cap = 0; }
#endif
