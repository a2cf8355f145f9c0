/* Promotion of allocas to SSA values (mem2reg), for the variables that
 * hold swifterror values (eliminate.c). */
#ifndef CRL_SWIFTERROR_PROMOTE_H
#define CRL_SWIFTERROR_PROMOTE_H

#include "core/dom.h"
#include "coro/coro.h"

/* A function's index CFG with dominators and frontiers, its blocks in
 * dominator-tree preorder (unreachable ones last); built once for all the
 * variables. */
typedef struct crl_fn_cfg {
  uint32_t n;
  LLVMBasicBlockRef *bb; /* id -> block, in function order */
  crl_valmap id;         /* block -> id */
  crl_cfg g;
  crl_domtree dt;
  crl_dfrontier df;
  uint32_t *order;
} crl_fn_cfg;

int crl_fn_cfg_build(crl_fn_cfg *f, LLVMValueRef fn);
void crl_fn_cfg_free(crl_fn_cfg *f);
/* Only plain loads and stores of its own type use alloca a. */
int crl_promotable(LLVMValueRef a);
/* Replaces a's loads with the values its stores put there (phis where
 * they meet) and erases a; the CFG must be the function's current one. */
int crl_promote_alloca(crl_coro *c, const crl_fn_cfg *f, LLVMValueRef a);

#endif
