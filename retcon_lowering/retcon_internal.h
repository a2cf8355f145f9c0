/* The returned-continuation lowering's own state and the parts its files
 * share. One lowering serves both ABIs of the family: llvm.coro.id.retcon
 * (a coroutine that may suspend many times; every continuation returns the
 * next one, null when finished) and llvm.coro.id.retcon.once (exactly one
 * suspend; the continuation returns void or the coro.end.results values). */
#ifndef CRL_RETCON_INTERNAL_H
#define CRL_RETCON_INTERNAL_H

#include "core/dom.h"
#include "coro/lowering.h"

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

/* A marker standing, until the split, for "the current function's
 * swifterror slot": `set` (ptr set(T value)) puts the value there and
 * yields the slot, `get` (T get()) reads it. Which slot depends on the
 * function of the split (retcon_swifterror_slots.c): markers of the
 * coroutine's swifterror argument use the slot its caller passed, those of
 * a swifterror alloca one of the function's own. */
typedef struct crl_retcon_swe_mark {
  LLVMValueRef fn;              /* the marker's declaration */
  LLVMTypeRef type;             /* the error value's type */
  uint8_t get, local;
} crl_retcon_swe_mark;

/* Swifterror state (retcon_swifterror*.c). */
typedef struct crl_retcon_swe {
  LLVMValueRef arg;             /* the coroutine's swifterror argument, or NULL */
  unsigned cont_param;          /* the continuations' swifterror parameter
                                   (its index, never the buffer's), or 0 */
  crl_retcon_swe_mark *marks;
  unsigned num_marks;
  LLVMValueRef *slot_tmpl;      /* detached swifterror allocas, one per type */
  unsigned num_tmpl;
} crl_retcon_swe;

typedef struct crl_retcon_state {
  int once;                     /* llvm.coro.id.retcon.once */
  uint64_t buf_size;            /* the caller's buffer, as the id states it */
  uint32_t buf_align;
  LLVMValueRef buffer;          /* the buffer in the ramp (id operand 2) */
  LLVMValueRef proto, alloc_fn, dealloc_fn;
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
  crl_retcon_swe swe;
} crl_retcon_state;

static inline crl_retcon_state *crl_retcon_of(crl_coro *c) {
  return (crl_retcon_state *)c->abi_state;
}

/* retcon_validate.c: the ABI's rules; reads the id into the state. */
int crl_retcon_validate(crl_coro *c);
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
/* The deallocation call of the frame, before `at`. */
void crl_retcon_free_frame(crl_coro *c, LLVMValueRef frame, LLVMValueRef at);

/* retcon_swifterror.c: the coroutine's swifterror argument, when used, and
 * its swifterror allocas become plain allocas holding the error value;
 * markers say where a function of the split hands that value to a
 * swifterror slot or takes it back. Runs before the suspends are split. */
int crl_retcon_eliminate_swifterror(crl_coro *c);
/* retcon_swifterror_slots.c: the marker of that kind and value type
 * (declared on first use), or NULL out of memory. */
LLVMValueRef crl_retcon_swe_marker(crl_coro *c, int get, int local, LLVMTypeRef t);
/* The markers in fn (the ramp, or a continuation) become loads and stores
 * of its slots: caller_slot (the swifterror parameter its caller passes,
 * or NULL) and, where needed, a swifterror alloca of its own. */
int crl_retcon_swe_lower_in_fn(crl_coro *c, LLVMValueRef fn, LLVMValueRef caller_slot);
/* Drops the markers' declarations and slot templates. */
void crl_retcon_swe_release(crl_coro *c);

/* retcon_promote.c: mem2reg for the swifterror variables. A function's
 * index CFG with dominators and frontiers, its blocks in dominator-tree
 * preorder (unreachable ones last); built once for all the variables. */
typedef struct crl_retcon_fn_cfg {
  uint32_t n;
  LLVMBasicBlockRef *bb; /* id -> block, in function order */
  crl_valmap id;         /* block -> id */
  crl_cfg g;
  crl_domtree dt;
  crl_dfrontier df;
  uint32_t *order;
} crl_retcon_fn_cfg;
int crl_retcon_fn_cfg_build(crl_retcon_fn_cfg *f, LLVMValueRef fn);
void crl_retcon_fn_cfg_free(crl_retcon_fn_cfg *f);
/* Only plain loads and stores of its own type use alloca a. */
int crl_retcon_promotable(LLVMValueRef a);
/* Replaces a's loads with the values its stores put there (phis where
 * they meet) and erases a; the CFG must be the function's current one. */
int crl_retcon_promote(crl_coro *c, const crl_retcon_fn_cfg *f, LLVMValueRef a);

/* Is element k of a suspend's result (the prototype's parameter k + 1)
 * swifterror? */
int crl_retcon_swifterror_elem(const crl_retcon_state *st, unsigned k);

#endif
