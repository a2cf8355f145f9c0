#include "cloner/feasible.h"
#include "irkit/oom.h"

#include "irkit/valmap.h"

#include <stdint.h>
#include <stdlib.h>

/* What a phi may hold where it runs: up to LAT_MAX integer constants (the
 * suspend landing of a resume clone merges 0 from the dispatch with the -1
 * of a fresh suspend; neither takes the destroy case), or anything. No
 * constants yet means no feasible input seen yet. */
#define LAT_MAX 8
typedef struct lat { uint8_t n, any; LLVMValueRef c[LAT_MAX]; } lat;

/* Where a block's terminator may go: the successors in `to` (block ids),
 * or all of them. */
typedef struct succs { uint8_t n, all; uint32_t to[LAT_MAX]; } succs;

typedef struct fz {
  crl_valmap bid, pid; /* block -> id, phi -> id */
  LLVMBasicBlockRef *blk;
  unsigned nb, np;
  uint8_t *exec, *inq, *stop; /* stop: 0 unknown, 1 no, 2 yes */
  succs *term;
  lat *pl;
  LLVMValueRef *seed; /* per phi id: constant met in on entry, or NULL */
  uint32_t *q;        /* ring of block ids; inq keeps each in it once */
  unsigned qh, qn;
  int (*stops)(LLVMBasicBlockRef);
} fz;

static const lat any_value = {0, 1, {0}};

static void push(fz *z, uint32_t b) {
  if (z->inq[b]) return;
  z->inq[b] = 1;
  z->q[(z->qh + z->qn++) % z->nb] = b;
}

static lat value_of(fz *z, LLVMValueRef v) {
  if (LLVMIsAConstantInt(v)) return (lat){1, 0, {v}};
  if (LLVMIsAPHINode(v)) {
    uint32_t id = crl_valmap_get_id(&z->pid, v);
    if (id != UINT32_MAX) return z->pl[id];
  }
  return any_value;
}

/* Adds b's constants to a (constants are uniqued: pointers compare). */
static void meet(lat *a, const lat *b) {
  if (a->any) return;
  if (b->any) { *a = any_value; return; }
  for (unsigned k = 0; k < b->n; k++) {
    unsigned j = 0;
    while (j < a->n && a->c[j] != b->c[k]) j++;
    if (j < a->n) continue;
    if (a->n == LAT_MAX) { *a = any_value; return; }
    a->c[a->n++] = b->c[k];
  }
}

static int same(const lat *a, const lat *b) {
  if (a->any != b->any || a->n != b->n) return 0;
  for (unsigned k = 0; k < a->n; k++)
    if (a->c[k] != b->c[k]) return 0;
  return 1;
}

static int feasible(const fz *z, uint32_t p, uint32_t s) {
  if (!z->exec[p]) return 0;
  const succs *t = &z->term[p];
  if (t->all) return 1;
  for (unsigned k = 0; k < t->n; k++)
    if (t->to[k] == s) return 1;
  return 0;
}

static void notify_users(fz *z, LLVMValueRef phi) {
  for (LLVMUseRef u = LLVMGetFirstUse(phi); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user)) continue;
    uint32_t b = crl_valmap_get_id(&z->bid, LLVMGetInstructionParent(user));
    if (b != UINT32_MAX && z->exec[b]) push(z, b);
  }
}

static void eval_phis(fz *z, uint32_t b) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(z->blk[b]); i && LLVMIsAPHINode(i);
       i = LLVMGetNextInstruction(i)) {
    uint32_t id = crl_valmap_get_id(&z->pid, i);
    if (z->pl[id].any) continue;
    lat nv = {0};
    if (z->seed[id]) nv = (lat){1, 0, {z->seed[id]}};
    unsigned n = LLVMCountIncoming(i);
    for (unsigned e = 0; e < n && !nv.any; e++) {
      uint32_t p = crl_valmap_get_id(&z->bid, LLVMGetIncomingBlock(i, e));
      if (p == UINT32_MAX || !feasible(z, p, b)) continue;
      lat v = value_of(z, LLVMGetIncomingValue(i, e));
      meet(&nv, &v);
    }
    if (!same(&nv, &z->pl[id])) {
      z->pl[id] = nv;
      notify_users(z, i);
    }
  }
}

static int block_stops(fz *z, uint32_t b) {
  if (!z->stop[b]) z->stop[b] = z->stops && z->stops(z->blk[b]) ? 2 : 1;
  return z->stop[b] == 2;
}

/* The successor index a terminator takes when its condition is `v`. */
static unsigned decide(LLVMValueRef t, LLVMValueRef v) {
  if (LLVMGetInstructionOpcode(t) == LLVMBr)
    return LLVMConstIntGetZExtValue(v) ? 0 : 1;
  /* Case values are not operands in LLVM 22: ask by successor index. */
  unsigned ns = LLVMGetNumSuccessors(t);
  for (unsigned j = 1; j < ns; j++)
    if (LLVMGetSwitchCaseValue(t, j) == v) return j;
  return 0;
}

/* The condition deciding a terminator's successor, as a lattice value;
 * anything for terminators this analysis does not model. */
static lat condition(fz *z, LLVMValueRef t) {
  LLVMOpcode op = LLVMGetInstructionOpcode(t);
  if (op == LLVMBr && LLVMIsConditional(t)) return value_of(z, LLVMGetCondition(t));
  if (op == LLVMSwitch) return value_of(z, LLVMGetOperand(t, 0));
  return any_value;
}

static void reach(fz *z, uint32_t s) {
  z->exec[s] = 1;
  push(z, s); /* a new edge in: its phis may change */
}

static void eval_terminator(fz *z, uint32_t b) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(z->blk[b]);
  succs *st = &z->term[b];
  if (!t || block_stops(z, b) || st->all) return;
  lat v = condition(z, t);
  unsigned ns = LLVMGetNumSuccessors(t);
  if (v.any) {
    st->all = 1;
    for (unsigned k = 0; k < ns; k++)
      reach(z, crl_valmap_get_id(&z->bid, LLVMGetSuccessor(t, k)));
    return;
  }
  for (unsigned k = 0; k < v.n; k++) {
    LLVMBasicBlockRef sb = LLVMGetSuccessor(t, decide(t, v.c[k]));
    uint32_t s = crl_valmap_get_id(&z->bid, sb);
    if (feasible(z, b, s)) continue;
    st->to[st->n++] = s; /* distinct successors <= distinct values */
    reach(z, s);
  }
}

static int setup(fz *z, LLVMValueRef fn) {
  z->nb = LLVMCountBasicBlocks(fn);
  unsigned nb = z->nb ? z->nb : 1;
  z->blk = crl_malloc(nb * sizeof *z->blk);
  z->exec = crl_calloc(nb, 1);
  z->inq = crl_calloc(nb, 1);
  z->term = crl_calloc(nb, sizeof *z->term);
  z->stop = crl_calloc(nb, 1);
  z->q = crl_malloc(nb * sizeof *z->q);
  if (crl_valmap_init(&z->bid, nb) || crl_valmap_init(&z->pid, nb) || !z->blk ||
      !z->exec || !z->inq || !z->term || !z->stop || !z->q)
    return -1;
  unsigned b = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb), b++) {
    z->blk[b] = bb;
    if (crl_valmap_put_id(&z->bid, bb, b) != 0) return -1;
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && LLVMIsAPHINode(i);
         i = LLVMGetNextInstruction(i))
      if (crl_valmap_put_id(&z->pid, i, z->np++) != 0) return -1;
  }
  unsigned np = z->np ? z->np : 1;
  z->pl = crl_calloc(np, sizeof *z->pl); /* no constants yet */
  z->seed = crl_calloc(np, sizeof *z->seed);
  return z->pl && z->seed ? 0 : -1;
}

static void teardown(fz *z) {
  crl_valmap_free(&z->bid);
  crl_valmap_free(&z->pid);
  free(z->blk);
  free(z->exec);
  free(z->inq);
  free(z->term);
  free(z->stop);
  free(z->q);
  free(z->pl);
  free(z->seed);
}

static int collect(fz *z, crl_feasible *out) {
  size_t nb = z->nb ? z->nb : 1, np = z->np ? z->np : 1;
  out->blocks = crl_malloc(nb * sizeof *out->blocks);
  out->const_phis = crl_malloc(np * sizeof *out->const_phis);
  out->const_vals = crl_malloc(np * sizeof *out->const_vals);
  if (!out->blocks || !out->const_phis || !out->const_vals) return -1;
  for (uint32_t b = 0; b < z->nb; b++) {
    if (!z->exec[b]) continue;
    out->blocks[out->n++] = z->blk[b];
    for (LLVMValueRef i = LLVMGetFirstInstruction(z->blk[b]);
         i && LLVMIsAPHINode(i); i = LLVMGetNextInstruction(i)) {
      const lat *v = &z->pl[crl_valmap_get_id(&z->pid, i)];
      if (v->any || v->n != 1) continue;
      out->const_phis[out->nconsts] = i;
      out->const_vals[out->nconsts++] = v->c[0];
    }
  }
  return 0;
}

int crl_feasible_run(LLVMValueRef fn, const crl_feasible_seed *seeds,
                     unsigned nseeds, int (*stops)(LLVMBasicBlockRef bb),
                     crl_feasible *out) {
  fz z = {0};
  z.stops = stops;
  *out = (crl_feasible){0};
  int rc = setup(&z, fn);
  for (unsigned k = 0; k < nseeds && rc == 0; k++) {
    uint32_t b = crl_valmap_get_id(&z.bid, seeds[k].block);
    if (b == UINT32_MAX) continue;
    if (seeds[k].phi) {
      uint32_t id = crl_valmap_get_id(&z.pid, seeds[k].phi);
      if (id != UINT32_MAX) z.seed[id] = seeds[k].value;
    }
    reach(&z, b);
  }
  /* FIFO order lets the edges into a join arrive together, so its phis are
   * mostly evaluated once rather than once per incoming edge. */
  while (rc == 0 && z.qn) {
    uint32_t b = z.q[z.qh];
    z.qh = (z.qh + 1) % z.nb;
    z.qn--;
    z.inq[b] = 0;
    eval_phis(&z, b);
    eval_terminator(&z, b);
  }
  if (rc == 0) rc = collect(&z, out);
  teardown(&z);
  if (rc) crl_feasible_free(out);
  return rc;
}

void crl_feasible_free(crl_feasible *f) {
  free(f->blocks);
  free(f->const_phis);
  free(f->const_vals);
  *f = (crl_feasible){0};
}
