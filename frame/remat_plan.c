/* Rematerialization planning: which values are recomputed after each
 * suspend from their operands instead of getting a frame slot. */
#include <stdlib.h>
#include <string.h>

#include "core/layout.h"
#include "frame/alloca_lifetime.h"
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

void crl_mark_remat(crl_coro *c, crl_plan *p) {
  uint32_t n = c->num_susp;
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
  if (c->remat_depth > 1) {
    mark_chains(c, p, &cand_of, pinned);
    free(pinned);
    crl_valmap_free(&cand_of);
    return;
  }
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

