/* Which blocks a clone can run, given what it knows on entry.
 *
 * A resume clone enters every suspend point with the suspend result 0, a
 * destroy clone with 1. Plain reachability from those points keeps the
 * whole body in every clone, because each suspend's landing phi merges the
 * known result with the -1 of a fresh suspend, and clang routes both through
 * switches on phis of constants (the cleanup-destination slots). A sparse
 * propagation over phis of integer constants, in the manner of SCCP but
 * restricted to phis and the branches and switches they decide, finds the
 * blocks that can actually run: a destroy clone keeps only cleanup code. */
#ifndef CRL_CLONER_FEASIBLE_H
#define CRL_CLONER_FEASIBLE_H

#include <llvm-c/Core.h>

typedef struct crl_feasible_seed {
  LLVMBasicBlockRef block; /* executes on entry */
  LLVMValueRef phi;        /* may be NULL: a phi of `block` ... */
  LLVMValueRef value;      /* ... that also receives this constant there */
} crl_feasible_seed;

typedef struct crl_feasible {
  LLVMBasicBlockRef *blocks; /* blocks that can run, in function order */
  unsigned n;
  /* Phis of those blocks whose value the clone knows: const_phis[k]
   * holds const_vals[k] wherever it runs (here: one ConstantInt, in
   * function order; crl_reach_run: a value of the clone its caller gives).
   * The cloner does not clone them. */
  LLVMValueRef *const_phis, *const_vals;
  unsigned nconsts;
} crl_feasible;

/* `stops(bb)`, if not NULL, marks blocks whose successors never run from
 * here (the clone ends inside them). Returns 0, or -1 when out of memory. */
int crl_feasible_run(LLVMValueRef fn, const crl_feasible_seed *seeds,
                     unsigned nseeds, int (*stops)(LLVMBasicBlockRef bb),
                     crl_feasible *out);
void crl_feasible_free(crl_feasible *f);

#endif
