/* Rematerialization planning: which values are recomputed after each
 * suspend from their operands instead of getting a frame slot. */
#include <stdlib.h>
#include <string.h>

#include "core/layout.h"
#include "frame/alloca_lifetime.h"
#include "coro/lowering.h"
#include "frame/frame_plan.h"

/* Cheap pure instructions (casts, arithmetic, comparisons, selects,
 * address arithmetic) are recomputed after each suspend instead of getting
 * a frame slot when that cannot cost more: their operands then live across
 * those suspends too, which is free for operands already there and is
 * accepted when the operands that must be extended are smaller than the
 * value (a sign-extended counter keeps its i32, not the i64). */
static int recomputable(LLVMValueRef v) {
  if (!LLVMIsAInstruction(v)) return 0;
  if (LLVMIsACastInst(v) || LLVMIsACmpInst(v) || LLVMIsASelectInst(v) ||
      LLVMIsAGetElementPtrInst(v))
    return 1;
  if (!LLVMIsABinaryOperator(v)) return 0;
  /* Division could trap; recomputing it is only as safe as the original,
   * but keep the rule simple. */
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  return op != LLVMUDiv && op != LLVMSDiv && op != LLVMURem && op != LLVMSRem;
}

static int remat_from(crl_coro *c, LLVMValueRef v, int depth) {
  for (; depth < 64; depth++) {
    if (v == c->begin || LLVMIsAAllocaInst(v) || LLVMIsAConstant(v)) return 1;
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

static int add_leaf(chain *ch, uint32_t j) {
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
    return add_leaf(ch, j);
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
  return cd && !cd->is_alloca ? add_leaf(ch, j) : -1;
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

void crl_mark_remat(crl_coro *c, crl_plan *p) {
  uint32_t n = c->num_susp;
  if (c->low && (c->low->plan_refinements & CRL_PLAN_REMAT_CHAINS)) {
    crl_valmap cand_of;
    if (crl_valmap_init(&cand_of, p->num_cands) != 0) return;
    for (uint32_t i = 0; i < p->num_cands; i++)
      crl_valmap_put_id(&cand_of, p->cands[i].value, i);
    mark_remat_chains(c, p, &cand_of);
    crl_valmap_free(&cand_of);
    return;
  }
  crl_valmap cand_of;
  crl_valmap_init(&cand_of, p->num_cands);
  /* Operands of a recomputed value keep their slots: no chains, so the
   * operands' repair always runs after the copies are made. */
  uint8_t *pinned = calloc(p->num_cands + 1, 1);
  if (!pinned) {
    crl_valmap_free(&cand_of);
    return;
  }
  for (uint32_t i = 0; i < p->num_cands; i++)
    crl_valmap_put_id(&cand_of, p->cands[i].value, i);
  for (uint32_t i = 0; i < p->num_cands; i++) {
    crl_cand *cd = &p->cands[i];
    const crl_bitset *row = &p->cross.across[i];
    if (cd->is_alloca || pinned[i] || !recomputable(cd->value) ||
        crl_bitset_next(row, 0) >= n)
      continue;
    unsigned nops = LLVMGetNumOperands(cd->value);
    uint32_t ops[4], nj = 0;
    uint64_t extra = 0;
    int ok = nops <= 4;
    for (unsigned k = 0; k < nops && ok; k++) {
      LLVMValueRef op = LLVMGetOperand(cd->value, k);
      if (LLVMIsAConstant(op)) continue;
      uint32_t j = crl_valmap_get_id(&cand_of, op);
      ok = j != UINT32_MAX && !p->cands[j].is_alloca && !p->cands[j].remat;
      if (!ok) break;
      ops[nj++] = j;
      if (!covers(&p->cross.across[j], row, n))
        extra += LLVMABISizeOfType(c->td, LLVMTypeOf(op));
    }
    if (!ok || (extra && extra >= LLVMABISizeOfType(c->td, LLVMTypeOf(cd->value))))
      continue;
    cd->remat = 1;
    for (uint32_t k = 0; k < nj; k++) {
      crl_cand *oj = &p->cands[ops[k]];
      pinned[ops[k]] = 1;
      /* Now also live wherever the value was (suspends and store points). */
      crl_bitset_union_with(&p->cross.across[ops[k]], row);
      if (cd->lo < oj->lo) oj->lo = cd->lo;
      if (cd->hi > oj->hi) oj->hi = cd->hi;
    }
  }
  free(pinned);
  crl_valmap_free(&cand_of);
}

