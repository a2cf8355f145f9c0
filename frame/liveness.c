/* Frame liveness: which candidates cross which suspend points (and store
 * points), through core/liveness on the index CFG; the recomputation and
 * narrowing marks; where a value must be stored when it is defined after
 * a store point. */
#include <stdlib.h>
#include <string.h>

#include "frame/alloca_lifetime.h"
#include "frame/frame_plan.h"
#include "irkit/blocks.h"
#include "irkit/oom.h"

/* Values crossing more suspends than this go to memory mode (rewrite.c):
 * SSA repair would merge the slot and the register at every await that
 * may skip its suspend, one phi per value per await. */
#define CRL_SSA_MODE_MAX_CROSSINGS 2

/* Is v used where the frame may be gone (crl_plan_mark_gone), in code
 * other than the ramp's own tail? */
static int used_where_frame_gone(crl_plan *p, LLVMValueRef v) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user)) continue;
    if (LLVMIsAPHINode(user)) {
      for (unsigned k = 0, n = LLVMCountIncoming(user); k < n; k++) {
        if (LLVMGetIncomingValue(user, k) != v) continue;
        uint32_t b = crl_block_id(p, LLVMGetIncomingBlock(user, k));
        if (b < p->num_blocks && p->gone[b] && !crl_plan_ramp_only_use(p, b, user)) return 1;
      }
      continue;
    }
    uint32_t b = crl_block_id(p, LLVMGetInstructionParent(user));
    if (b < p->num_blocks && p->gone[b] && !crl_plan_ramp_only_use(p, b, user)) return 1;
  }
  return 0;
}

/* A value is stored right after its definition (memory mode) when it is
 * defined after the store point of a suspend it crosses, or crosses many:
 * then every block that uses it loads it. Not where the frame may be gone
 * (a suspended path, after coro.free), which must use the function's own
 * value: a value used there that crosses many suspends stays with SSA
 * repair (stores at the suspend points, reloads at their resume entries),
 * when its definition allows. */
void crl_mark_late_defs(crl_coro *c, crl_plan *p) {
  uint32_t n = c->num_susp;
  for (uint32_t i = 0; i < p->num_cands; i++) {
    crl_cand *cd = &p->cands[i];
    if (cd->is_alloca || cd->remat) continue;
    const crl_bitset *row = &p->cross.across[i];
    uint32_t crossings = 0;
    for (uint32_t s = crl_bitset_next(row, 0); s < n; s = crl_bitset_next(row, s + 1))
      if (++crossings > CRL_SSA_MODE_MAX_CROSSINGS) break;
    if (crossings > CRL_SSA_MODE_MAX_CROSSINGS && !used_where_frame_gone(p, cd->value)) {
      cd->store_after_def = 1;
      continue;
    }
    if (crl_defined_after_store_point(c, p, i)) cd->store_after_def = 1;
  }
}

int crl_defined_after_store_point(crl_coro *c, crl_plan *p, uint32_t i) {
  crl_cand *cd = &p->cands[i];
  if (cd->is_alloca || LLVMIsAArgument(cd->value)) return 0;
  const crl_bitset *row = &p->cross.across[i];
  for (uint32_t s = crl_bitset_next(row, 0); s < c->num_susp; s = crl_bitset_next(row, s + 1)) {
    LLVMValueRef pt = c->susp[s].point;
    uint32_t pb = crl_block_id(p, LLVMGetInstructionParent(pt));
    int ok = pb == cd->def_block ? crl_comes_before(cd->value, pt)
                                 : crl_dominates(&p->dom, cd->def_block, pb);
    if (!ok) return 1;
  }
  return 0;
}

/* A value defined in the block of a store point may be live there.
 * Store points are chained per block so this stays linear. */
static int add_store_points(crl_coro *c, crl_plan *p, const uint32_t *rb) {
  uint32_t n = c->num_susp;
  uint32_t *first_pt = crl_malloc((p->num_blocks + 1) * sizeof *first_pt);
  uint32_t *next_pt = crl_malloc((n + 1) * sizeof *next_pt);
  if (!first_pt || !next_pt) {
    free(first_pt);
    free(next_pt);
    return -1;
  }
  for (uint32_t b = 0; b <= p->num_blocks; b++) first_pt[b] = UINT32_MAX;
  for (uint32_t s = 0; s < n; s++) {
    next_pt[s] = first_pt[rb[n + s]];
    first_pt[rb[n + s]] = s;
  }
  for (uint32_t i = 0; i < p->num_cands; i++) {
    uint32_t d = p->cands[i].def_block;
    if (d >= p->num_blocks || crl_bitset_next(&p->cross.across[i], 0) >= n) continue;
    for (uint32_t s = first_pt[d]; s != UINT32_MAX; s = next_pt[s])
      crl_bitset_set(&p->cross.across[i], n + s);
  }
  free(first_pt);
  free(next_pt);
  return 0;
}

/* Is the suspend's store point the branch of its pre block into its
 * landing block? */
static int store_at_suspend(const crl_suspend *sp) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(sp->pre);
  return sp->point == t && LLVMGetNumSuccessors(t) == 1 &&
         LLVMGetSuccessor(t, 0) == sp->landing;
}

static int check_begin_dominates(crl_coro *c, crl_plan *p) {
  for (uint32_t s = 0; s < c->num_susp; s++) {
    uint32_t pb = crl_block_id(p, LLVMGetInstructionParent(c->susp[s].point));
    if (!crl_dominates(&p->dom, p->begin_block, pb) ||
        (pb == p->begin_block && !crl_comes_before(c->shape->begin, c->susp[s].point))) {
      CRL_ERR(c, c->susp[s].point, "suspend point is not dominated by llvm.coro.begin");
      return -1;
    }
  }
  return 0;
}

/* The plan and its index CFG, the blocks where the frame may be gone, and
 * coro.begin ahead of every suspend point. */
static int plan_cfg(crl_coro *c) {
  crl_plan *p = crl_calloc(1, sizeof *p);
  if (!p) {
    CRL_ERR(c, NULL, "out of memory planning the frame");
    return -1;
  }
  c->frame.plan = p;
  if (crl_plan_build_cfg(p, c->fn, c->susp, c->num_susp) != 0 ||
      crl_plan_mark_gone(p, c->susp, c->num_susp, &c->shape->frees) != 0) {
    CRL_ERR(c, NULL, "out of memory building the control-flow graph");
    return -1;
  }
  p->begin_block = crl_block_id(p, LLVMGetInstructionParent(c->shape->begin));
  return check_begin_dominates(c, p);
}

/* Ids [0, n) are the suspends, [n, 2n) their store points: rb[id] is the
 * block whose live-in set is live there, pt[n + s] the store point's
 * block (where values defined after it are stored as they are made). */
static void store_point_blocks(crl_coro *c, crl_plan *p, uint32_t *rb, uint32_t *pt) {
  uint32_t n = c->num_susp;
  for (uint32_t s = 0; s < n; s++) {
    rb[s] = crl_block_id(p, c->susp[s].resume);
    rb[n + s] = pt[n + s] = crl_block_id(p, LLVMGetInstructionParent(c->susp[s].point));
    /* A store point that ends the block falling into the resume block (no
     * separate save): what is live there is what is live into the resume
     * block, exactly; the store point's own block would also count values
     * whose last use comes before it, and spills whose last use comes
     * before a back-to-back suspend could not share storage with values
     * defined after it. */
    if (store_at_suspend(&c->susp[s])) {
      rb[n + s] = rb[s];
      pt[n + s] = p->num_blocks; /* no value is defined there */
    }
  }
}

/* Crossing sets and hulls of every candidate, shadows folded into their
 * owners (then dropped), exact alloca lifetimes, store points. */
static int crossing_sets(crl_coro *c, crl_plan *p, const crl_shadow_list *sl,
                         const uint32_t *rb, const uint32_t *pt) {
  crl_reach_value *rv = crl_calloc(2 * (size_t)p->num_cands + 1, sizeof *rv);
  crl_live_value *lv = crl_malloc(((size_t)p->num_cands + 1) * sizeof *lv);
  if (!rv || !lv) {
    free(rv);
    free(lv);
    return -1;
  }
  crl_reach_value *bk = rv + p->num_cands;
  for (uint32_t i = 0; i < p->num_cands; i++) {
    const crl_cand_input *in = &p->cands[i].in;
    lv[i] = (crl_live_value){p->cands[i].def_block, in->uses.n, in->uses.b};
    rv[i] = (crl_reach_value){in->gen.n, in->kill.n, in->gen.b, in->kill.b};
    bk[i] = (crl_reach_value){in->uses.n, in->rewrite.n, in->uses.b, in->rewrite.b};
  }
  int rc = crl_crossing_and_hulls(p, 2 * c->num_susp, rb, lv, rv, bk);
  /* Shadows hand their crossing sets to their owners and go. */
  for (uint32_t k = 0; rc == 0 && k < sl->n; k++)
    crl_bitset_union_with(&p->cross.across[sl->v[k].owner],
                          &p->cross.across[p->num_main + k]);
  for (uint32_t i = p->num_main; rc == 0 && i < p->num_cands; i++)
    crl_cand_input_free(&p->cands[i].in);
  if (rc == 0) p->num_cands = p->cross.num_values = p->num_main;
  if (rc == 0) rc = crl_exact_alloca_lifetimes(c, p, lv, rv);
  if (rc == 0) rc = add_store_points(c, p, pt);
  free(rv);
  free(lv);
  return rc;
}

/* What liveness found, kept for the one-level plan (crl_frame_build). */
static int keep_one_level(crl_plan *p) {
  size_t words = (size_t)p->num_cands * p->cross.across[0].nwords;
  p->rows_before = crl_malloc((words + 1) * sizeof *p->rows_before);
  p->hull_before = crl_malloc((2 * (size_t)p->num_cands + 1) * sizeof *p->hull_before);
  if (!p->rows_before || !p->hull_before) return -1;
  if (p->num_cands) memcpy(p->rows_before, p->cross.across[0].words, words * sizeof *p->rows_before);
  for (uint32_t i = 0; i < p->num_cands; i++) {
    p->hull_before[2 * i] = p->cands[i].lo;
    p->hull_before[2 * i + 1] = p->cands[i].hi;
  }
  return 0;
}

int crl_frame_liveness(crl_coro *c) {
  if (plan_cfg(c) != 0) return -1;
  crl_plan *p = c->frame.plan;
  crl_shadow_list sl = {0};
  uint32_t n = c->num_susp;
  uint32_t *rb = crl_malloc((2 * n + 1) * sizeof *rb);
  uint32_t *pt = crl_malloc((2 * n + 1) * sizeof *pt);
  int rc = crl_collect_candidates(c, p, &sl);
  if (!rb || !pt) rc = -1;
  if (rc == 0) store_point_blocks(c, p, rb, pt);
  if (rc == 0) rc = crossing_sets(c, p, &sl, rb, pt);
  free(pt);
  free(rb);
  for (uint32_t i = 0; p->cands && i < p->num_cands; i++) crl_cand_input_free(&p->cands[i].in);
  for (uint32_t k = 0; k < sl.n; k++) crl_cand_input_free(&sl.v[k].in);
  free(sl.v);
  if (rc == 0) rc = keep_one_level(p);
  if (rc != 0) {
    CRL_ERR(c, NULL, "out of memory in liveness analysis");
    return -1;
  }
  p->chains_used = crl_mark_remat(c, p, CRL_REMAT_CHAINS);
  crl_mark_narrow(c, p);
  crl_mark_late_defs(c, p);
  return 0;
}
