/* What lowering may change, kept so that a refusal can put it back: a
 * coroutine corolower refuses, and every function around it, must print as
 * in the input, so the caller can hand the module to LLVM's passes.
 *
 * Each function lowering may change (a coroutine, or a function whose
 * coroutine intrinsics the module-level early lowering rewrites) is copied
 * before anything changes it: its body into a function of a scratch module
 * that refers to nothing of the user's module (every operand naming a
 * global, directly or inside a constant, is replaced there by poison and
 * remembered), so that the copy is invisible to every walk over a global's
 * uses; its attributes and properties, and the initializers of the
 * global variables its instructions name (an async function pointer's size
 * is written while lowering), beside it. Putting a function back moves the
 * copy's blocks, the original instructions' twins, into it. */
#ifndef CRL_PIPELINE_ROLLBACK_H
#define CRL_PIPELINE_ROLLBACK_H

#include <llvm-c/Core.h>

#include "irkit/valmap.h"

typedef struct crl_saved_fn crl_saved_fn;
typedef struct init_fix init_fix;

typedef struct crl_rollback {
  LLVMModuleRef mod;
  LLVMModuleRef scratch; /* holds the copies; same context */
  crl_saved_fn *fns;
  unsigned n, cap;
  crl_valmap index; /* function -> index in fns */
  /* The module's last function and global before anything was added. */
  LLVMValueRef last_fn, last_global;
  init_fix *inits; /* initializers as they were, in the order logged */
  unsigned ninits, capinits;
} crl_rollback;

/* Starts an empty rollback for m (watermarks taken now). 0, or -1 when
 * out of memory. */
int crl_rollback_init(crl_rollback *rb, LLVMModuleRef m);
/* Copies fn (a definition). 0, or -1 when out of memory: nothing is kept
 * for fn, and the caller must not change it. */
int crl_rollback_save(crl_rollback *rb, LLVMValueRef fn);
int crl_rollback_has(const crl_rollback *rb, LLVMValueRef fn);

/* Where the module's function and global lists end now: what lowering
 * adds after this point is what crl_rollback_discard removes. */
typedef struct crl_mark {
  LLVMValueRef last_fn, last_global;
  unsigned ninits;
} crl_mark;
crl_mark crl_rollback_mark(const crl_rollback *rb);
/* Logs the initializers of the global variables fn's saved body names, as
 * they are now: a coroutine's lowering may write them (the async function
 * pointer's context size), and only its own writes are undone. */
int crl_rollback_log_inits(crl_rollback *rb, LLVMValueRef fn);

/* A coroutine refused after its lowering began: drops fn's body (it is
 * put back by crl_rollback_undo_except, once the module-level steps that
 * must not see it are done) and what was added after `since`, and puts
 * back the initializers logged after it. */
void crl_rollback_discard(crl_rollback *rb, LLVMValueRef fn, crl_mark since);
/* Puts every saved function back and removes everything added since the
 * rollback began: the module as it was. */
void crl_rollback_undo_all(crl_rollback *rb);
/* Puts back every saved function not in `keep` (and not put back yet),
 * and removes what the module gained that nothing uses any more. */
void crl_rollback_undo_except(crl_rollback *rb, const crl_valmap *keep);
/* Fills *out (initialised here) with the saved functions not in `keep`:
 * those crl_rollback_undo_except will put back. Out of memory: noted. */
void crl_rollback_put_back_set(const crl_rollback *rb, const crl_valmap *keep,
                               crl_valmap *out);
void crl_rollback_free(crl_rollback *rb);

#endif
