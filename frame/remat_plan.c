/* Rematerialization planning: which values are recomputed after each
 * suspend from their operands instead of getting a frame slot. */
#include <stdlib.h>
#include <string.h>

#include "core/layout.h"
#include "frame/alloca_lifetime.h"
#include "coro/lowering.h"
#include "frame/frame_plan.h"
#include "irkit/keysort.h"

/* Cheap pure instructions (casts, arithmetic, comparisons, selects,
 * address arithmetic) are recomputed after each suspend instead of getting
 * a frame slot when that costs fewer frame bytes: their operands then live
 * across those suspends too, which is free for operands already there and
 * is paid otherwise (a sign-extended counter keeps its i32, not the i64).
 * An operand that is not in the frame may be recomputed in turn, so a
 * chain (s * 31 + 7 from s) rebuilds from the values the frame holds
 * anyway; chains are at most CRL_REMAT_DEPTH instructions long, and their
 * operands' copies (the value's own replaces a reload) add at most
 * CRL_REMAT_CLONES instructions over all the suspends they cross.
 * Division and remainder are recomputed too: with the same operands they
 * cannot trap where the original did not. */
#define CRL_REMAT_DEPTH 4
#define CRL_REMAT_CLONES 64

static int recomputable(LLVMValueRef v) {
  if (!LLVMIsAInstruction(v)) return 0;
  return LLVMIsACastInst(v) || LLVMIsACmpInst(v) || LLVMIsASelectInst(v) ||
         LLVMIsAGetElementPtrInst(v) || LLVMIsABinaryOperator(v);
}

int crl_remat_candidate(LLVMValueRef v) { return recomputable(v); }

static int remat_from(crl_coro *c, LLVMValueRef v, int depth) {
  for (; depth < 64; depth++) {
    if (v == c->begin || v == c->frame_base || LLVMIsAAllocaInst(v) ||
        LLVMIsAConstant(v))
      return 1;
    /* Where the realigned region's slack block is: a select on a compare
     * of two frame addresses (rewrite.c). */
    if (c->slack_addr && (v == c->slack_addr || v == c->slack_cmp)) {
      unsigned n = LLVMGetNumOperands(v);
      for (unsigned k = 0; k + 1 < n; k++)
        if (!remat_from(c, LLVMGetOperand(v, k), depth + 1)) return 0;
      v = LLVMGetOperand(v, n - 1);
      continue;
    }
    /* The realigned address of an over-aligned frame alloca. */
    if (LLVMIsACallInst(v) && LLVMGetIntrinsicID(LLVMGetCalledValue(v)) ==
                                  LLVMLookupIntrinsicID("llvm.ptrmask", 12)) {
      if (!LLVMIsAConstant(LLVMGetOperand(v, 1))) return 0;
      v = LLVMGetOperand(v, 0);
      continue;
    }
    if (!LLVMIsAGetElementPtrInst(v) && !LLVMIsABitCastInst(v) &&
        !LLVMIsAAddrSpaceCastInst(v))
      return 0;
    unsigned n = LLVMGetNumOperands(v);
    for (unsigned k = 1; k < n; k++)
      if (!LLVMIsAConstant(LLVMGetOperand(v, k))) return 0;
    v = LLVMGetOperand(v, 0);
  }
  return 0;
}

int crl_is_remat(crl_coro *c, LLVMValueRef v) { return remat_from(c, v, 0); }

static int covers(const crl_bitset *a, const crl_bitset *b, uint32_t n) {
  for (uint32_t s = crl_bitset_next(b, 0); s < n; s = crl_bitset_next(b, s + 1))
    if (!crl_bitset_test(a, s)) return 0;
  return 1;
}

/* Address arithmetic on the frame or on what it derives from, which every
 * split function rebuilds on its own (crl_is_remat, but no alloca). */
static int rebuilt_everywhere(crl_coro *c, LLVMValueRef v) {
  if (!crl_is_remat(c, v)) return 0;
  while (LLVMIsAGetElementPtrInst(v) || LLVMIsABitCastInst(v) || LLVMIsAAddrSpaceCastInst(v))
    v = LLVMGetOperand(v, 0);
  return v == c->begin || (c->frame_base && v == c->frame_base);
}

#define CRL_CHAIN_MAX 8

/* What recomputing one value takes: candidates the frame then holds
 * (leaves) and pure instructions recomputed with it (members, in
 * definition order). */
typedef struct chain_walk {
  uint32_t leaves[CRL_CHAIN_MAX], num_leaves;
  LLVMValueRef members[CRL_CHAIN_MAX];
  uint32_t num_members;
} chain_walk;

static int crosses_any(const crl_plan *p, uint32_t j, uint32_t n) {
  return crl_bitset_next(&p->cross.across[j], 0) < n;
}

static int add_leaf(crl_plan *p, chain_walk *w, uint32_t j) {
  if (p->cands[j].is_alloca || p->cands[j].remat) return -1;
  for (uint32_t k = 0; k < w->num_leaves; k++)
    if (w->leaves[k] == j) return 0;
  if (w->num_leaves == CRL_CHAIN_MAX) return -1;
  w->leaves[w->num_leaves++] = j;
  return 0;
}

static int is_member(const chain_walk *w, LLVMValueRef v) {
  for (uint32_t k = 0; k < w->num_members; k++)
    if (w->members[k] == v) return 1;
  return 0;
}

/* The operands of v, recomputed `depth` levels below the value: members
 * while c->remat_depth allows, crossing nothing themselves. 0, or -1 when
 * v cannot be recomputed so. */
static int walk_ops(crl_coro *c, crl_plan *p, const crl_valmap *cand_of,
                    LLVMValueRef v, unsigned depth, chain_walk *w) {
  unsigned nops = LLVMGetNumOperands(v);
  if (nops > 4) return -1;
  for (unsigned k = 0; k < nops; k++) {
    LLVMValueRef op = LLVMGetOperand(v, k);
    if (LLVMIsAConstant(op) || rebuilt_everywhere(c, op) || is_member(w, op)) continue;
    uint32_t j = crl_valmap_get_id(cand_of, op);
    int crossing = j != UINT32_MAX && crosses_any(p, j, c->num_susp);
    if (!crossing && depth + 1 < c->remat_depth && recomputable(op)) {
      if (walk_ops(c, p, cand_of, op, depth + 1, w) != 0) return -1;
      if (w->num_members == CRL_CHAIN_MAX) return -1;
      w->members[w->num_members++] = op;
      continue;
    }
    if (j == UINT32_MAX || add_leaf(p, w, j) != 0) return -1;
  }
  return 0;
}

/* ---- chains (CRL_PLAN_REMAT_CHAINS) ----
 *
 * A value is recomputed after a suspend from a small tree of cheap
 * instructions (cloned with it, operands first) whose leaves are
 * candidates the frame holds across those suspends anyway, or recomputes
 * itself (a chain), or that are extended across them when that costs less
 * than the value. Bounded in depth, size and in the walk through
 * recomputed leaves, so planning stays linear. */
#define CHAIN_DEPTH 4
#define CHAIN_NODES CRL_REMAT_TREE_MAX
#define CHAIN_LEAVES 8
#define CHAIN_BUDGET 64

typedef struct chain {
  LLVMValueRef tree[CHAIN_NODES];
  uint32_t leaves[CHAIN_LEAVES];
  uint32_t ntree, nleaves;
} chain;

static uint64_t type_size(crl_coro *c, LLVMValueRef v) {
  return LLVMABISizeOfType(c->td, LLVMTypeOf(v));
}

/* What keeping candidate j available across `row` costs in frame bytes:
 * nothing if the frame holds it there already, its leaves' cost if it is
 * recomputed, else its size; UINT64_MAX if it cannot be (or the walk
 * through recomputed leaves ran out of budget). */
static uint64_t need(crl_coro *c, crl_plan *p, uint32_t j, const crl_bitset *row,
                     unsigned *budget) {
  const crl_cand *cd = &p->cands[j];
  if (*budget == 0 || cd->is_alloca) return UINT64_MAX;
  --*budget;
  if (!cd->remat)
    return covers(&p->cross.across[j], row, c->num_susp) ? 0 : type_size(c, cd->value);
  uint64_t sum = 0;
  for (uint32_t k = 0; k < cd->nleaves && sum != UINT64_MAX; k++) {
    uint64_t x = need(c, p, cd->leaves[k], row, budget);
    sum = x == UINT64_MAX ? x : sum + x;
  }
  return sum;
}

static int tree_add_leaf(chain *ch, uint32_t j) {
  for (uint32_t k = 0; k < ch->nleaves; k++)
    if (ch->leaves[k] == j) return 0;
  if (ch->nleaves == CHAIN_LEAVES) return -1;
  ch->leaves[ch->nleaves++] = j;
  return 0;
}

static int in_tree(const chain *ch, LLVMValueRef v) {
  for (uint32_t k = 0; k < ch->ntree; k++)
    if (ch->tree[k] == v) return 1;
  return 0;
}

/* How operand x is had after the suspends of `row`: a constant, a leaf
 * (the frame has it there, or recomputes it), or a tree node recomputed
 * from its own operands; failing that, a candidate extended across them.
 * 0, or -1 when x cannot be had (the tree is left as it was). */
static int gather(crl_coro *c, crl_plan *p, const crl_valmap *cand_of,
                  LLVMValueRef x, const crl_bitset *row, unsigned depth, chain *ch) {
  if (LLVMIsAConstant(x)) return 0;
  uint32_t j = crl_valmap_get_id(cand_of, x);
  const crl_cand *cd = j != UINT32_MAX ? &p->cands[j] : NULL;
  if (cd && !cd->is_alloca &&
      (cd->remat || covers(&p->cross.across[j], row, c->num_susp)))
    return tree_add_leaf(ch, j);
  if (in_tree(ch, x)) return 0;
  uint32_t nt = ch->ntree, nl = ch->nleaves;
  unsigned nops = LLVMIsAInstruction(x) ? (unsigned)LLVMGetNumOperands(x) : 0;
  if (depth < CHAIN_DEPTH && recomputable(x) && nops <= 4 && ch->ntree < CHAIN_NODES) {
    int ok = 1;
    for (unsigned k = 0; k < nops && ok; k++)
      ok = gather(c, p, cand_of, LLVMGetOperand(x, k), row, depth + 1, ch) == 0;
    if (ok && ch->ntree < CHAIN_NODES) {
      ch->tree[ch->ntree++] = x;
      return 0;
    }
    ch->ntree = nt;
    ch->nleaves = nl;
  }
  return cd && !cd->is_alloca ? tree_add_leaf(ch, j) : -1;
}

/* Leaf j is now needed wherever the value is: across its suspends (and
 * store points), over its hull; a recomputed leaf's own leaves too. */
static void extend(crl_plan *p, uint32_t j, const crl_cand *v, const crl_bitset *row) {
  crl_cand *cd = &p->cands[j];
  crl_bitset_union_with(&p->cross.across[j], row);
  if (v->lo < cd->lo) cd->lo = v->lo;
  if (v->hi > cd->hi) cd->hi = v->hi;
  for (uint32_t k = 0; cd->remat && k < cd->nleaves; k++) extend(p, cd->leaves[k], v, row);
}

static int keep_chain(crl_cand *cd, const chain *ch) {
  cd->tree = ch->ntree ? malloc(ch->ntree * sizeof *cd->tree) : NULL;
  cd->leaves = ch->nleaves ? malloc(ch->nleaves * sizeof *cd->leaves) : NULL;
  if ((ch->ntree && !cd->tree) || (ch->nleaves && !cd->leaves)) {
    free(cd->tree);
    free(cd->leaves);
    cd->tree = NULL;
    cd->leaves = NULL;
    return -1;
  }
  for (uint32_t k = 0; k < ch->ntree; k++) cd->tree[k] = ch->tree[k];
  for (uint32_t k = 0; k < ch->nleaves; k++) cd->leaves[k] = ch->leaves[k];
  cd->ntree = ch->ntree;
  cd->nleaves = ch->nleaves;
  return 0;
}

static void mark_remat_chains(crl_coro *c, crl_plan *p, const crl_valmap *cand_of) {
  uint32_t n = c->num_susp;
  for (uint32_t i = 0; i < p->num_cands; i++) {
    crl_cand *cd = &p->cands[i];
    const crl_bitset *row = &p->cross.across[i];
    if (cd->is_alloca || !recomputable(cd->value) || crl_bitset_next(row, 0) >= n ||
        LLVMGetNumOperands(cd->value) > 4)
      continue;
    chain ch;
    ch.ntree = ch.nleaves = 0;
    int ok = 1;
    unsigned nops = LLVMGetNumOperands(cd->value);
    for (unsigned k = 0; k < nops && ok; k++)
      ok = gather(c, p, cand_of, LLVMGetOperand(cd->value, k), row, 1, &ch) == 0;
    for (uint32_t k = 0; k < ch.nleaves && ok; k++) ok = ch.leaves[k] != i;
    if (!ok) continue;
    unsigned budget = CHAIN_BUDGET;
    uint64_t cost = 0;
    for (uint32_t k = 0; k < ch.nleaves && cost != UINT64_MAX; k++) {
      uint64_t x = need(c, p, ch.leaves[k], row, &budget);
      cost = x == UINT64_MAX ? x : cost + x;
    }
    if (cost == UINT64_MAX || (cost && cost >= type_size(c, cd->value))) continue;
    if (keep_chain(cd, &ch) != 0) continue;
    cd->remat = 1;
    for (uint32_t k = 0; k < ch.nleaves; k++) extend(p, ch.leaves[k], cd, row);
  }
}

/* Chains (c->remat_depth > 1): like single instructions below, with the
 * cost counted once per distinct leaf. */
static void mark_chains(crl_coro *c, crl_plan *p, const crl_valmap *cand_of,
                        uint8_t *pinned) {
  uint32_t n = c->num_susp;
  for (uint32_t i = 0; i < p->num_cands; i++) {
    crl_cand *cd = &p->cands[i];
    const crl_bitset *row = &p->cross.across[i];
    if (cd->is_alloca || pinned[i] || !recomputable(cd->value) || !crosses_any(p, i, n))
      continue;
    chain_walk w;
    w.num_leaves = w.num_members = 0;
    if (walk_ops(c, p, cand_of, cd->value, 0, &w) != 0) continue;
    uint64_t extra = 0;
    for (uint32_t k = 0; k < w.num_leaves; k++)
      if (!covers(&p->cross.across[w.leaves[k]], row, n))
        extra += LLVMABISizeOfType(c->td, LLVMTypeOf(p->cands[w.leaves[k]].value));
    if (extra && extra >= LLVMABISizeOfType(c->td, LLVMTypeOf(cd->value))) continue;
    if (w.num_members) {
      cd->chain = malloc(w.num_members * sizeof *cd->chain);
      if (!cd->chain) continue;
      memcpy(cd->chain, w.members, w.num_members * sizeof *cd->chain);
      cd->num_chain = w.num_members;
    }
    cd->remat = 1;
    for (uint32_t k = 0; k < w.num_leaves; k++) {
      crl_cand *oj = &p->cands[w.leaves[k]];
      pinned[w.leaves[k]] = 1;
      crl_bitset_union_with(&p->cross.across[w.leaves[k]], row);
      if (cd->lo < oj->lo) oj->lo = cd->lo;
      if (cd->hi > oj->hi) oj->hi = cd->hi;
    }
  }
}

static uint32_t count_bits(const crl_bitset *b, uint32_t n) {
  uint32_t k = 0;
  for (uint32_t s = crl_bitset_next(b, 0); s < n; s = crl_bitset_next(b, s + 1)) k++;
  return k;
}

/* What making one value available after a set of suspends takes: each
 * step extends a candidate's crossing set to the row, keeping it in the
 * frame (extend) or recomputing it there (remat). */
typedef struct remat_step { uint32_t cand; int remat; } remat_step;

typedef struct remat_ctx {
  crl_coro *c;
  crl_plan *p;
  crl_valmap cand_of;
  remat_step steps[64];
  uint32_t nsteps, clones;
  int chains;       /* 0: one level, from values already crossing suspends */
  uint8_t *pinned;  /* one level: operands of recomputed values stay */
  int used_chains;  /* a decision one level would not have made */
} remat_ctx;

#define REMAT_NO UINT64_MAX

static uint64_t operands_cost(remat_ctx *x, LLVMValueRef v, const crl_bitset *row,
                              int depth);

/* Extra frame bytes for candidate j to be available after every suspend of
 * `row`, steps appended to x; REMAT_NO when it cannot be. */
static uint64_t avail_cost(remat_ctx *x, uint32_t j, const crl_bitset *row, int depth) {
  crl_plan *p = x->p;
  crl_cand *cd = &p->cands[j];
  uint32_t n = x->c->num_susp;
  if (cd->is_alloca) return REMAT_NO;
  /* One level: an operand must be a value already crossing suspends,
   * kept in the frame (recomputed ones cannot be extended). */
  if (!x->chains && (cd->remat || cd->chain_only)) return REMAT_NO;
  if (covers(&p->cross.across[j], row, n)) return 0;
  LLVMTypeRef t = LLVMTypeOf(cd->value);
  uint64_t keep = LLVMABISizeOfType(x->c->td, t);
  uint32_t mark = x->nsteps, clones = x->clones;
  if (x->chains && (cd->remat || (recomputable(cd->value) && !cd->store_after_def)) &&
      depth < CRL_REMAT_DEPTH && x->nsteps < 64) {
    x->steps[x->nsteps++] = (remat_step){j, 1};
    x->clones += count_bits(row, n);
    uint64_t sub = x->clones <= CRL_REMAT_CLONES ? operands_cost(x, cd->value, row, depth + 1)
                                                  : REMAT_NO;
    /* Recomputing it is taken when that costs less than keeping it; a
     * value already recomputed has no slot to keep. */
    if (sub != REMAT_NO && (cd->remat || sub < keep)) return sub;
    x->nsteps = mark;
    x->clones = clones;
  }
  if (cd->remat || x->nsteps >= 64) return REMAT_NO;
  x->steps[x->nsteps++] = (remat_step){j, 0};
  return keep;
}

static uint64_t operands_cost(remat_ctx *x, LLVMValueRef v, const crl_bitset *row,
                              int depth) {
  unsigned nops = LLVMGetNumOperands(v);
  uint64_t sum = 0;
  for (unsigned k = 0; k < nops; k++) {
    LLVMValueRef op = LLVMGetOperand(v, k);
    if (LLVMIsAConstant(op)) continue;
    uint32_t j = crl_valmap_get_id(&x->cand_of, op);
    if (j == UINT32_MAX) return REMAT_NO;
    uint64_t c = avail_cost(x, j, row, depth);
    if (c == REMAT_NO) return REMAT_NO;
    sum += c;
  }
  return sum;
}

int crl_mark_remat(crl_coro *c, crl_plan *p, int chains) {
  uint32_t n = c->num_susp;
  /* A lowering that opts into tree chains (CRL_PLAN_REMAT_CHAINS) plans
   * them alone. */
  if (c->low && (c->low->plan_refinements & CRL_PLAN_REMAT_CHAINS)) {
    crl_valmap cand_of;
    if (crl_valmap_init(&cand_of, p->num_cands) != 0) return 0;
    for (uint32_t i = 0; i < p->num_cands; i++)
      crl_valmap_put_id(&cand_of, p->cands[i].value, i);
    mark_remat_chains(c, p, &cand_of);
    crl_valmap_free(&cand_of);
    return 0;
  }
  remat_ctx x;
  memset(&x, 0, sizeof x);
  x.c = c;
  x.p = p;
  x.chains = chains;
  x.pinned = calloc(p->num_cands + 1, 1);
  if (!x.pinned) return 0;
  crl_valmap_init(&x.cand_of, p->num_cands);
  for (uint32_t i = 0; i < p->num_cands; i++)
    crl_valmap_put_id(&x.cand_of, p->cands[i].value, i);
  /* An ABI that asks for its own chain depth (c->remat_depth > 1) gets
   * chains of instructions recomputed with each value. */
  if (c->remat_depth > 1) {
    mark_chains(c, p, &x.cand_of, x.pinned);
    crl_valmap_free(&x.cand_of);
    free(x.pinned);
    return 0;
  }
  for (uint32_t i = 0; i < p->num_cands; i++) {
    crl_cand *cd = &p->cands[i];
    const crl_bitset *row = &p->cross.across[i];
    if (cd->is_alloca || cd->remat || (!chains && x.pinned[i]) ||
        !recomputable(cd->value) || crl_bitset_next(row, 0) >= n)
      continue;
    /* The value's own copy after each suspend replaces a reload; only the
     * chain below it adds code. */
    x.nsteps = 0;
    x.clones = 0;
    uint64_t size = LLVMABISizeOfType(c->td, LLVMTypeOf(cd->value));
    uint64_t extra = operands_cost(&x, cd->value, row, 1);
    /* With chains a tie is taken too: the operand it brings into the frame
     * may serve other values recomputed from it (three field addresses
     * off one loaded pointer); crl_frame_build keeps the one-level plan
     * unless this one turns out smaller. */
    if (extra == REMAT_NO || extra > size || (extra == size && !chains)) continue;
    cd->remat = 1;
    for (uint32_t k = 0; k < x.nsteps; k++) {
      crl_cand *oj = &p->cands[x.steps[k].cand];
      if (x.steps[k].remat || oj->chain_only) x.used_chains = 1;
      x.pinned[x.steps[k].cand] = 1;
      if (x.steps[k].remat) oj->remat = 1;
      /* Now also live wherever the value was (suspends and store points). */
      crl_bitset_union_with(&p->cross.across[x.steps[k].cand], row);
      if (cd->lo < oj->lo) oj->lo = cd->lo;
      if (cd->hi > oj->hi) oj->hi = cd->hi;
    }
  }
  crl_valmap_free(&x.cand_of);
  free(x.pinned);
  return x.used_chains;
}

/* Recomputed values whose recomputation uses other recomputed values:
 * each one's chain height (1 + its recomputed operands' highest), so
 * that the rewrite can make the copies of users before those of their
 * operands. */
static uint32_t height(crl_plan *p, const crl_valmap *cand_of, uint32_t *h, uint32_t i,
                       int depth) {
  if (h[i]) return h[i];
  uint32_t best = 0;
  LLVMValueRef v = p->cands[i].value;
  unsigned nops = LLVMGetNumOperands(v);
  for (unsigned k = 0; k < nops && depth < 64; k++) {
    uint32_t j = crl_valmap_get_id(cand_of, LLVMGetOperand(v, k));
    if (j == UINT32_MAX || j == i || !p->cands[j].remat) continue;
    uint32_t hj = height(p, cand_of, h, j, depth + 1);
    if (hj > best) best = hj;
  }
  return h[i] = best + 1;
}

uint32_t *crl_remat_order(crl_plan *p, uint32_t *count) {
  uint32_t *ord = malloc((p->num_cands + 1) * sizeof *ord);
  uint32_t *h = calloc(p->num_cands + 1, sizeof *h);
  crl_keyed *kv = malloc((p->num_cands + 1) * sizeof *kv);
  crl_valmap cand_of;
  if (!ord || !h || !kv || crl_valmap_init(&cand_of, p->num_cands) != 0) {
    free(ord);
    free(h);
    free(kv);
    return NULL;
  }
  for (uint32_t i = 0; i < p->num_cands; i++)
    if (p->cands[i].remat) crl_valmap_put_id(&cand_of, p->cands[i].value, i);
  uint32_t m = 0;
  for (uint32_t i = 0; i < p->num_cands; i++)
    if (p->cands[i].remat)
      kv[m++] = (crl_keyed){((uint64_t)~height(p, &cand_of, h, i, 0) << 32) | i, i};
  crl_keyed_sort(kv, m, ord);
  crl_valmap_free(&cand_of);
  free(h);
  free(kv);
  *count = m;
  return ord;
}
