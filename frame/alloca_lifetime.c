/* Exact lifetimes of allocas, for storage sharing.
 *
 * Interference is first decided on live-range hulls in reverse post-order
 * (spill_plan.c), which is cheap but loose: the destroy path out of a scope's
 * suspend point ends that scope's locals in cleanup code placed late in the
 * order, so the hulls of locals of consecutive scopes nest although the
 * locals are never alive together. For allocas with lifetime markers that
 * get a frame field, this computes the blocks where each is really alive:
 * reachable from its lifetime.start without passing its lifetime.end (as
 * LLVM's stack-lifetime analysis does) and able to reach a use (backward
 * liveness). Two such allocas whose block sets are disjoint share storage.
 *
 * Size does not matter; cost does. Each alloca costs a walk over its
 * lifetime plus a bitset of blocks, so the walks share one budget
 * proportional to the function (CRL_EXACT_BUDGET blocks per block of the
 * function): the largest allocas, which gain most, go first, and in a
 * function whose lifetimes are too long for the budget the rest keep the
 * hull approximation. The last marker of each block is recorded per
 * alloca (stamped arrays for the walk, a map for the pairwise checks of
 * those whose walk succeeded), not found by scanning the block. */
#include <stdlib.h>

#include "frame/alloca_lifetime.h"
#include "irkit/oom.h"
#include "irkit/blocks.h"
#include "irkit/keysort.h"

/* Forward walks may visit this many blocks per block of the function, in
 * all (and a few thousand more, so small functions are never limited). */
#define CRL_EXACT_BUDGET 8u
#define CRL_EXACT_BUDGET_MIN 4096u
/* Walks that fail (run past what is left of the budget) are not charged to
 * it, so that one long lifetime does not cost the short ones behind it
 * their exact lifetimes. They draw on an allowance of the same size
 * instead; once that is spent, each later walk may visit at most this many
 * blocks, which keeps the total linear when thousands of long lifetimes
 * each fail against a large remainder. */
#define CRL_EXACT_LATE_WALK 32u

/* The alloca's lifetime markers, into `marks`, and its last one in each
 * block that has one, into `last` (both emptied first). Blocks with several
 * markers of it are ordered by walking them, which only they need. Returns
 * 0 or -1 (out of memory). */
static int last_markers(LLVMValueRef a, crl_vec *last, crl_vec *marks) {
  int rc = 0;
  last->n = 0;
  marks->n = 0;
  for (LLVMUseRef u = LLVMGetFirstUse(a); u && rc == 0; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    crl_intr k = crl_intrinsic_of(user);
    if (k == CRL_I_LIFETIME_START || k == CRL_I_LIFETIME_END) rc = crl_vec_push(marks, user);
  }
  for (unsigned k = 0; rc == 0 && k < marks->n; k++) {
    LLVMValueRef mk = marks->v[k];
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(mk);
    int is_last = 1;
    for (unsigned j = 0; j < marks->n && is_last; j++)
      if (j != k && LLVMGetInstructionParent(marks->v[j]) == bb && crl_comes_before(mk, marks->v[j]))
        is_last = 0;
    if (is_last) rc = crl_vec_push(last, mk);
  }
  return rc;
}

static uint8_t marker_kind(LLVMValueRef mk) {
  return crl_intrinsic_of(mk) == CRL_I_LIFETIME_START ? 1 : 2;
}

/* For the forward walk: stamp[b] == tag says block b holds a last marker
 * of this alloca, kind[b] which. One write per marker, so no per-alloca
 * array is cleared and the walk pays no hash lookup per block. */
static void stamp_markers(const crl_plan *p, const crl_vec *last, uint32_t *stamp,
                          uint8_t *kind, uint32_t tag) {
  for (unsigned k = 0; k < last->n; k++) {
    uint32_t b = crl_block_id(p, LLVMGetInstructionParent(last->v[k]));
    if (b < p->num_blocks) {
      stamp[b] = tag;
      kind[b] = marker_kind(last->v[k]);
    }
  }
}

/* For the pairwise checks, only of allocas whose walk succeeded: block ->
 * 1 (start) or 2 (end). */
static crl_valmap *marker_map(const crl_vec *last) {
  crl_valmap *m = crl_malloc(sizeof *m);
  if (!m || crl_valmap_init(m, last->n + 1) != 0) {
    free(m);
    return NULL;
  }
  for (unsigned k = 0; k < last->n; k++)
    if (crl_valmap_put_id(m, LLVMGetInstructionParent(last->v[k]), marker_kind(last->v[k])) != 0) {
      crl_valmap_free(m);
      free(m);
      return NULL;
    }
  return m;
}

/* The last lifetime marker of the candidate in block bb (+1 start, -1
 * end, 0 none). */
static int last_marker(const crl_cand *cd, LLVMBasicBlockRef bb) {
  uint32_t k = cd->markers ? crl_valmap_get_id(cd->markers, bb) : UINT32_MAX;
  return k == 1 ? 1 : k == 2 ? -1 : 0;
}

/* Forward: blocks reachable from a start marker (among `marks`, all the
 * alloca's markers) without passing an end. Marks them in `seen`, which
 * must be clear, and lists them in queue[0 .. *reached). Returns the
 * blocks visited, or UINT32_MAX when the alloca has no start or no end
 * (nothing exact to say) or the walk ran past `budget`; *spent gets the
 * blocks visited either way. Which blocks are reached does not depend on
 * the order they are visited in, so neither does the answer. */
static uint32_t forward_blocks(crl_plan *p, const crl_vec *marks, uint64_t *seen,
                               uint32_t *queue, uint32_t *reached, uint32_t budget,
                               const uint32_t *stamp, const uint8_t *kind, uint32_t tag,
                               uint32_t *spent) {
  uint32_t head = 0, tail = 0, ends = 0;
  *spent = 0;
  for (unsigned m = 0; m < marks->n; m++) {
    LLVMValueRef mk = marks->v[m];
    if (marker_kind(mk) == 2) {
      ends++;
      continue;
    }
    uint32_t b = crl_block_id(p, LLVMGetInstructionParent(mk));
    if (b < p->num_blocks && !(seen[b >> 6] >> (b & 63) & 1)) {
      seen[b >> 6] |= 1ULL << (b & 63);
      queue[tail++] = b;
    }
  }
  *reached = tail;
  if (!tail || !ends) return UINT32_MAX;
  const crl_cfg *g = &p->live_cfg;
  while (head < tail) {
    uint32_t b = queue[head++];
    *spent = head;
    if (head > budget) break;
    if (stamp[b] == tag && kind[b] == 2) continue; /* ends here */
    for (uint32_t e = g->succ_off[b]; e < g->succ_off[b + 1]; e++) {
      uint32_t s = g->succ[e];
      if (seen[s >> 6] >> (s & 63) & 1) continue;
      seen[s >> 6] |= 1ULL << (s & 63);
      queue[tail++] = s;
    }
  }
  *reached = tail;
  return head > budget ? UINT32_MAX : head;
}

/* The scratch every walk of crl_exact_alloca_lifetimes shares. */
typedef struct walk {
  uint32_t nb, W;
  uint32_t *stack, *out, *stamp;
  uint64_t *seen;
  uint8_t *kind;
  crl_live_scratch sc;
  int sc_ok;
  crl_vec last, marks;
} walk;

static void walk_free(walk *w) {
  if (w->sc_ok) crl_live_scratch_free(&w->sc);
  crl_vec_free(&w->last);
  crl_vec_free(&w->marks);
  free(w->seen);
  free(w->stamp);
  free(w->kind);
  free(w->stack);
  free(w->out);
}

static int walk_init(walk *w, crl_plan *p) {
  memset(w, 0, sizeof *w);
  w->nb = p->num_blocks;
  w->W = (w->nb + 63) / 64;
  w->stack = crl_malloc((w->nb + 1) * sizeof *w->stack);
  w->seen = crl_calloc(w->W + 1, sizeof *w->seen);
  w->out = crl_malloc((w->nb + 1) * sizeof *w->out);
  w->stamp = crl_calloc(w->nb + 1, sizeof *w->stamp);
  w->kind = crl_malloc(w->nb + 1);
  w->sc_ok = crl_live_scratch_init(&w->sc, &p->live_cfg) == 0;
  return w->stack && w->seen && w->out && w->stamp && w->kind && w->sc_ok ? 0 : -1;
}

/* Allocas with markers that get a field, largest first, into ord; their
 * number. kv: scratch of one entry per candidate. */
static uint32_t by_size(crl_coro *c, crl_plan *p, crl_keyed *kv, uint32_t *ord) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < p->num_cands; i++) {
    crl_cand *cd = &p->cands[i];
    uint64_t size;
    if (!cd->is_alloca || !LLVMIsAAllocaInst(cd->value) ||
        crl_memory_size(c, cd->value, &size) != 0 ||
        crl_bitset_next(&p->cross.across[i], 0) >= c->num_susp)
      continue;
    /* keysort orders ascending: the complement puts large sizes first. */
    kv[n++] = (crl_keyed){~size, i};
  }
  crl_keyed_sort(kv, n, ord);
  return n;
}

static void set_bit(uint64_t *bits, uint32_t b, uint32_t nb) {
  if (b < nb) bits[b >> 6] |= 1ULL << (b & 63);
}

/* Candidate i's backward side: its live-in blocks, its definition and
 * uses, and (reach) every block touching it: its uses may be only the
 * reads that matter, and a write nothing reads still needs the storage.
 * Returns the bitset (NULL out of memory); *cost, the blocks listed. */
static uint64_t *backward_blocks(walk *w, const crl_cand *cd, const crl_live_value *lv,
                                 const crl_reach_value *rv, uint32_t *cost) {
  uint64_t *bwd = crl_calloc(w->W + 1, sizeof *bwd);
  if (!bwd) return NULL;
  uint32_t m = crl_live_in_blocks(&w->sc, lv, w->out);
  *cost = m;
  for (uint32_t j = 0; j < m; j++) set_bit(bwd, w->out[j], w->nb);
  for (uint32_t j = 0; j < lv->num_uses; j++) set_bit(bwd, lv->use_blocks[j], w->nb);
  set_bit(bwd, lv->def_block, w->nb);
  if (cd->reach) {
    for (uint32_t j = 0; j < rv->num_gen; j++) set_bit(bwd, rv->gen_blocks[j], w->nb);
    for (uint32_t j = 0; j < rv->num_kill; j++) set_bit(bwd, rv->kill_blocks[j], w->nb);
  }
  return bwd;
}

/* The k-th alloca by size, candidate i: its blocks forward from its
 * starts within the budget, intersected with its backward blocks, into
 * cd->live_blocks (left NULL when the walk is over budget). 0, or -1 out
 * of memory. */
static int one_alloca(walk *w, crl_plan *p, uint32_t i, uint32_t k, const crl_live_value *lv,
                      const crl_reach_value *rv, uint64_t *budget, uint64_t *spare) {
  crl_cand *cd = &p->cands[i];
  if (last_markers(cd->value, &w->last, &w->marks) != 0) return -1;
  stamp_markers(p, &w->last, w->stamp, w->kind, k + 1);
  uint64_t cap = *budget > UINT32_MAX - 1 ? UINT32_MAX - 1 : *budget;
  if (!*spare && cap > CRL_EXACT_LATE_WALK) cap = CRL_EXACT_LATE_WALK;
  uint32_t spent, reached;
  uint32_t used = forward_blocks(p, &w->marks, w->seen, w->stack, &reached, (uint32_t)cap,
                                 w->stamp, w->kind, k + 1, &spent);
  /* The walk's blocks move out of the shared scratch: only the few walks
   * that succeed pay for a bitset of the whole function. */
  uint64_t *fwd = used == UINT32_MAX ? NULL : crl_calloc(w->W + 1, sizeof *fwd);
  for (uint32_t j = 0; j < reached; j++) {
    uint32_t b = w->stack[j];
    w->seen[b >> 6] &= ~(1ULL << (b & 63));
    if (fwd) fwd[b >> 6] |= 1ULL << (b & 63);
  }
  if (used == UINT32_MAX) {
    *spare -= spent < *spare ? spent : *spare;
    return 0;
  }
  if (!fwd || !(cd->markers = marker_map(&w->last))) {
    free(fwd);
    return -1;
  }
  *budget -= used < *budget ? used : *budget;
  uint32_t m = 0;
  uint64_t *bwd = backward_blocks(w, cd, &lv[i], &rv[i], &m);
  if (!bwd) {
    free(fwd);
    return -1;
  }
  *budget -= m < *budget ? m : *budget;
  for (uint32_t x = 0; x < w->W; x++) fwd[x] &= bwd[x];
  free(bwd);
  cd->live_blocks = fwd;
  return 0;
}

int crl_exact_alloca_lifetimes(crl_coro *c, crl_plan *p,
                               const crl_live_value *lv, const crl_reach_value *rv) {
  walk w;
  uint32_t *ord = crl_malloc((p->num_cands + 1) * sizeof *ord);
  crl_keyed *kv = crl_malloc((p->num_cands + 1) * sizeof *kv);
  int rc = walk_init(&w, p) == 0 && ord && kv ? 0 : -1;
  uint32_t n = rc == 0 ? by_size(c, p, kv, ord) : 0;
  uint64_t budget = (uint64_t)CRL_EXACT_BUDGET * w.nb + CRL_EXACT_BUDGET_MIN, spare = budget;
  for (uint32_t k = 0; k < n && budget > 0 && rc == 0; k++)
    rc = one_alloca(&w, p, ord[k], k, lv, rv, &budget, &spare);
  walk_free(&w);
  free(ord);
  free(kv);
  return rc;
}

/* Is `a` alive on entry to block x: does a predecessor where it is alive
 * leave it alive? */
static int alive_on_entry(const crl_plan *p, const crl_cand *a, uint32_t x) {
  const crl_cfg *g = &p->live_cfg;
  for (uint32_t e = g->pred_off[x]; e < g->pred_off[x + 1]; e++) {
    uint32_t q = g->pred[e];
    if ((a->live_blocks[q >> 6] >> (q & 63) & 1) && last_marker(a, p->blocks[q]) >= 0)
      return 1;
  }
  return 0;
}

/* In block x, does `a` end before `b` starts? (a dies there, b is not alive
 * on entry, and a's last lifetime.end comes before b's first start.) */
static int ends_before_start(const crl_plan *p, const crl_cand *a,
                             const crl_cand *b, uint32_t x) {
  LLVMBasicBlockRef bb = p->blocks[x];
  if (last_marker(a, bb) >= 0 || alive_on_entry(p, b, x)) return 0;
  LLVMValueRef last_end = NULL, first_start = NULL;
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
    crl_intr k = crl_intrinsic_of(i);
    if (k == CRL_I_LIFETIME_END && LLVMGetOperand(i, 0) == a->value) last_end = i;
    if (k == CRL_I_LIFETIME_START && LLVMGetOperand(i, 0) == b->value && !first_start)
      first_start = i;
  }
  return last_end && first_start && crl_comes_before(last_end, first_start);
}

int crl_alloca_lifetimes_disjoint(const crl_plan *p, const crl_cand *a,
                                  const crl_cand *b) {
  if (!a->live_blocks || !b->live_blocks) return 0;
  uint32_t W = (p->num_blocks + 63) / 64;
  for (uint32_t w = 0; w < W; w++)
    for (uint64_t both = a->live_blocks[w] & b->live_blocks[w]; both; both &= both - 1) {
      uint32_t x = (w << 6) + crl_ctz64(both);
      /* Alive in the same block: disjoint only if one ends before the
       * other starts there. */
      if (!ends_before_start(p, a, b, x) && !ends_before_start(p, b, a, x)) return 0;
    }
  return 1;
}
