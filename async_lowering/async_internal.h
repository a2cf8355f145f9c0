/* The async lowering's own state and the parts its files share.
 *
 * An async coroutine (llvm.coro.id.async) is split into partial functions
 * that tail-call each other: the ramp runs up to the first suspend, each
 * suspend's part ends in a musttail call of the suspend's function, and one
 * resume function per suspend continues after it. The frame lives inside
 * the coroutine's async context, after the header its front end owns; the
 * context's final size goes into the async function pointer. */
#ifndef CRL_ASYNC_INTERNAL_H
#define CRL_ASYNC_INTERNAL_H

#include "coro/lowering.h"
#include "swifterror/swifterror.h"

typedef struct crl_async_susp {
  LLVMValueRef resume_call; /* llvm.coro.async.resume; kept as the point
                             * the frame is stored ahead of (until split) */
  LLVMValueRef projection;  /* called on the callee's context for ours */
  LLVMValueRef projection_fn; /* its function (itself, or an alias's) */
  LLVMValueRef fn;          /* the function the suspend tail-calls */
  LLVMValueRef tail;        /* its call, last before the suspend (normalize) */
  LLVMValueRef resume_fn;   /* NAME.resume.N */
  LLVMTypeRef result_t;     /* the suspend's struct: the resume parameters */
  unsigned ctx_index;       /* resume parameter holding the callee's context */
  unsigned self_index;      /* swiftself parameter, 0 for none */
} crl_async_susp;

typedef struct crl_async_state {
  uint64_t header_size;  /* coro.id.async's initial context size */
  uint32_t ctx_align;    /* ... and the context's alignment */
  unsigned ctx_arg;      /* the coroutine's context parameter */
  LLVMValueRef afp;      /* the async function pointer global */
  uint64_t frame_offset; /* where the frame starts in the context */
  uint64_t context_size; /* the final size patched into the afp */
  crl_async_susp *susp;  /* per suspend point */
  crl_vec guards;        /* reads keeping locals live (async_handoff.c) */
  crl_swifterror swe;    /* swifterror/swifterror.h */
} crl_async_state;

static inline crl_async_state *crl_async_of(crl_coro *c) {
  return (crl_async_state *)crl_abi_state(c, &crl_async_lowering);
}
static inline const crl_async_state *crl_async_view(const crl_coro *c) {
  return (const crl_async_state *)crl_abi_state(c, &crl_async_lowering);
}

/* async_validate.c: init's reading of the id and the suspends into the
 * state (a diagnostic on what cannot be read), then the ABI's rules,
 * which change nothing. */
int crl_async_read(crl_coro *c, crl_async_state *st);
int crl_async_validate(const crl_coro *c);
/* Through the casts, zero GEPs and `returned` calls LLVM reads through. */
LLVMValueRef crl_async_strip_casts(LLVMValueRef v);
/* An async function pointer's type: a struct of two i32, packed or not,
 * the context size at offset 4 of the layout td. */
int crl_async_is_afp_type(LLVMTargetDataRef td, LLVMTypeRef t);
/* An initializer whose field 1 can be replaced (a struct or zeroinitializer). */
int crl_async_is_afp_init(LLVMValueRef init);
/* g's initializer with field 1 = size (an i32 constant), of g's type. */
LLVMValueRef crl_async_afp_with_size(LLVMValueRef g, LLVMValueRef size);
/* "@name", or "@N" for an unnamed global; malloc'd, NULL without memory. */
char *crl_async_global_ref(LLVMValueRef g);

/* async_suspend.c: resume function declarations and the coro.async.resume
 * placeholders; then, per suspend, its tail call at the end of the pre
 * block and a placeholder for its result at the top of resume. */
int crl_async_normalize(crl_coro *c);
int crl_async_normalize_suspend(crl_coro *c, crl_suspend *sp);

/* async_handoff.c: before the frame is planned, locals a part touches
 * after a handover share no bytes with what lives after its suspend;
 * once the parts are cut at their tail calls, the resume placeholders
 * kept as store points go, the part's reloads after them moved ahead of
 * them (and the guards' reads go). */
int crl_async_guard_locals(crl_coro *c);
int crl_async_drop_markers(crl_coro *c);

/* async_tail.c: calls of a function with the suspend's or end's arguments
 * (coerced to its parameter types), made musttail + ret where the target's
 * rules allow it in the fragment `fragment`. */
LLVMValueRef crl_async_build_call(crl_coro *c, LLVMBuilderRef b, LLVMValueRef fn,
                                  LLVMValueRef from, unsigned first_arg,
                                  LLVMValueRef loc_of);
/* Everything after `inst` in its block goes; the block returns there. */
void crl_async_ret_after(crl_coro *c, LLVMValueRef inst);
int crl_async_make_tail(crl_coro *c, LLVMValueRef fragment, LLVMValueRef call,
                        LLVMValueRef blame);
/* 0 when `call` may be musttail in `fragment`, else -1 after a diagnostic
 * blaming `blame`. */
int crl_async_check_tail(crl_coro *c, LLVMValueRef fragment, LLVMValueRef call,
                         LLVMValueRef blame);
/* async_inline.c: `call` (then `ret void`) replaced by a copy of its
 * function's body; 0, 1 when the body cannot be copied (nothing changed),
 * -1 after a diagnostic. */
int crl_async_inline_tail(crl_coro *c, LLVMValueRef fragment, LLVMValueRef call,
                          LLVMValueRef blame);
/* A suspend's tail call in one fragment: the fragment's copy, and which
 * suspend's it is. */
typedef struct crl_async_tail {
  LLVMValueRef call;
  uint32_t susp;
} crl_async_tail;

/* The intrinsics whose meaning depends on the fragment: coro.end(.async),
 * coro.size/align/is_in_ramp, and the suspends' tail calls it holds. */
int crl_async_lower_in_fn(crl_coro *c, LLVMValueRef fn, int in_ramp,
                          const crl_async_tail *tails, unsigned num_tails);

/* async_context.c: the frame's place in the context, the final size in
 * the async function pointer (the largest of those of the run's
 * coroutines that share it), the report's context figures. */
int crl_async_place_frame(crl_coro *c);
/* Frees what place_frame keeps across a run (the run_release hook). */
void crl_async_run_release(void *run_state);

/* async_clones.c: the resume functions; tail_of maps each suspend's tail
 * call in the coroutine to its index + 1. */
int crl_async_build_clones(crl_coro *c, const crl_valmap *tail_of);

/* async_module.c: the module-level hooks. */
int crl_async_module_early(const crl_module_ctx *m);
int crl_async_module_late(const crl_module_ctx *m);

#endif
