/* The frame planner's structures and every frame/ function outside the
 * package's interface (frame.h), as QBE's all.h lists them: by file, in the
 * order the pipeline uses them.
 *
 *   simplify.c      folds before the shape is taken (crl_frame_simplify)
 *   plan.c          the index CFG, ramp-only and frame-gone blocks
 *   escape.c        what values' and allocas' users do with them
 *   candidates.c    the candidates and liveness inputs
 *   liveness.c      crossing sets, store points (crl_frame_liveness)
 *   crossing.c      crossing sets and hulls over the index CFG
 *   alloca_lifetime.c  exact alloca lifetimes (alloca_lifetime.h)
 *   remat_plan.c    recomputation and narrow slots
 *   plan_choice.c   fields, layout and the plan kept (crl_frame_build)
 *   fields.c, interference.c, frame_report.c   fields, layout, report
 *   rewrite.c, narrow.c, ssa_repair.c (ssa_repair.h), field_addr.c
 *                   the rewrite (crl_rewrite_frame) */
#ifndef CRL_FRAME_FRAME_PLAN_H
#define CRL_FRAME_FRAME_PLAN_H

#include "core/bitset.h"
#include "core/cfg.h"
#include "core/dom.h"
#include "core/liveness.h"
#include "frame/frame.h"

/* oom: an allocation failed; the list is incomplete and the plan fails. */
typedef struct crl_use_list { uint32_t *b; uint32_t n, cap; int oom; } crl_use_list;

/* What collect gathers for one candidate: its uses (backward liveness from
 * its definition) and, for memory, where it can become live (forward, see
 * crl_reach_in_matrix); reach is set when the forward side applies. */
typedef struct crl_cand_input {
  crl_use_list uses, gen, kill;
  int reach;
  int rewrites;      /* uses are exposed reads, and ...  */
  crl_use_list rewrite;  /* ... these blocks write it whole first */
} crl_cand_input;

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
  crl_cand_input in;     /* what collect gathered for liveness; freed
                            (empty) once crl_frame_liveness is done */
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



typedef struct crl_alloca_info {
  crl_use_list uses;   /* where its contents or address are used */
  crl_use_list users;  /* blocks of every user, markers included */
  crl_vec markers; /* its lifetime.start and lifetime.end calls */
  crl_vec reads;   /* users that may read its bytes */
  crl_vec overwrites; /* users that write all of its bytes, reading none */
  crl_vec partials;   /* users that write some of its bytes, reading none */
  /* For each partial store of an alloca of at most 64 bytes, the bytes it
   * writes (bit k: byte k), 0 when not known; and all of them. */
  uint64_t *part_mask;
  unsigned part_cap;
  uint64_t full_mask;
  uint32_t starts;
  int escapes, has_end;
} crl_alloca_info;


/* An escaped alloca with lifetime markers must keep one address while
 * anything can reach it through the pointer, even where it is dead between
 * a lifetime.end and the next start: LLVM gives an alloca the same address
 * after a restart. That makes it a frame alloca when one of its users
 * reaches another through a suspend, which its lifetime alone does not
 * show; a shadow candidate (users to users) asks that, and only adds to
 * its owner's crossing set (crl_frame_liveness). */
typedef struct crl_shadow {
  crl_cand_input in;
  LLVMValueRef value;
  uint32_t def, owner;
} crl_shadow;
typedef struct crl_shadow_list {
  crl_shadow *v;
  uint32_t n, cap;
  int oom;
} crl_shadow_list;

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
 * what follows a coro.free (the program frees the frame there); and the
 * blocks between a suspend's save and the suspend, where an await_suspend
 * may already have handed the handle away. Values used there must be the
 * function's own, never loads of the frame.
 * 0, or -1 out of memory. */
int crl_plan_mark_gone(crl_plan *p, const crl_suspend *susp, uint32_t num_susp,
                       const crl_vec *frees);
/* escape.c */
void crl_use_add(crl_use_list *u, uint32_t b);
/* The blocks using v (a phi's incoming block for a phi use), but for uses
 * in the ramp's own tail (crl_plan_ramp_only_use). */
void crl_value_uses(crl_plan *p, LLVMValueRef v, crl_use_list *out);
/* Follows alloca (or memory argument) a's address through its users:
 * where it is used, whether it escapes, which users read, overwrite or
 * partly write it, its lifetime markers (ai, zeroed by the caller). */
void crl_alloca_uses(crl_plan *p, LLVMTargetDataRef td, LLVMValueRef a,
                     crl_alloca_info *ai);
/* Where lifetime markers make memory live (gen: starts) and dead (kill:
 * ends). */
void crl_marker_gen_kill(crl_plan *p, const crl_vec *markers, crl_use_list *gen,
                         crl_use_list *kill);

/* candidates.c: every candidate into p->cands, its liveness inputs into
 * *lv and *ci (one each per candidate, malloc'd), shadows after the main
 * candidates (p->num_main) and in *sl. 0, or -1 out of memory. */
int crl_collect_candidates(crl_coro *c, crl_plan *p, crl_shadow_list *sl);
void crl_cand_input_free(crl_cand_input *in);

/* liveness.c: marks the values defined after a store point they cross,
 * stored where they are defined (memory mode, rewrite.c). */
void crl_mark_late_defs(crl_coro *c, crl_plan *p);

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
/* liveness.c: is candidate i defined after the store point (the
 * coro.save) of a suspend it crosses? Between the save and the suspend
 * the handle may already be in other hands (an await_suspend that
 * resumed the coroutine, or gave it to another thread), so nothing may
 * be stored into the frame there. */
int crl_defined_after_store_point(crl_coro *c, crl_plan *p, uint32_t i);
/* remat_plan.c: marks the candidates recomputed after suspends. A value
 * defined after the store point of a suspend it crosses is recomputed
 * whenever it can be, in every mode and at any cost the copy budget
 * allows: kept, it would be stored right after its definition, where the
 * frame may already belong to whoever resumed the coroutine (instrprof's
 * promoted counters are incremented there). Returns,
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
/* narrow.c: a narrow slot's store value and widened reload (crl_cand). */
LLVMValueRef crl_narrow_store_value(crl_coro *c, uint32_t field, LLVMValueRef v,
                                    LLVMBuilderRef b);
LLVMValueRef crl_widen_reload(crl_coro *c, int zext, LLVMValueRef ld, LLVMTypeRef ty,
                              LLVMBuilderRef b);
/* interference.c: lays out c->frame.fields; 0, or -1 on failure. */
int crl_layout_frame(crl_coro *c, crl_plan *p);
/* Drops the optional fields whose removal lowers the frame's end
 * (interference.c), on the final layout. */
void crl_drop_optional_fields(crl_coro *c);
/* fields.c: a field for each candidate crossing a suspend (in hull order),
 * aligned at most to c->frame.align_guarantee unless realigned; 0, or -1. */
int crl_plan_fields(crl_coro *c, crl_plan *p, const crl_valmap *slots);
/* frame_report.c: the value's name as the input prints it (malloc'd). */
char *crl_slot_name(const crl_valmap *slots, LLVMValueRef v);
void crl_frame_report_build(crl_coro *c);
#endif
