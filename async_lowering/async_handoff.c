/* Once a suspend's resume function exists (its llvm.coro.async.resume,
 * kept as a marker until the split), the part may hand it to another
 * thread at any call: from there on the continuation may be running,
 * reusing frame slots, or done with the context. The rewrite stores the
 * frame ahead of the marker (async_suspend.c); here, once the parts are
 * cut at their tail calls, the part's reloads of values kept in memory
 * (stored where they are made, loaded where they are used) that come
 * after the marker move ahead of it, so that the part reads nothing from
 * the frame after the handover. Then the markers go. */
#include <stdlib.h>

#include "async_lowering/async_internal.h"
#include "irkit/valmap.h"
#include "irkit/vec.h"

/* The addresses the ramp reaches spill slots by. */
static int spill_addrs(crl_coro *c, crl_valmap *out) {
  if (crl_valmap_init(out, c->num_fields + 1) != 0) return -1;
  for (uint32_t f = 0; f < c->num_fields; f++)
    if (c->fields[f].kind == CRL_FIELD_SPILL && c->fields[f].ramp_addr &&
        crl_valmap_put(out, c->fields[f].ramp_addr, c->fields[f].ramp_addr) != 0)
      return -1;
  return 0;
}

/* The blocks the part runs after the marker's block (that block too if a
 * loop leads back to it): since the cut, parts end in `ret`. */
static int region_after(LLVMBasicBlockRef mb, crl_bvec *out, crl_valmap *in) {
  if (crl_valmap_init(in, 16) != 0) return -1;
  int oom = 0;
  for (unsigned w = 0; !oom && (w == 0 || w <= out->n); w++) {
    LLVMBasicBlockRef bb = w == 0 ? mb : out->v[w - 1];
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
    for (unsigned k = 0; k < ns && !oom; k++) {
      LLVMBasicBlockRef to = LLVMGetSuccessor(t, k);
      if (crl_valmap_has(in, to)) continue;
      oom = crl_valmap_put(in, to, to) != 0 || crl_bvec_push(out, to) != 0;
    }
  }
  return oom ? -1 : 0;
}

/* Membership of the set dominated() shrinks: a block maps to itself
 * while in it, to NULL once out. */
static int member(const crl_valmap *d, LLVMBasicBlockRef bb) {
  return crl_valmap_get(d, bb) != NULL;
}

static void leave(crl_valmap *d, LLVMBasicBlockRef bb) {
  if (crl_valmap_has(d, bb)) crl_valmap_put(d, bb, NULL);
}

/* Is every way into bb a branch from mb or from a block of d? A block
 * address may be jumped to from anywhere: no. */
static int entered_from(LLVMBasicBlockRef bb, LLVMBasicBlockRef mb, const crl_valmap *d) {
  for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(bb)); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user) || !LLVMIsATerminatorInst(user)) return 0;
    LLVMBasicBlockRef p = LLVMGetInstructionParent(user);
    if (p != mb && !member(d, p)) return 0;
  }
  return 1;
}

/* The region's blocks the marker's block dominates: none a part starts
 * at (the entry, a resume block), each entered only from the marker's
 * block or from one of them. The largest such set: all to start with,
 * less any that fails, until none does. (d has room for the region.) */
static void dominated(crl_coro *c, LLVMBasicBlockRef mb, const crl_bvec *r, crl_valmap *d) {
  for (unsigned k = 0; k < r->n; k++)
    if (r->v[k] != mb) crl_valmap_put(d, r->v[k], r->v[k]);
  leave(d, LLVMGetEntryBasicBlock(c->fn));
  for (uint32_t s = 0; s < c->num_susp; s++) leave(d, c->susp[s].resume);
  for (int changed = 1; changed;) {
    changed = 0;
    for (unsigned k = 0; k < r->n; k++)
      if (member(d, r->v[k]) && !entered_from(r->v[k], mb, d)) {
        leave(d, r->v[k]);
        changed = 1;
      }
  }
}

/* Spill slots stored to from `from` on in its block. */
static int stores_from(LLVMValueRef from, const crl_valmap *spill, crl_valmap *stored) {
  for (LLVMValueRef i = from; i; i = LLVMGetNextInstruction(i))
    if (LLVMIsAStoreInst(i) && crl_valmap_has(spill, LLVMGetOperand(i, 1)) &&
        crl_valmap_put(stored, LLVMGetOperand(i, 1), i) != 0)
      return -1;
  return 0;
}

/* Reloads from `from` on in its block move ahead of the marker, unless
 * their slot is stored after the marker (a value made after it, stored
 * where it is made). Otherwise nothing writes the slot in between: the
 * value is live there, and a value kept in memory shares its slot with
 * nothing live at the same time. */
static void hoist_from(LLVMValueRef from, LLVMValueRef marker, const crl_valmap *spill,
                       const crl_valmap *stored, LLVMBuilderRef b) {
  for (LLVMValueRef i = from; i;) {
    LLVMValueRef nx = LLVMGetNextInstruction(i);
    LLVMValueRef p = LLVMIsALoadInst(i) ? LLVMGetOperand(i, 0) : NULL;
    if (p && crl_valmap_has(spill, p) && !crl_valmap_has(stored, p)) {
      size_t len = 0;
      const char *nm = LLVMGetValueName2(i, &len);
      char *name = crl_strdup(len ? nm : "");
      LLVMInstructionRemoveFromParent(i);
      LLVMPositionBuilderBefore(b, marker);
      LLVMInsertIntoBuilderWithName(b, i, name ? name : "");
      free(name);
    }
    i = nx;
  }
}

static int reload_before(crl_coro *c, LLVMValueRef marker, const crl_valmap *spill,
                         LLVMBuilderRef b) {
  LLVMBasicBlockRef mb = LLVMGetInstructionParent(marker);
  crl_bvec r = {0};
  crl_valmap in = {0}, d = {0}, stored = {0};
  int rc = region_after(mb, &r, &in);
  if (rc == 0) rc = crl_valmap_init(&d, r.n + 1) | crl_valmap_init(&stored, 16);
  if (rc == 0) rc = stores_from(LLVMGetNextInstruction(marker), spill, &stored);
  for (unsigned k = 0; k < r.n && rc == 0; k++)
    rc = stores_from(LLVMGetFirstInstruction(r.v[k]), spill, &stored);
  if (rc == 0) {
    dominated(c, mb, &r, &d);
    hoist_from(LLVMGetNextInstruction(marker), marker, spill, &stored, b);
    for (unsigned k = 0; k < r.n; k++)
      if (member(&d, r.v[k]))
        hoist_from(LLVMGetFirstInstruction(r.v[k]), marker, spill, &stored, b);
  }
  crl_bvec_free(&r);
  crl_valmap_free(&in);
  crl_valmap_free(&d);
  crl_valmap_free(&stored);
  return rc ? -1 : 0;
}

int crl_async_drop_markers(crl_coro *c) {
  crl_async_state *st = crl_async_of(c);
  crl_valmap spill = {0};
  int rc = spill_addrs(c, &spill);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c->ctx);
  for (uint32_t s = 0; s < c->num_susp; s++) {
    crl_async_susp *as = &st->susp[s];
    if (!as->resume_call) continue;
    if (rc == 0) rc = reload_before(c, as->resume_call, &spill, b);
    LLVMInstructionEraseFromParent(as->resume_call);
    as->resume_call = NULL;
    c->susp[s].save = NULL;
    c->susp[s].point = as->tail;
  }
  LLVMDisposeBuilder(b);
  crl_valmap_free(&spill);
  if (rc != 0) CRL_ERR(c, c->id, "out of memory");
  return rc;
}
