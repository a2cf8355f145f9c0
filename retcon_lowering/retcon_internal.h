/* The returned-continuation lowering's own state and the parts its files
 * share. One lowering serves both ABIs of the family: llvm.coro.id.retcon
 * (a coroutine that may suspend many times; every continuation returns the
 * next one, null when finished) and llvm.coro.id.retcon.once (exactly one
 * suspend; the continuation returns void or the coro.end.results values). */
#ifndef CRL_RETCON_INTERNAL_H
#define CRL_RETCON_INTERNAL_H

#include "coro/lowering.h"
#include "swifterror/swifterror.h"

typedef struct crl_retcon_susp {
  /* What the function returns at this suspend, built where it suspends
   * (the end of its pre block) with the continuation's slot left poison:
   * the yielded values. NULL when the coroutine returns only the
   * continuation pointer, or yields nothing (then: poison). */
  LLVMValueRef agg;
  LLVMValueRef fn; /* its continuation, NAME.resume.<index> */
  /* Where the suspend returns several values: a phi per value taken out of
   * the result with extractvalue (the continuation's parameter k + 1, used
   * as it is: a swifterror parameter may not go into an aggregate), or
   * NULL. The aggregate itself (sp->result) only for other uses. */
  LLVMValueRef *elem;
} crl_retcon_susp;

/* A coro.alloca.alloc, lowered to a call of the allocation function: it
 * stays one if its memory lives across a suspend, else becomes stack
 * memory (stacksave, alloca ... stackrestore). */
typedef struct crl_retcon_dyn {
  LLVMValueRef mem;      /* the allocation call */
  uint32_t align;
  char *name;            /* the token's name, or NULL */
  crl_vec frees;         /* the deallocation calls made for coro.alloca.free */
} crl_retcon_dyn;

typedef struct crl_retcon_state {
  int once;                     /* llvm.coro.id.retcon.once */
  uint64_t buf_size;            /* the caller's buffer, as the id states it */
  uint32_t buf_align;
  LLVMValueRef buffer;          /* the buffer in the ramp (id operand 2) */
  LLVMValueRef proto, alloc_fn, dealloc_fn;
  LLVMValueRef type_id;         /* typed frame allocation's type id, or NULL:
                                   the allocation function's second argument */
  LLVMTypeRef ret_t;            /* the ramp's (and a multi-suspend
                                   continuation's) return type */
  LLVMTypeRef cont_t;           /* where the continuation goes: ret_t, or
                                   its first element */
  unsigned num_yields;          /* the result sequence less the continuation */
  unsigned num_extra;           /* continuation parameters after the buffer */
  int inline_frame;             /* the frame fits the buffer */
  LLVMValueRef ramp_frame;      /* the frame's address in the ramp */
  crl_retcon_susp *susp;        /* per suspend point */
  crl_retcon_dyn *dyn;          /* per coro.alloca.alloc */
  unsigned num_dyn;
  unsigned swe_param;           /* the continuations' swifterror parameter
                                   (its index, never the buffer's), or 0 */
  crl_swifterror swe;           /* swifterror/swifterror.h */
  /* The shape's ends once normalize merged the fallthrough ones: the
   * unwind ends as they were, then at most one non-unwind end. */
  crl_vec ends;
} crl_retcon_state;

static inline crl_retcon_state *crl_retcon_of(crl_coro *c) {
  return (crl_retcon_state *)crl_abi_state(c, &crl_retcon_lowering);
}
static inline const crl_retcon_state *crl_retcon_view(const crl_coro *c) {
  return (const crl_retcon_state *)crl_abi_state(c, &crl_retcon_lowering);
}

/* retcon_validate.c: init's reading of the id, its prototype and its
 * functions into the state (a diagnostic on what cannot be read), then
 * the ABI's rules, which change nothing. */
int crl_retcon_read(crl_coro *c, crl_retcon_state *st);
int crl_retcon_validate(const crl_coro *c);
/* retcon_normalize.c: one non-unwind coro.end (the others branch to it),
 * nothing after it; coro.alloca.* become calls (retcon_dynalloca.c); and
 * each suspend's yielded values and result. */
int crl_retcon_normalize(crl_coro *c);
int crl_retcon_normalize_suspend(crl_coro *c, crl_suspend *sp);
/* retcon_dynalloca.c */
int crl_retcon_lower_dyn_allocas(crl_coro *c);
int crl_retcon_localize_dyn_allocas(crl_coro *c);
/* retcon_split.c: the continuations. */
int crl_retcon_split(crl_coro *c);
/* retcon_ramp.c: the ramp. */
int crl_retcon_finish_ramp(crl_coro *c);
/* retcon_exits.c: what a function of the split does where the coroutine
 * suspends (returns the continuation and the yielded values) and where it
 * ends (frees the frame if allocated; returns null, void or the results). */
void crl_retcon_return_at(crl_coro *c, LLVMBasicBlockRef pre, LLVMValueRef agg,
                          uint32_t susp, int in_continuation);
int crl_retcon_lower_in_fn(crl_coro *c, LLVMValueRef fn, int in_ramp,
                           LLVMValueRef frame);
/* The alignment the allocated frame's address has in the buffer: a
 * pointer's, unless the buffer is aligned less. */
static inline unsigned crl_retcon_slot_align(crl_coro *c) {
  unsigned pa = LLVMABIAlignmentOfType(c->td, c->ptr_t);
  unsigned ba = crl_retcon_of(c)->buf_align;
  return ba < pa ? ba : pa;
}
/* A call of the allocation function for `size` bytes (cast to its size
 * type), with the type id when the id has one, at the builder's position. */
LLVMValueRef crl_retcon_call_alloc(crl_coro *c, LLVMValueRef size, const char *name);
/* The deallocation call of the frame, before `at`. */
void crl_retcon_free_frame(crl_coro *c, LLVMValueRef frame, LLVMValueRef at);

/* Is element k of a suspend's result (the prototype's parameter k + 1)
 * swifterror? */
int crl_retcon_swifterror_elem(const crl_retcon_state *st, unsigned k);

#endif
