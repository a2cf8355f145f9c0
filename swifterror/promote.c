/* Promotion of allocas to SSA values (mem2reg), for the variables that
 * hold swifterror values (eliminate.c), as LLVM promotes them: the
 * frame planner then sees values, which it recomputes (a constant null
 * error needs no field), narrows and shares like any other, where an
 * alloca would keep its bytes in the frame wherever it might be read.
 *
 * The classic construction: phis at the iterated dominance frontier of
 * the stores, then one walk of the dominator tree in preorder replacing
 * each load with the value reaching it; phis no load needs are dropped. */
#include <llvm-c/DebugInfo.h>

#include "core/dom.h"
#include "irkit/oom.h"
#include "irkit/blocks.h"
#include "swifterror/promote.h"

int crl_promotable(LLVMValueRef a) {
  LLVMTypeRef t = LLVMGetAllocatedType(a);
  for (LLVMUseRef u = LLVMGetFirstUse(a); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef i = LLVMGetUser(u);
    if (LLVMIsALoadInst(i)) {
      if (LLVMTypeOf(i) != t || LLVMGetVolatile(i) || LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic)
        return 0;
    } else if (LLVMIsAStoreInst(i)) {
      LLVMValueRef v = LLVMGetOperand(i, 0);
      if (v == a || LLVMTypeOf(v) != t || LLVMGetVolatile(i) ||
          LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic)
        return 0;
    } else {
      return 0;
    }
  }
  return 1;
}

void crl_fn_cfg_free(crl_fn_cfg *f) {
  crl_valmap_free(&f->id);
  free(f->bb);
  free(f->order);
  crl_dfrontier_free(&f->df);
  crl_domtree_free(&f->dt);
  crl_cfg_free(&f->g);
}

static int edges(crl_fn_cfg *f, uint32_t **from, uint32_t **to, uint32_t *n) {
  uint32_t cap = 0;
  *n = 0;
  for (uint32_t b = 0; b < f->n; b++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(f->bb[b]);
    cap += t ? LLVMGetNumSuccessors(t) : 0;
  }
  *from = crl_malloc((cap + 1) * sizeof **from);
  *to = crl_malloc((cap + 1) * sizeof **to);
  if (!*from || !*to) return -1;
  for (uint32_t b = 0; b < f->n; b++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(f->bb[b]);
    unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
    for (unsigned k = 0; k < ns; k++) {
      (*from)[*n] = b;
      (*to)[(*n)++] = crl_valmap_get_id(&f->id, LLVMGetSuccessor(t, k));
    }
  }
  return 0;
}

int crl_fn_cfg_build(crl_fn_cfg *f, LLVMValueRef fn) {
  memset(f, 0, sizeof *f);
  f->n = LLVMCountBasicBlocks(fn);
  f->bb = crl_malloc((f->n + 1) * sizeof *f->bb);
  f->order = crl_malloc((f->n + 1) * sizeof *f->order);
  if (!f->bb || !f->order || crl_valmap_init(&f->id, f->n + 1) != 0) return -1;
  LLVMGetBasicBlocks(fn, f->bb);
  for (uint32_t b = 0; b < f->n; b++)
    if (crl_valmap_put_id(&f->id, f->bb[b], b) != 0) return -1;
  uint32_t *from = NULL, *to = NULL, ne = 0;
  int rc = edges(f, &from, &to, &ne);
  if (rc == 0) rc = crl_cfg_build(&f->g, f->n, 0, ne, from, to);
  free(from);
  free(to);
  if (rc == 0) rc = crl_domtree_build(&f->dt, &f->g);
  if (rc == 0) rc = crl_dfrontier_build(&f->df, &f->g, &f->dt);
  if (rc != 0) return -1;
  /* Dominator-tree preorder, then the blocks no entry reaches. */
  uint32_t k = 0;
  for (uint32_t b = 0; b < f->n; b++)
    if (f->dt.pre[b] != CRL_NONE) f->order[f->dt.pre[b]] = b;
  for (uint32_t b = 0; b < f->n; b++) k += f->dt.pre[b] != CRL_NONE;
  for (uint32_t b = 0; b < f->n; b++)
    if (f->dt.pre[b] == CRL_NONE) f->order[k++] = b;
  return 0;
}

/* One variable's promotion: its phis (by block id, NULL where none) and
 * the value at the end of each block. */
typedef struct promo {
  LLVMValueRef a;
  LLVMTypeRef t;
  LLVMValueRef *phi, *out;
  crl_vec dead; /* its loads and stores, erased at the end */
} promo;

static int place_phis(crl_coro *c, const crl_fn_cfg *f, promo *p) {
  uint32_t nd = 0, nstores = 0;
  for (LLVMUseRef u = LLVMGetFirstUse(p->a); u; u = LLVMGetNextUse(u))
    nstores += LLVMIsAStoreInst(LLVMGetUser(u)) != NULL;
  /* A block may store several times: one entry per store. */
  uint32_t *defs = crl_malloc((nstores + 1) * sizeof *defs);
  uint32_t *at = crl_malloc((f->n + 1) * sizeof *at);
  if (!defs || !at) {
    free(defs);
    free(at);
    return -1;
  }
  for (LLVMUseRef u = LLVMGetFirstUse(p->a); u; u = LLVMGetNextUse(u))
    if (LLVMIsAStoreInst(LLVMGetUser(u)))
      defs[nd++] = crl_valmap_get_id(&f->id, LLVMGetInstructionParent(LLVMGetUser(u)));
  uint32_t n = crl_idf(&f->df, f->n, defs, nd, at);
  size_t len = 0;
  const char *name = LLVMGetValueName2(p->a, &len);
  for (uint32_t k = 0; n != UINT32_MAX && k < n; k++) {
    LLVMBasicBlockRef bb = f->bb[at[k]];
    LLVMPositionBuilderBeforeInstrAndDbgRecords(c->b, LLVMGetFirstInstruction(bb));
    p->phi[at[k]] = LLVMBuildPhi(c->b, p->t, name);
  }
  free(defs);
  free(at);
  return n == UINT32_MAX ? -1 : 0;
}

/* Each load gets the value reaching it; each store's value reaches on. */
static int rename_block(const crl_fn_cfg *f, promo *p, uint32_t b) {
  uint32_t up = f->dt.idom[b];
  LLVMValueRef cur = p->phi[b];
  if (!cur) cur = b == f->g.entry || up == CRL_NONE ? LLVMGetUndef(p->t) : p->out[up];
  for (LLVMValueRef i = LLVMGetFirstInstruction(f->bb[b]); i; i = LLVMGetNextInstruction(i)) {
    if (LLVMIsALoadInst(i) && LLVMGetOperand(i, 0) == p->a) {
      LLVMReplaceAllUsesWith(i, cur);
    } else if (LLVMIsAStoreInst(i) && LLVMGetOperand(i, 1) == p->a) {
      cur = LLVMGetOperand(i, 0);
    } else {
      continue;
    }
    if (crl_vec_push(&p->dead, i) != 0) return -1;
  }
  p->out[b] = cur;
  return 0;
}

static void fill_phis(const crl_fn_cfg *f, promo *p) {
  for (uint32_t b = 0; b < f->n; b++) {
    if (!p->phi[b]) continue;
    for (uint32_t e = f->g.pred_off[b]; e < f->g.pred_off[b + 1]; e++) {
      uint32_t q = f->g.pred[e];
      LLVMValueRef v = p->out[q];
      LLVMBasicBlockRef from = f->bb[q];
      LLVMAddIncoming(p->phi[b], &v, &from, 1);
    }
  }
}

/* A phi is needed if anything but one of this variable's phis uses it, or
 * a needed one does; the others (cycles through loops included) go. */
static int drop_unneeded_phis(const crl_fn_cfg *f, promo *p) {
  crl_valmap mine = {0}, needed = {0};
  crl_vec work = {0};
  int rc = crl_valmap_init(&mine, 16) | crl_valmap_init(&needed, 16);
  for (uint32_t b = 0; rc == 0 && b < f->n; b++)
    if (p->phi[b]) rc = crl_valmap_put(&mine, p->phi[b], p->phi[b]);
  for (uint32_t b = 0; rc == 0 && b < f->n; b++) {
    if (!p->phi[b]) continue;
    for (LLVMUseRef u = LLVMGetFirstUse(p->phi[b]); u; u = LLVMGetNextUse(u))
      if (!crl_valmap_has(&mine, LLVMGetUser(u))) {
        rc |= crl_valmap_put(&needed, p->phi[b], p->phi[b]) | crl_vec_push(&work, p->phi[b]);
        break;
      }
  }
  while (rc == 0 && work.n) {
    LLVMValueRef phi = work.v[--work.n];
    unsigned n = LLVMCountIncoming(phi);
    for (unsigned k = 0; k < n; k++) {
      LLVMValueRef v = LLVMGetIncomingValue(phi, k);
      if (crl_valmap_has(&mine, v) && !crl_valmap_has(&needed, v))
        rc |= crl_valmap_put(&needed, v, v) | crl_vec_push(&work, v);
    }
  }
  for (uint32_t b = 0; rc == 0 && b < f->n; b++)
    if (p->phi[b] && !crl_valmap_has(&needed, p->phi[b]))
      LLVMReplaceAllUsesWith(p->phi[b], LLVMGetUndef(p->t));
  for (uint32_t b = 0; rc == 0 && b < f->n; b++)
    if (p->phi[b] && !crl_valmap_has(&needed, p->phi[b])) LLVMInstructionEraseFromParent(p->phi[b]);
  crl_valmap_free(&mine);
  crl_valmap_free(&needed);
  crl_vec_free(&work);
  return rc;
}

int crl_promote_alloca(crl_coro *c, const crl_fn_cfg *f, LLVMValueRef a) {
  promo p = {a, LLVMGetAllocatedType(a), NULL, NULL, {0}};
  p.phi = crl_calloc(f->n + 1, sizeof *p.phi);
  p.out = crl_calloc(f->n + 1, sizeof *p.out);
  int rc = p.phi && p.out ? place_phis(c, f, &p) : -1;
  for (uint32_t k = 0; rc == 0 && k < f->n; k++) rc = rename_block(f, &p, f->order[k]);
  if (rc == 0) {
    fill_phis(f, &p);
    rc = drop_unneeded_phis(f, &p);
  }
  if (rc == 0) {
    for (unsigned k = 0; k < p.dead.n; k++) LLVMInstructionEraseFromParent(p.dead.v[k]);
    /* Debug records that named the variable's address now name nothing. */
    LLVMReplaceAllUsesWith(a, LLVMGetPoison(LLVMTypeOf(a)));
    LLVMInstructionEraseFromParent(a);
  }
  crl_vec_free(&p.dead);
  free(p.phi);
  free(p.out);
  return rc;
}
