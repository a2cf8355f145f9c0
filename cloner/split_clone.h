/* One split function (a resume function, a continuation) cloned from the
 * rewritten coroutine: the blocks it can run, mapped onto its own frame
 * pointer, with what every ABI's clone needs (addresses of frame fields at
 * its entry, the frame's variables declared, the ramp's own returns and
 * non-unwind coro.end handled, debug info moved under its subprogram). The
 * ABI adds its entry (dispatch) and lowers the intrinsics it owns. */
#ifndef CRL_CLONER_SPLIT_CLONE_H
#define CRL_CLONER_SPLIT_CLONE_H

#include "cloner/clone.h"
#include "cloner/debug_info.h"
#include "cloner/feasible.h"
#include "coro/coro.h"

typedef struct crl_split_clone {
  crl_coro *c;
  LLVMValueRef fn, frame;   /* the clone, and its frame pointer there */
  LLVMValueRef frame_base;  /* the clone's c->frame_base, set by the ABI */
  LLVMBuilderRef entry_b;   /* positioned at the end of the clone's entry */
  LLVMBasicBlockRef entry;  /* empty until the ABI adds its dispatch */
  LLVMBasicBlockRef sink;   /* `unreachable`: successors the clone never takes */
  crl_valmap map;           /* coroutine value or block -> the clone's */
  crl_clone_opts o;
  crl_di di;
  int has_di;
  int reported; /* a value the clone needs was refused with a diagnostic */
} crl_split_clone;

/* Gives fn (no body yet) its entry and sink blocks; the ABI may then build
 * at x->entry_b what its frame pointer is (a load from a buffer, say). */
int crl_split_clone_init(crl_split_clone *x, crl_coro *c, LLVMValueRef fn);
/* Clones the blocks of `run` into the clone, with c->shape->begin mapped to
 * `frame`. 0, or -1 after a diagnostic. crl_split_clone_end must be called
 * after init whatever happens. */
int crl_split_clone_blocks(crl_split_clone *x, LLVMValueRef frame,
                           const crl_feasible *run);
/* A field's address at the clone's entry (NULL if it cannot be made). */
LLVMValueRef crl_split_clone_field_addr(crl_split_clone *x, uint32_t field);
/* Declares, at the entry, the variables whose allocas moved to the frame. */
void crl_split_clone_declare_frame_vars(crl_split_clone *x);
/* Simplifies the clone's CFG, moves its debug info, frees x. */
void crl_split_clone_finish(crl_split_clone *x);
void crl_split_clone_end(crl_split_clone *x);

/* Non-unwind coro.end in a clone: everything after it goes, and the clone
 * returns `ret` there (NULL: ret void). */
void crl_end_to_return(crl_coro *c, LLVMValueRef end, LLVMValueRef ret);
/* Whether a block holds a non-unwind coro.end (the clone ends inside it). */
int crl_block_ends_clone(LLVMBasicBlockRef bb);
/* The value of an intrinsic every ABI's split answers alike (coro.size,
 * coro.align, coro.is_in_ramp), or NULL for any other. */
LLVMValueRef crl_neutral_intrinsic_value(crl_coro *c, LLVMValueRef call,
                                         int in_ramp);

#endif
