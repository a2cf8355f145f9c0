/* One coroutine as the pipeline sees it, and the table through which each
 * ABI's lowering plugs into the shared pipeline (like LLVM's coro::BaseABI). */
#ifndef CRL_IR_CORO_H
#define CRL_IR_CORO_H

#include <stdint.h>

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

#include "corolower/corolower.h"
#include "ir/intrinsics.h"
#include "ir/result.h"
#include "ir/valmap.h"
#include "ir/vec.h"

typedef struct crl_suspend {
  LLVMValueRef call;       /* the llvm.coro.suspend* call (gone after normalize) */
  LLVMValueRef save;       /* its llvm.coro.save, or NULL */
  LLVMValueRef await_call; /* lowered await.suspend.* wrapper call, or NULL */
  crl_intr await_kind;     /* CRL_I_AWAIT_SUSPEND_* or CRL_I_NONE */
  LLVMValueRef handle;     /* symmetric transfer target (await.suspend.handle) */
  LLVMValueRef phi;        /* normalized: the i8 result at the top of resume */
  LLVMValueRef point;      /* where the frame must be consistent: the save */
  LLVMBasicBlockRef pre;   /* the block that falls into resume on suspension */
  LLVMBasicBlockRef resume;/* execution continues at its top when resumed */
  int is_final;
  uint32_t index;
} crl_suspend;

typedef struct crl_frame_field_plan {
  crl_field_kind kind;
  const char *name;
  LLVMValueRef value;   /* the alloca or spilled value; NULL for header */
  LLVMTypeRef type;
  uint64_t size;
  uint32_t align;
  uint64_t fixed_offset; /* CRL_LAYOUT_FREE when the engine chooses */
  uint64_t offset;       /* after layout */
  /* Over-aligned allocas: plan_fields gives each its true alignment here;
   * layout gathers them in one CRL_FIELD_REALIGNED field, whose realign is
   * the largest, and points each at it (region = its id + 1) with its
   * offset in the aligned part (region_offset). */
  uint32_t realign;
  uint32_t region;
  uint64_t region_offset;
  /* Small fields may sit in the region's slack instead (in_slack, with
   * region and region_offset as above): realignment leaves b bytes free
   * before the aligned part and (slack - b) after it, b unknown until run
   * time, and a block of at most half the region's alignment always fits
   * on one side. The region field records the aligned part's size rounded
   * up to the guarantee (data_end) and the block's size (slack_block, 0
   * when nothing sits there). */
  uint8_t in_slack;
  uint64_t data_end, slack_block;
  int owns_name;
  LLVMValueRef ramp_addr;/* cached address in the ramp (after coro.begin) */
} crl_frame_field_plan;

typedef struct crl_coro crl_coro;

/* A variable declared on an alloca that moved into the frame: clones
 * declare it from the frame (rewrite.c, switch_dispatch.c). */
typedef struct crl_frame_var {
  LLVMMetadataRef var, expr, loc;
  uint32_t field;
} crl_frame_var;

struct crl_lowering {
  unsigned abis; /* mask of crl_abi this lowering handles */
  const char *name;
  /* ABI-specific validation after the shared shape pass; 0 on success. */
  int (*init)(crl_coro *c);
  /* Adds the ABI's fixed header fields to the plan; 0 on success. */
  int (*frame_header)(crl_coro *c);
  /* Creates the split functions from the rewritten coroutine; 0 on success. */
  int (*split)(crl_coro *c);
};

struct crl_coro {
  /* context */
  LLVMModuleRef mod;
  LLVMContextRef ctx;
  LLVMTargetDataRef td;
  LLVMBuilderRef b;
  crl_result *res;
  const crl_options *opts;
  const crl_lowering *low;

  /* shape */
  LLVMValueRef fn;
  crl_abi abi;
  LLVMValueRef id, begin, promise;
  /* The ramp's slack block address (rewrite.c) and the compare choosing it. */
  LLVMValueRef slack_addr, slack_cmp;
  crl_vec allocs, frees, sizes, aligns, ends, in_ramps, saves, allocas_get;
  crl_suspend *susp;
  uint32_t num_susp;
  LLVMTypeRef ptr_t, i8_t, i1_t, i32_t, i64_t;

  /* frame plan */
  crl_frame_field_plan *fields;
  uint32_t num_fields, cap_fields;
  uint32_t field_resume, field_destroy, field_promise, field_index;
  LLVMTypeRef index_t;
  uint64_t frame_size;
  uint32_t frame_align;
  uint32_t align_guarantee; /* what the frame's allocation is known to have */
  crl_valmap frame_addr; /* value (alloca) -> field id + 1 */
  crl_frame_report *report;
  const crl_valmap *slots; /* input's %N numbering (slots.c), or NULL */

  struct crl_plan *plan;  /* spill_plan.c */
  crl_vec reloads;         /* frame loads made by the rewrite */
  crl_frame_var *frame_vars; /* in the ramp's order */
  unsigned num_frame_vars;
  crl_vec dead_allocas; /* moved allocas only debug records name: erased last */

  /* products */
  LLVMValueRef resume_fn, destroy_fn, cleanup_fn;
  crl_vec frame_geps; /* ramp GEPs into the frame, rebuilt in every clone */
};

/* Diagnostics about this coroutine. */
#define CRL_ERR(c, inst, ...) \
  crl_diagf((c)->res, CRL_SEV_ERROR, (c)->fn, (inst), __VA_ARGS__)

/* Pipeline stages, shared by every ABI (each in its own file). */
/* keep: leave what CoroElide needs (llvm.coro.subfn.addr). */
int crl_early_lower_module(LLVMModuleRef m, crl_result *res, int keep); /* early.c */
int crl_shape_build(crl_coro *c);                                  /* shape.c */
int crl_normalize(crl_coro *c);                                    /* normalize.c */
int crl_plan_frame(crl_coro *c);                                   /* spill_plan.c */
int crl_rewrite_frame(crl_coro *c);                                /* rewrite.c */
int crl_cleanup_coro(crl_coro *c);                                 /* cleanup.c */
int crl_is_presplit(LLVMValueRef fn);
void crl_number_slots(LLVMValueRef fn, crl_valmap *slots);          /* slots.c */
int crl_check_outside_coroutines(LLVMModuleRef m, crl_result *res); /* shape.c */
/* keep: elision markers (coro.id, coro.begin, coro.alloc, coro.free,
 * coro.subfn.addr) may remain outside presplit coroutines. */
void crl_check_leftovers(LLVMModuleRef m, crl_result *res, int keep); /* cleanup.c */
/* CoroCleanup for ramps split before (see crl_is_split_marker); with
 * keep, only in functions where LLVM's CoroEarly could not take them. */
int crl_cleanup_split_ramps(LLVMModuleRef m, crl_result *res, int keep); /* cleanup.c */
uint32_t crl_add_field(crl_coro *c, crl_field_kind k, const char *name,
                       LLVMValueRef v, LLVMTypeRef t, uint64_t size,
                       uint32_t align, uint64_t fixed_offset);
/* Address of a frame field from `frame`, built with builder b at its
 * position (a GEP, plus llvm.ptrmask for over-aligned allocas). */
LLVMValueRef crl_field_addr(crl_coro *c, LLVMBuilderRef b, LLVMValueRef frame,
                            uint32_t field);
/* The field's address in the ramp, built once right after coro.begin. */
LLVMValueRef crl_ramp_field_addr(crl_coro *c, uint32_t field);
/* Position b right after coro.begin (and the addresses built there). */
void crl_position_after_begin(crl_coro *c, LLVMBuilderRef b);

#endif
