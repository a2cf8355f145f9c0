/* The frame package: which values and allocas cross suspend points, where
 * each lives in the frame, and the rewrite that puts them there. What the
 * pipeline and the lowerings use; the planner's own structures are in
 * frame_plan.h. */
#ifndef CRL_FRAME_FRAME_H
#define CRL_FRAME_FRAME_H

#include "coro/coro.h"

/* Before the coroutine's shape is taken: exact local folds that keep
 * values out of the frame (constant branches and phis, elements read back
 * from insert chains, overflow intrinsics whose bit is unused;
 * simplify.c). Never fails: out of memory, it folds less. */
void crl_frame_simplify(LLVMValueRef fn);

/* Stages, in pipeline order. Each returns 0, or -1 after a diagnostic. */
/* Liveness: the index CFG, the values and allocas live across suspends,
 * rematerialisation (spill_plan.c). */
int crl_frame_liveness(crl_coro *c);
/* Fields for what crosses a suspend, after the ABI's header; the layout
 * and the frame report (spill_plan.c). */
int crl_frame_build(crl_coro *c);
/* Allocas into the frame, spills and reloads, SSA repair (rewrite.c). */
int crl_rewrite_frame(crl_coro *c);

/* Fields (fields.c). fixed_offset is CRL_LAYOUT_FREE when the layout
 * chooses. */
uint32_t crl_add_field(crl_coro *c, crl_field_kind k, const char *name,
                       LLVMValueRef v, LLVMTypeRef t, uint64_t size,
                       uint32_t align, uint64_t fixed_offset);
/* A field holding an alloca the ABI places itself (listed beforehand in
 * c->pinned_allocas); the rewrite moves it there like the planner's. */
uint32_t crl_pin_alloca(crl_coro *c, crl_field_kind k, const char *name,
                        LLVMValueRef alloca, LLVMTypeRef t, uint64_t size,
                        uint32_t align, uint64_t fixed_offset);

/* Addresses (field_addr.c). */
/* Address of a frame field from `frame`, built with builder b at its
 * position (a GEP, plus a run-time padding GEP for over-aligned allocas:
 * ptrtoint, neg, and). */
LLVMValueRef crl_field_addr(crl_coro *c, LLVMBuilderRef b, LLVMValueRef frame,
                            uint32_t field);
/* The field's address in the ramp, built once right after coro.begin. */
LLVMValueRef crl_ramp_field_addr(crl_coro *c, uint32_t field);
/* Position b right after coro.begin (and the addresses built there). */
void crl_position_after_begin(crl_coro *c, LLVMBuilderRef b);

/* Rematerializable from the frame in any clone: coro.begin, allocas and
 * constant-offset address arithmetic on them (remat_plan.c). */
int crl_is_remat(crl_coro *c, LLVMValueRef v);

/* Memory objects (memory.c): allocas and arguments standing for memory of
 * their own. byval is the callee's copy of the caller's bytes: the frame
 * takes a copy of it like an alloca. inalloca and preallocated memory
 * belongs to the caller's call sequence (its address may matter), and is
 * gone once the ramp returns: not supported across a suspend. byref is a
 * plain pointer to the caller's memory (no copy implied), spilled as one. */
typedef enum { CRL_ARG_PLAIN, CRL_ARG_BYVAL, CRL_ARG_INALLOCA, CRL_ARG_PREALLOCATED } crl_arg_mem;
crl_arg_mem crl_arg_memory(LLVMValueRef fn, unsigned k);
/* An argument's position in its function's parameter list. */
unsigned crl_arg_index(LLVMValueRef a);
/* Does the argument carry `swifterror`? */
int crl_arg_swifterror(LLVMValueRef a);
/* The type of the memory (the allocated or byval/inalloca/preallocated
 * type), its size (-1 when dynamic) and its alignment (the ABI's or the
 * alloca's or parameter's own, whichever is larger). */
LLVMTypeRef crl_memory_type(LLVMValueRef v);
int crl_memory_size(crl_coro *c, LLVMValueRef v, uint64_t *size);
uint32_t crl_memory_align(crl_coro *c, LLVMValueRef v);

/* Frees what the planner attached to c (plan.c). */
void crl_frame_free(crl_coro *c);

#endif
