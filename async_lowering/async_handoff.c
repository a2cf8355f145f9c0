/* Once a suspend's resume function exists (its llvm.coro.async.resume,
 * kept as a marker until the split), the part may hand it to another
 * thread at any call: from there on the continuation may be running,
 * reusing frame slots, or done with the context. The rewrite stores the
 * frame ahead of the marker (async_suspend.c); here, once the parts are
 * cut at their tail calls, the part's reloads of values kept in memory
 * (stored where they are made, loaded where they are used) that come
 * after the marker move ahead of it, so that the part reads nothing from
 * the frame after the handover. Then the markers go.
 *
 * What the program itself does to its locals after a handover is its
 * own, but the frame's storage sharing must not turn it into a write to
 * the continuation's values: before the frame is planned, a local the
 * part touches after a handover (and that may live in the frame) gets a
 * read the planner sees before every suspend and end, so that it shares
 * its bytes with nothing that lives after its suspend. Those reads go
 * with the markers. */
#include <stdlib.h>

#include "async_lowering/async_internal.h"
#include "irkit/blocks.h"
#include "irkit/intrinsics.h"
#include "irkit/valmap.h"
#include "irkit/vec.h"

/* The addresses the ramp reaches spill slots by. */
static int spill_addrs(crl_coro *c, crl_valmap *out) {
  if (crl_valmap_init(out, c->frame.num_fields + 1) != 0) return -1;
  for (uint32_t f = 0; f < c->frame.num_fields; f++)
    if (c->frame.fields[f].kind == CRL_FIELD_SPILL && c->frame.fields[f].ramp_addr &&
        crl_valmap_put(out, c->frame.fields[f].ramp_addr, c->frame.fields[f].ramp_addr) != 0)
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

/* The blocks parts start at: the entry and every resume block. Taken once
 * for all markers, so that each marker costs its region, not the number
 * of suspends (quadratic in a function with thousands of awaits). */
static int part_starts(crl_coro *c, crl_valmap *out) {
  if (crl_valmap_init(out, c->num_susp + 1) != 0) return -1;
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(c->fn);
  int rc = crl_valmap_put(out, entry, entry);
  for (uint32_t s = 0; s < c->num_susp && rc == 0; s++)
    if (c->susp[s].resume) rc = crl_valmap_put(out, c->susp[s].resume, c->susp[s].resume);
  return rc ? -1 : 0;
}

/* The region's blocks the marker's block dominates: none a part starts
 * at (`starts`), each entered only from the marker's block or from one
 * of them. The largest such set: all to start with, less any that fails,
 * until none does. (d has room for the region.) */
static void dominated(const crl_valmap *starts, LLVMBasicBlockRef mb, const crl_bvec *r,
                      crl_valmap *d) {
  for (unsigned k = 0; k < r->n; k++)
    if (r->v[k] != mb && !crl_valmap_has(starts, r->v[k])) crl_valmap_put(d, r->v[k], r->v[k]);
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
      char *name = crl_name_dup(len ? nm : "");
      LLVMInstructionRemoveFromParent(i);
      LLVMPositionBuilderBefore(b, marker);
      LLVMInsertIntoBuilderWithName(b, i, name ? name : "");
      free(name);
    }
    i = nx;
  }
}

static int reload_before(const crl_valmap *starts, LLVMValueRef marker,
                         const crl_valmap *spill, LLVMBuilderRef b) {
  LLVMBasicBlockRef mb = LLVMGetInstructionParent(marker);
  crl_bvec r = {0};
  crl_valmap in = {0}, d = {0}, stored = {0};
  int rc = region_after(mb, &r, &in);
  if (rc == 0) rc = crl_valmap_init(&d, r.n + 1) | crl_valmap_init(&stored, 16);
  if (rc == 0) rc = stores_from(LLVMGetNextInstruction(marker), spill, &stored);
  for (unsigned k = 0; k < r.n && rc == 0; k++)
    rc = stores_from(LLVMGetFirstInstruction(r.v[k]), spill, &stored);
  if (rc == 0) {
    dominated(starts, mb, &r, &d);
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

/* ---- locals touched after a handover (before the frame is planned) ---- */

/* The alloca a pointer is a view of (GEPs and casts), or NULL. */
static LLVMValueRef alloca_base(LLVMValueRef p) {
  for (unsigned k = 0; p && k < 64; k++) {
    if (LLVMIsAAllocaInst(p)) return p;
    if (!LLVMIsAGetElementPtrInst(p) && !LLVMIsABitCastInst(p) && !LLVMIsAAddrSpaceCastInst(p))
      return NULL;
    p = LLVMGetOperand(p, 0);
  }
  return NULL;
}

static int is_call(LLVMValueRef i) {
  return LLVMIsACallInst(i) || LLVMIsAInvokeInst(i);
}

/* A call that may hand the continuation over: any but an intrinsic's. */
static int may_hand_over(LLVMValueRef i) {
  LLVMValueRef f = is_call(i) ? LLVMGetCalledValue(i) : NULL;
  return f && !(LLVMIsAFunction(f) && LLVMGetIntrinsicID(f));
}

/* Marks `i` and what follows it in its block up to a suspend call (its
 * operands are the forwarder's, which the handover protocol owns) into
 * `after`, in order into `order`; 1 when the block's end was reached. */
static int mark_until_suspend(LLVMValueRef i, crl_valmap *after, crl_vec *order, int *oom) {
  for (; i; i = LLVMGetNextInstruction(i)) {
    if (crl_intrinsic_of(i) == CRL_I_SUSPEND_ASYNC) return 0;
    *oom |= crl_valmap_put(after, i, i) != 0 || crl_vec_push(order, i) != 0;
  }
  return 1;
}

/* What runs after the first call after the marker that may hand the
 * continuation over, before a suspend (or the end). */
static int after_handover(LLVMValueRef marker, crl_valmap *after, crl_vec *order) {
  LLVMValueRef i = LLVMGetNextInstruction(marker);
  while (i && !may_hand_over(i) && crl_intrinsic_of(i) != CRL_I_SUSPEND_ASYNC)
    i = LLVMGetNextInstruction(i);
  if (!i || !may_hand_over(i)) return 0;
  crl_bvec work = {0};
  crl_valmap seen = {0};
  int oom = crl_valmap_init(&seen, 16) != 0;
  if (!oom && mark_until_suspend(LLVMGetNextInstruction(i), after, order, &oom))
    oom |= crl_bvec_push(&work, LLVMGetInstructionParent(i)) != 0;
  while (work.n && !oom) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(work.v[--work.n]);
    unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
    for (unsigned k = 0; k < ns && !oom; k++) {
      LLVMBasicBlockRef to = LLVMGetSuccessor(t, k);
      if (crl_valmap_has(&seen, to)) continue;
      oom |= crl_valmap_put(&seen, to, to) != 0;
      if (mark_until_suspend(LLVMGetFirstInstruction(to), after, order, &oom))
        oom |= crl_bvec_push(&work, to) != 0;
    }
  }
  crl_bvec_free(&work);
  crl_valmap_free(&seen);
  return oom ? -1 : 0;
}

/* Is `a`, or a view of it, used where `after` does not run? Then it may
 * cross a suspend and live in the frame; a local used only after the
 * handover stays on the part's own stack. */
static int used_elsewhere(LLVMValueRef a, const crl_valmap *after) {
  crl_vec work = {0};
  int found = crl_vec_push(&work, a) != 0;
  while (work.n && !found) {
    LLVMValueRef v = work.v[--work.n];
    for (LLVMUseRef u = LLVMGetFirstUse(v); u && !found; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      if (!LLVMIsAInstruction(user) || !crl_valmap_has(after, user)) found = 1;
      else if (alloca_base(user) == a) found = crl_vec_push(&work, user) != 0;
    }
  }
  crl_vec_free(&work);
  return found;
}

/* A read of `a` right before `at`, when `a` (a static alloca of the entry
 * block) is defined there. */
static int read_before(crl_coro *c, LLVMValueRef a, LLVMValueRef at, LLVMBuilderRef b) {
  LLVMBasicBlockRef ab = LLVMGetInstructionParent(a);
  if (LLVMGetInstructionParent(at) == ab && !crl_comes_before(a, at)) return 0;
  LLVMPositionBuilderBefore(b, at);
  LLVMValueRef ld = LLVMBuildLoad2(b, c->i8_t, a, "");
  return crl_vec_push(&crl_async_of(c)->guards, ld);
}

/* `a` stays live up to every suspend and end: the planner then shares its
 * bytes with nothing that lives after the handover's suspend. Lifetime
 * markers go: an end marker would let its bytes be reused all the same. */
static int guard(crl_coro *c, LLVMValueRef a, LLVMBuilderRef b) {
  if (LLVMGetInstructionParent(a) != LLVMGetEntryBasicBlock(c->fn)) return 0;
  int rc = 0;
  for (uint32_t s = 0; s < c->num_susp && rc == 0; s++)
    rc = read_before(c, a, c->susp[s].call, b);
  for (unsigned k = 0; k < c->shape->ends.n && rc == 0; k++) rc = read_before(c, a, c->shape->ends.v[k], b);
  crl_vec marks = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(a); u; u = LLVMGetNextUse(u)) {
    crl_intr k = crl_intrinsic_of(LLVMGetUser(u));
    if (k == CRL_I_LIFETIME_START || k == CRL_I_LIFETIME_END)
      rc |= crl_vec_push(&marks, LLVMGetUser(u));
  }
  for (unsigned k = 0; k < marks.n; k++) LLVMInstructionEraseFromParent(marks.v[k]);
  crl_vec_free(&marks);
  return rc;
}

/* The locals each marker's part touches after a handover, in program
 * order, each guarded once. */
static int guard_after(crl_coro *c, LLVMValueRef marker, crl_valmap *done, LLVMBuilderRef b) {
  crl_valmap after = {0};
  crl_vec order = {0};
  int rc = crl_valmap_init(&after, 16) != 0 ? -1 : after_handover(marker, &after, &order);
  for (unsigned k = 0; k < order.n && rc == 0; k++) {
    LLVMValueRef i = order.v[k];
    unsigned n = LLVMGetNumOperands(i);
    for (unsigned j = 0; j < n && rc == 0; j++) {
      LLVMValueRef a = alloca_base(LLVMGetOperand(i, j));
      if (!a || crl_valmap_has(done, a) || !used_elsewhere(a, &after)) continue;
      rc = crl_valmap_put(done, a, a) != 0 ? -1 : guard(c, a, b);
    }
  }
  crl_valmap_free(&after);
  crl_vec_free(&order);
  return rc;
}

int crl_async_guard_locals(crl_coro *c) {
  crl_valmap done = {0};
  int rc = crl_valmap_init(&done, 8);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c->ctx);
  for (uint32_t s = 0; s < c->num_susp && rc == 0; s++)
    rc = guard_after(c, crl_async_of(c)->susp[s].resume_call, &done, b);
  LLVMDisposeBuilder(b);
  crl_valmap_free(&done);
  if (rc != 0) CRL_ERR(c, c->shape->id, "out of memory");
  return rc ? -1 : 0;
}

int crl_async_drop_markers(crl_coro *c) {
  crl_async_state *st = crl_async_of(c);
  crl_valmap spill = {0}, starts = {0};
  int rc = spill_addrs(c, &spill);
  if (rc == 0) rc = part_starts(c, &starts);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c->ctx);
  for (uint32_t s = 0; s < c->num_susp; s++) {
    crl_async_susp *as = &st->susp[s];
    if (!as->resume_call) continue;
    if (rc == 0) rc = reload_before(&starts, as->resume_call, &spill, b);
    LLVMInstructionEraseFromParent(as->resume_call);
    as->resume_call = NULL;
    c->susp[s].save = NULL;
    c->susp[s].point = as->tail;
  }
  LLVMDisposeBuilder(b);
  crl_valmap_free(&spill);
  crl_valmap_free(&starts);
  for (unsigned k = 0; k < st->guards.n; k++) LLVMInstructionEraseFromParent(st->guards.v[k]);
  crl_vec_free(&st->guards);
  if (rc != 0) CRL_ERR(c, c->shape->id, "out of memory");
  return rc;
}
