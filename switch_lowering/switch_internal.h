/* The switched-resume lowering's own state and the parts its files share. */
#ifndef CRL_SWITCH_INTERNAL_H
#define CRL_SWITCH_INTERNAL_H

#include "coro/lowering.h"
#include "swifterror/swifterror.h"

typedef struct crl_switch_susp {
  int is_final;
  LLVMValueRef handle; /* symmetric transfer target (await.suspend.handle) */
  LLVMValueRef mark;   /* the destroy pointer stored here when the index is
                          dropped (switch_resume_point.c), or NULL */
} crl_switch_susp;

typedef struct crl_switch_state {
  LLVMValueRef promise; /* the promise alloca, or NULL */
  uint32_t field_resume, field_destroy, field_promise, field_index;
  LLVMTypeRef index_t;
  LLVMValueRef resume_fn, destroy_fn, cleanup_fn;
  /* Two points to resume at, one of them reached only from the ramp (the
   * entry point, C++'s initial suspend): entry_point is its suspend,
   * UINT32_MAX otherwise; entry_fn, NAME.resume.N, resumes there alone
   * when the index was dropped (switch_resume_point.c), or is NULL. */
  uint32_t entry_point;
  LLVMValueRef entry_fn;
  crl_switch_susp *susp; /* per suspend point */
  /* A symmetric transfer was left a plain call (the target could not make
   * it a tail call) and the warning saying so was given. */
  int plain_transfer_noted;
  crl_swifterror swe; /* swifterror/swifterror.h */
} crl_switch_state;

static inline crl_switch_state *crl_switch_of(crl_coro *c) {
  return (crl_switch_state *)crl_abi_state(c, &crl_switch_lowering);
}
static inline const crl_switch_state *crl_switch_view(const crl_coro *c) {
  return (const crl_switch_state *)crl_abi_state(c, &crl_switch_lowering);
}

/* Which function of the split an intrinsic is lowered in. */
typedef enum { CRL_SW_RAMP, CRL_SW_RESUME, CRL_SW_DESTROY, CRL_SW_CLEANUP } crl_switch_fn;

/* switch_awaits.c: lowers llvm.coro.await.suspend.* into calls of their
 * wrappers; the suspend's i8 result. */
int crl_switch_normalize(crl_coro *c);
int crl_switch_normalize_suspend(crl_coro *c, crl_suspend *sp);
/* switch_abi.c: an empty NAME.SUFFIX of the clones' type, void(ptr frame). */
LLVMValueRef crl_switch_make_fn(crl_coro *c, const char *suffix);
/* switch_resume_point.c: how a suspend records where the coroutine
 * stopped (the suspend index, or the destroy pointer when the layout
 * dropped the index) and how the clones read it back. */
/* May the layout drop the suspend index (frame_header asks)? */
int crl_switch_index_optional(crl_coro *c);
/* Did it? */
int crl_switch_index_dropped(crl_coro *c);
/* The field holding the record: the index, or the destroy pointer, or the
 * resume pointer (entry_fn), or UINT32_MAX when there is nothing to
 * record. */
uint32_t crl_switch_record_field(crl_coro *c);
/* NAME.resume.N, into entry_fn, when the entry point has a resume
 * function of its own. 0, or -1 out of memory. */
int crl_switch_make_entry_fn(crl_coro *c);
/* At each suspend point, before the split: the record, and the final
 * suspend's null resume pointer. */
int crl_switch_record_points(crl_coro *c);
/* A clone's entry: from `entry`, a branch to the block of the suspend the
 * record names, where every landing phi takes `mode`; `at` is the
 * record's address in the clone. A resume clone entered at one point
 * alone (`only`, else UINT32_MAX) branches there. */
void crl_switch_dispatch(crl_coro *c, LLVMValueRef fn, crl_switch_fn kind, crl_valmap *map,
                         LLVMBuilderRef eb, LLVMBasicBlockRef entry, LLVMBasicBlockRef sink,
                         LLVMValueRef frame, LLVMValueRef at, LLVMValueRef mode,
                         uint32_t only);
/* The points a resume clone enters: in `only` (UINT32_MAX for all) the
 * one point of NAME.resume.N and of the NAME.resume beside it; `skip` the
 * record store that clone need not repeat (its own address), or NULL. */
void crl_switch_resume_entries(crl_coro *c, int entry_clone, uint32_t *only,
                               LLVMValueRef *skip);
/* switch_clones.c: NAME.resume/.destroy/.cleanup (and NAME.resume.N), each
 * a dispatch on the record and the blocks reachable from the resume points
 * it enters. */
int crl_switch_build_clones(crl_coro *c);
/* switch_ramp.c: what is left in the ramp (coro.end, coro.free, ...). */
int crl_switch_finish_ramp(crl_coro *c);
/* switch_intrinsics.c: the intrinsics whose meaning depends on the
 * function of the split; `frame` is the frame pointer there,
 * `index_addr` the suspend index's address in a clone. */
int crl_switch_lower_in_fn(crl_coro *c, LLVMValueRef fn, crl_switch_fn kind,
                           LLVMValueRef frame, LLVMValueRef index_addr);
/* The final suspend's index, or -1. */
int crl_switch_final_index(crl_coro *c);
/* Symmetric transfer at a suspend's pre block: a call of the handle's
 * resume function, a musttail one returning in a clone (where the edge
 * into `landing` goes). */
int crl_switch_transfer(crl_coro *c, LLVMBasicBlockRef pre, LLVMValueRef handle,
                        LLVMBasicBlockRef landing, int in_clone);
/* switch_early.c: the module-level hook. */
int crl_switch_module_early(const crl_module_ctx *m);

#endif
