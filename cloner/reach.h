/* Which blocks a split function runs, for ABIs with one split function per
 * suspend point (continuations): plain reachability from its entry blocks
 * that stops at given blocks (where the function returns). Each run costs
 * what it visits, not the whole coroutine, so that a coroutine with many
 * suspends is split in time linear in the code cloned. (crl_feasible_run,
 * which folds constant phis, looks at every block of the function on each
 * run: right for the few clones of the switched-resume ABI.) */
#ifndef CRL_CLONER_REACH_H
#define CRL_CLONER_REACH_H

#include <llvm-c/Core.h>

#include "cloner/feasible.h"
#include "irkit/valmap.h"

typedef struct crl_reach {
  crl_valmap index;   /* block -> its position in the function */
  /* `stops(bb, ctx)`: the split function ends in bb (its successors never
   * run from here). */
  int (*stops)(LLVMBasicBlockRef bb, void *ctx);
  void *ctx;
} crl_reach;

/* Numbers fn's blocks once for all runs. 0, or -1 out of memory. */
int crl_reach_init(crl_reach *r, LLVMValueRef fn,
                   int (*stops)(LLVMBasicBlockRef bb, void *ctx), void *ctx);
/* The blocks reachable from `entries`, in function order, as a crl_feasible
 * whose known phis are the `nknown` given ones (phis the split function
 * knows the value of on entry: they are not cloned, their uses get the
 * value). 0, or -1 out of memory. */
int crl_reach_run(crl_reach *r, const LLVMBasicBlockRef *entries, unsigned n,
                  const LLVMValueRef *known_phis, const LLVMValueRef *known_vals,
                  unsigned nknown, crl_feasible *out);
void crl_reach_free(crl_reach *r);

#endif
