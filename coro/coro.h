/* One coroutine as the pipeline sees it: the ABI-neutral shape (read-only
 * once built), the normalized coroutine, the frame planner's decisions,
 * and the lowering's own state behind a checked accessor. The table
 * through which a lowering plugs in is coro/lowering.h. */
#ifndef CRL_CORO_CORO_H
#define CRL_CORO_CORO_H

#include <assert.h>
#include <stddef.h>
#include <stdint.h>

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

#include "corolower/corolower.h"
#include "irkit/intrinsics.h"
#include "result/result.h"
#include "irkit/valmap.h"
#include "irkit/vec.h"

typedef struct crl_suspend {
  LLVMValueRef call;       /* the suspend intrinsic's call (gone after normalize) */
  LLVMValueRef save;       /* where the ABI saves state ahead of it, or NULL */
  LLVMValueRef result;     /* normalized: what stands for the call's result at
                              the top of resume (the ABI's normalize_suspend) */
  LLVMValueRef point;      /* where the frame must be consistent: the save */
  LLVMBasicBlockRef pre;   /* the block that falls into landing on suspension */
  /* Execution continues at the top of `resume` when the coroutine is
   * resumed, and only then: reloads from the frame go there. `landing` is
   * the block `pre` falls into, where the suspended path (the ramp's, or a
   * clone's on its way out) goes on. The two are one block unless the ABI
   * gave resumption an entry of its own (normalize_suspend): the switched
   * ABI's suspended path runs code after the suspend (to coro.end and the
   * return) once the handle may be in another thread's hands, so nothing
   * there may read the frame. The analysis CFG has an edge from `pre` to
   * `resume` (frame/plan.c); the IR has none until the split enters it. */
  LLVMBasicBlockRef resume;
  LLVMBasicBlockRef landing;
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
  int pinned;            /* an alloca the ABI's header placed (crl_pin_alloca) */
  /* A field the ABI can do without at some cost of its own (the switched
   * ABI's suspend index): the layout drops it (dropped = 1, no storage,
   * not reported) when the frame gets smaller without it. */
  uint8_t optional, dropped;
  LLVMValueRef ramp_addr;/* cached address in the ramp (after coro.begin) */
} crl_frame_field_plan;

/* What the shape pass (shape.c) found in one coroutine: its intrinsic
 * calls, as validation judged them. Read-only once built: each step after
 * validation reads it through crl_coro.shape (const). The normalize step
 * may erase calls it names (saves, merged ends); a step that needs the
 * calls as they are after that gets them from the step that made them
 * (the ABI's state). The suspend calls are the normalized points' own
 * (crl_suspend.call), which normalize consumes. */
typedef struct crl_shape {
  crl_abi abi;
  LLVMValueRef id, begin;
  crl_vec allocs, frees, sizes, aligns, ends, in_ramps, saves, allocas_get;
} crl_shape;

typedef struct crl_coro crl_coro;

/* A variable declared on an alloca that moved into the frame: clones
 * declare it from the frame (frame/rewrite.c, cloner/split_clone.c). */
typedef struct crl_frame_var {
  LLVMMetadataRef var, expr, loc;
  uint32_t field;
} crl_frame_var;

/* A variable declared on an alloca that stays on the stack: each clone
 * that gets its own copy of the alloca declares the variable there. */
typedef struct crl_stack_var {
  LLVMMetadataRef var, expr, loc;
  uint32_t next; /* the alloca's next variable, or UINT32_MAX */
} crl_stack_var;

/* What the frame planner decided and the rewrite made (frame/): empty
 * until crl_frame_liveness, read by the ABI's split and finish. */
typedef struct crl_frame {
  crl_frame_field_plan *fields;
  uint32_t num_fields, cap_fields;
  uint64_t size;
  uint32_t align;
  uint32_t align_guarantee; /* what the frame's allocation is known to have */
  crl_valmap field_of;      /* value (alloca) -> field id + 1 */
  crl_frame_report *report;
  struct crl_plan *plan;    /* the planner's own (frame_plan.h) */
  crl_vec reloads;          /* frame loads made by the rewrite */
  crl_frame_var *vars;      /* in the ramp's order */
  unsigned num_vars;
  crl_stack_var *stack_vars; /* in the ramp's order, chained per alloca */
  unsigned num_stack_vars, cap_stack_vars;
  crl_valmap stack_var_of;   /* alloca -> its first stack variable + 1 */
  crl_vec dead_allocas; /* moved allocas only debug records name: erased last */
  /* The ramp's slack block address (rewrite.c) and the compare choosing it. */
  LLVMValueRef slack_addr, slack_cmp;
  /* The frame as a debugger sees it (cloner/frame_debug.c): a pointer to a
   * structure of the fields, made by the first clone, NULL until then. */
  LLVMMetadataRef di_type;
} crl_frame;

struct crl_coro {
  /* context */
  LLVMModuleRef mod;
  LLVMContextRef ctx;
  LLVMTargetDataRef td;
  LLVMBuilderRef b;
  crl_result *res;
  const crl_options *opts;
  const crl_lowering *low;
  const struct crl_target *target; /* never NULL while lowering */
  void *abi_state;                 /* the lowering's own, from its init hook */
  /* The lowering's slot for what it keeps across the coroutines of one
   * run (crl_lower_module or crl_lower_function): NULL until it puts
   * something there, freed by its run_release hook. */
  void **run_state;

  /* The function being lowered. */
  LLVMValueRef fn;
  /* What the shape pass found (crl_shape_build), behind a const pointer:
   * no step after it writes the shape. */
  const crl_shape *shape;
  /* The normalized coroutine: what the normalize step (the shared one and
   * the ABI's) made of the shape, read by the planner and the split. */
  crl_suspend *susp; /* one per suspend call, in order (shape.c) */
  uint32_t num_susp;
  /* Allocas the ABI places in its frame header itself (the switched-resume
   * promise): the planner leaves them to it, the rewrite moves them. */
  crl_vec pinned_allocas;
  /* A value the frame's address derives from and that every split
   * function knows without the frame (the async context parameter): never
   * kept in the frame, and recomputed from it (with constant offsets) like
   * coro.begin; each clone maps it (crl_split_clone.frame_base). NULL when
   * the ABI has none. */
  LLVMValueRef frame_base;
  /* Set once the ABI's finish replaced coro.begin and erased the id: the
   * shape's id and begin name erased instructions from then on. */
  int markers_erased;
  LLVMTypeRef ptr_t, i8_t, i1_t, i32_t, i64_t;

  const crl_valmap *slots; /* input's %N numbering (slots.c), or NULL */

  crl_frame frame; /* what the planner decided (frame/) */

  /* Values no frame may hold (a swifterror value is valid only until the
   * function that received it returns): the ABI lists those it creates
   * (coroutine arguments are checked by their attribute), and the planner
   * refuses to keep any of them across a suspend. */
  crl_valmap unstorable; /* value -> itself */
};

/* The ABI's own state behind a checked accessor, as LLVM's coroutine shape
 * keeps each ABI's in a named struct: only the lowering that made it (its
 * init hook) gets it, or NULL before init made it. Each lowering wraps
 * this in crl_<name>_of and a const crl_<name>_view for hooks that only
 * read (validate). A mismatch is a bug in corolower, not bad input. */
static inline void *crl_abi_state(const crl_coro *c, const crl_lowering *owner) {
  assert(c->low == owner);
  return c->low == owner ? c->abi_state : NULL;
}

/* A lowering's state (init) and its release: `size` bytes zeroed, with
 * an array of one zeroed `per_suspend`-byte element per suspend point
 * stored at `susp_at` bytes into it; set as c->abi_state. NULL after "out
 * of memory". CRL_NEW_ABI_STATE does it for a state type with a `susp`
 * array. */
void *crl_abi_state_new(crl_coro *c, size_t size, size_t per_suspend,
                        size_t susp_at);                           /* abi_state.c */
void crl_abi_state_free(crl_coro *c, void *susp);                  /* abi_state.c */
#define CRL_NEW_ABI_STATE(c, type)                                                  \
  ((type *)crl_abi_state_new((c), sizeof(type), sizeof *((type *)0)->susp,         \
                             offsetof(type, susp)))

/* Diagnostics about this coroutine. */
#define CRL_ERR(c, inst, ...) \
  crl_diagf((c)->res, CRL_SEV_ERROR, (c)->fn, crl_diag_at((c), (inst)), __VA_ARGS__)
/* Where a diagnostic points: not at the shape's id or begin once they
 * are erased (crl_erase_markers), only at the function. */
static inline LLVMValueRef crl_diag_at(const crl_coro *c, LLVMValueRef inst) {
  if (c->markers_erased && (inst == c->shape->id || inst == c->shape->begin)) return NULL;
  return inst;
}

/* The coroutine package's stages (each in its own file). */
/* Fills sh with what c's function holds and points c->shape at it: 0, -1
 * after a diagnostic, or 1: a presplit function without any coroutine
 * intrinsic, left as it is (shape.c). The caller owns sh (crl_shape_free). */
int crl_shape_build(crl_coro *c, crl_shape *sh);                  /* shape.c */
void crl_shape_free(crl_shape *sh);                                /* shape.c */
/* Normalize (normalize.c): each suspend point gets block boundaries of its
 * own. crl_normalize_begin prepares the function (resume_of: initialised
 * here, freed by the caller); then, for each suspend s in order,
 * crl_suspend_blocks splits its block, the ABI's normalize_suspend replaces
 * its call, and crl_suspend_point records where the frame must be
 * consistent. */
int crl_normalize_begin(crl_coro *c, crl_valmap *resume_of);      /* normalize.c */
void crl_suspend_blocks(crl_coro *c, uint32_t s, crl_valmap *resume_of); /* normalize.c */
void crl_suspend_point(crl_suspend *sp);                           /* normalize.c */
int crl_cleanup_coro(crl_coro *c);                                 /* cleanup.c */
/* coro.begin's uses become `frame`; it and the id (unless something else
 * uses it) are erased, and c->markers_erased says so. */
void crl_erase_markers(crl_coro *c, LLVMValueRef frame);          /* cleanup.c */
/* The presplitcoroutine attribute: its kind (no static cache: lowering
 * may run on several threads), whether fn has it, giving it to fn and
 * taking it away. */
unsigned crl_presplit_kind(void);                                  /* shape.c */
int crl_is_presplit(LLVMValueRef fn);                              /* shape.c */
void crl_set_presplit(LLVMValueRef fn, int on);                    /* shape.c */
/* Gives the presplitcoroutine attribute to every function that calls an id
 * making its caller a coroutine (crl_id_implies_coroutine), as LLVM's
 * CoroEarly does, so that the rest of the pipeline knows coroutines by the
 * attribute alone. Returns how many it marked. */
unsigned crl_mark_coroutines(LLVMModuleRef m);                     /* shape.c */
/* Coroutine-only intrinsics in functions that are not coroutines. */
int crl_check_outside_coroutines(LLVMModuleRef m, crl_result *res); /* shape.c */
/* keep: elision markers (coro.id, coro.begin, coro.alloc, coro.free,
 * coro.subfn.addr) may remain outside presplit coroutines. only: the one
 * coroutine asked for (crl_lower_function), NULL for all; the module's
 * other coroutines then keep what they have. */
void crl_check_leftovers(LLVMModuleRef m, crl_result *res, int keep,
                         LLVMValueRef only);                       /* cleanup.c */
/* Does f call any llvm.coro.* intrinsic? (cleanup.c) */
int crl_calls_coro_intrinsic(LLVMValueRef f);
void crl_coro_free(crl_coro *c);                                   /* shape.c */
/* The type id an LLVM 21 front end gave llvm.coro.id.retcon.once after its
 * six operands (swiftc's typed frame allocation, EmitTypeMallocForCoroFrame):
 * kept by the repair of the old dialect (legacy.c), since LLVM 22's
 * intrinsic has no room for it. NULL when the id has none; *bad is set
 * when the operands past the sixth were not one integer constant. */
LLVMValueRef crl_id_type_id(LLVMValueRef id, int *bad);            /* legacy.c */
/* Calls of intrinsics only Swift's own LLVM defines (its experimental
 * CoroutineAccessors feature): an error naming the feature for each. 0,
 * or -1 after diagnostics. */
int crl_check_fork_forms(LLVMModuleRef m, crl_result *res);        /* fork_forms.c */

#endif
