/* What spill planning hands to the rewrite: the index CFG of the coroutine,
 * the values that cross suspends and where they live in the frame. */
#ifndef CRL_FRAME_FRAME_PLAN_H
#define CRL_FRAME_FRAME_PLAN_H

#include "core/bitset.h"
#include "core/cfg.h"
#include "core/dom.h"
#include "core/liveness.h"
#include "frame/frame.h"

typedef struct crl_cand {
  LLVMValueRef value;   /* instruction, argument or alloca */
  uint32_t def_block;
  int is_alloca;         /* memory: an alloca or a byval argument */
  int reach;            /* memory live only where its users can reach
                           (crl_reach_in_matrix), not from a definition */
  int rewrites;         /* memory whose liveness stops where it is written
                           whole (crl_live_in_kill_matrix) */
  int store_after_def;  /* cannot be stored at the suspend points */
  int remat;            /* recomputed after each suspend it crosses from
                           its operands (kept in the frame across those
                           suspends, or recomputed there in turn) */
  int chain_only;       /* a value used only in its block, a candidate only
                           so that a recomputed user may need it */
  /* An integer whose every value is an extension of a narrower one (a phi
   * of a sign-extended await result and 0): kept in the frame as a
   * `narrow`-bit integer, truncated when stored and extended again
   * (sign-extended, or zero-extended when narrow_zext) when reloaded;
   * 0 when kept whole. */
  unsigned narrow;
  int narrow_zext;
  uint32_t field;       /* frame field, or UINT32_MAX */
  uint32_t lo, hi;      /* hull of its live blocks in reverse post-order */
  uint64_t *live_blocks;/* allocas: blocks where really alive, or NULL */
  struct crl_valmap *markers; /* with live_blocks: block -> last marker */
} crl_cand;

typedef struct crl_plan {
  uint32_t num_blocks;
  LLVMBasicBlockRef *blocks; /* id -> block, in function order */
  crl_valmap block_id;       /* block -> id */
  crl_cfg cfg;
  crl_domtree dom;
  /* For liveness only: edges out of blocks with a non-unwind coro.end are
   * gone, as what follows it runs in the ramp alone (never after a real
   * suspension), and cut_end[b] is that coro.end (else NULL). */
  crl_cfg live_cfg;
  LLVMValueRef *cut_end;
  uint8_t *ramp_tail;        /* 1: reached only through such a coro.end */
  uint8_t *gone;             /* 1: the frame may be gone (crl_plan_mark_gone) */
  crl_cand *cands;
  uint32_t num_cands;
  uint32_t num_main;         /* while collecting: candidates before shadows */
  crl_crossing cross;        /* suspends [0, n) real; [n, 2n) store points */
  /* Recomputation plans (spill_plan.c): the crossing sets and hulls as
   * liveness left them, to lay out the one-level plan as well when the
   * chained one was taken, and keep the smaller frame. */
  uint64_t *rows_before;
  uint32_t *hull_before;     /* lo, hi per candidate */
  int chains_used;
  uint32_t begin_block;
} crl_plan;

/* plan.c: the index CFG and the liveness graph, with an edge from each
 * suspend's pre block to its resume block (the suspension, which the IR
 * has no edge for where resumption has an entry of its own); 0, or -1
 * out of memory. */
int crl_plan_build_cfg(crl_plan *p, LLVMValueRef fn, const crl_suspend *susp,
                       uint32_t num_susp);
void crl_plan_free(crl_plan *p);
uint32_t crl_block_id(const crl_plan *p, LLVMBasicBlockRef bb);
/* Does `user`, in block b (a phi's incoming block for a phi), run in the
 * ramp alone: after a non-unwind coro.end (whose own operands, what
 * coro.end.async tail-calls with, are used wherever it runs)? There the
 * ramp's own values are at hand, and the frame may already belong to
 * whoever resumed the coroutine. */
int crl_plan_ramp_only_use(const crl_plan *p, uint32_t b, LLVMValueRef user);
/* Do the edges out of block b run in the ramp alone (b holds a non-unwind
 * coro.end, or only such an end reaches it)? */
int crl_plan_ramp_only_edge(const crl_plan *p, uint32_t b);
/* plan.c: marks the blocks that may run once the frame may be gone, up
 * to the non-unwind coro.end that ends them: a suspend's suspended path
 * from its landing (the handle may have been handed to whoever resumes
 * the coroutine, to its end, before the suspend is even reached), and
 * what follows a coro.free (the program frees the frame there). Values
 * used there must be the function's own, never loads of the frame.
 * 0, or -1 out of memory. */
int crl_plan_mark_gone(crl_plan *p, const crl_suspend *susp, uint32_t num_susp,
                       const crl_vec *frees);
/* crossing.c: crossing sets over 2n ids (suspends, then store points) and
 * hulls; rb[s] is the block of id s. A candidate with `reach` is live only
 * in blocks that rv[i] also reaches, one with `rewrites` only where its
 * uses bk[i] are live through its kills. 0, or -1 out of memory. */
int crl_crossing_and_hulls(crl_plan *p, uint32_t ns, const uint32_t *rb,
                           const crl_live_value *lv, const crl_reach_value *rv,
                           const crl_reach_value *bk);
/* How far the recomputation planner goes. One level: operands only from
 * values the frame already holds. Chains: operands recomputed in turn or
 * brought into the frame, when the estimate says that saves bytes.
 * Forced: every chain the copy budget allows, the estimate notwithstanding
 * (LLVM's rule, which wins where several values share roots the estimate,
 * deciding value by value, never finds worth keeping). */
typedef enum crl_remat_mode {
  CRL_REMAT_ONE_LEVEL,
  CRL_REMAT_CHAINS,
  CRL_REMAT_FORCED
} crl_remat_mode;
/* remat_plan.c: marks the candidates recomputed after suspends. Returns,
 * with chains, whether a chain was used (else the plan is the one-level
 * one); forced, whether any decision differs from the chained plan's. */
int crl_mark_remat(crl_coro *c, crl_plan *p, crl_remat_mode mode);
/* remat_plan.c: marks the integer candidates that fit a narrower slot. */
void crl_mark_narrow(crl_coro *c, crl_plan *p);
/* Whether v is an instruction that may be recomputed after a suspend. */
int crl_remat_candidate(LLVMValueRef v);
/* The recomputed candidates, users before the recomputed operands they
 * use (the rewrite's order); malloc'd, NULL when out of memory. */
uint32_t *crl_remat_order(crl_plan *p, uint32_t *count);
/* rewrite.c: a narrow slot's store value and widened reload (crl_cand). */
LLVMValueRef crl_narrow_store_value(crl_coro *c, uint32_t field, LLVMValueRef v,
                                    LLVMBuilderRef b);
LLVMValueRef crl_widen_reload(crl_coro *c, int zext, LLVMValueRef ld, LLVMTypeRef ty,
                              LLVMBuilderRef b);
/* interference.c: lays out c->fields; 0, or -1 on failure. */
int crl_layout_frame(crl_coro *c, crl_plan *p);
/* Drops the optional fields whose removal lowers the frame's end
 * (interference.c), on the final layout. */
void crl_drop_optional_fields(crl_coro *c);
/* fields.c: a field for each candidate crossing a suspend (in hull order),
 * aligned at most to c->align_guarantee unless realigned; 0, or -1. */
int crl_plan_fields(crl_coro *c, crl_plan *p, const crl_valmap *slots);
/* frame_report.c: the value's name as the input prints it (malloc'd). */
char *crl_slot_name(const crl_valmap *slots, LLVMValueRef v);
void crl_frame_report_build(crl_coro *c);
#endif
