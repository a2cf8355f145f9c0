/* Where a suspended coroutine records the suspend point it stopped at, and
 * how NAME.resume, NAME.destroy and NAME.cleanup find it again.
 *
 * By default in the frame's suspend index: each suspend stores its number
 * and each clone switches on it. The final suspend stores none: its null
 * resume pointer (what coro.done reads) identifies it.
 *
 * With one suspend point to resume at, besides the final one, there is
 * nothing to record, and the index is an optional field (frame/
 * interference.c drops it when the frame ends lower without it, which
 * happens when its byte starts a new word): that costs nothing at run
 * time. With more points, and only when the caller prefers small frames
 * (crl_options.prefer_small_frames: on x86-64, loading a function's
 * address for the store and for each compare costs two instructions per
 * resume more than the index), the destroy pointer records the point: the
 * last stores NAME.destroy itself and each other one a thunk of its own,
 * NAME.destroy.N, that tail-calls NAME.destroy; the clones compare the
 * destroy pointer with the thunks. That is offered only for a few suspend
 * points (a chain of compares instead of a jump table), and not when
 * CoroElide's markers stay: an elided frame's destroy pointer is
 * NAME.cleanup, chosen in the ramp, which the suspends would overwrite. */
#include <stdio.h>
#include <stdlib.h>

#include "frame/frame.h"
#include "switch_lowering/switch_internal.h"
#include "targets/targets.h"

/* Suspend points to resume at (the final one aside) up to which the
 * destroy pointer may record where the coroutine stopped, when asked. */
#define CRL_SWITCH_POINTER_RECORD_MAX 8u

static uint32_t resumable_points(crl_coro *c) {
  crl_switch_state *st = crl_switch_of(c);
  uint32_t n = 0;
  for (uint32_t s = 0; s < c->num_susp; s++) n += !st->susp[s].is_final;
  return n;
}

int crl_switch_index_optional(crl_coro *c) {
  uint32_t n = resumable_points(c);
  return n <= 1 || (c->opts->prefer_small_frames && n <= CRL_SWITCH_POINTER_RECORD_MAX &&
                    !c->opts->keep_elision_markers);
}

int crl_switch_index_dropped(crl_coro *c) {
  crl_switch_state *st = crl_switch_of(c);
  return c->num_susp > 0 && st->field_index < c->num_fields && c->fields[st->field_index].dropped;
}

uint32_t crl_switch_record_field(crl_coro *c) {
  crl_switch_state *st = crl_switch_of(c);
  if (!crl_switch_index_dropped(c)) return st->field_index;
  return resumable_points(c) > 1 ? st->field_destroy : UINT32_MAX;
}

/* NAME.destroy.N: a tail call of NAME.destroy, there for its address. */
static LLVMValueRef make_thunk(crl_coro *c, uint32_t s) {
  crl_switch_state *st = crl_switch_of(c);
  char suffix[32];
  snprintf(suffix, sizeof suffix, "destroy.%u", s);
  LLVMValueRef f = crl_switch_make_fn(c, suffix);
  if (!f) return NULL;
  /* It has no landing pad: no personality either. */
  if (LLVMHasPersonalityFn(f)) LLVMSetPersonalityFn(f, NULL);
  LLVMBasicBlockRef bb = LLVMAppendBasicBlockInContext(c->ctx, f, "entry");
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c->ctx);
  LLVMPositionBuilderAtEnd(b, bb);
  LLVMTypeRef fty = LLVMGlobalGetValueType(st->destroy_fn);
  LLVMValueRef arg = LLVMGetParam(f, 0);
  LLVMValueRef call = LLVMBuildCall2(b, fty, st->destroy_fn, &arg, 1, "");
  unsigned cc = c->target->clone_cc;
  LLVMSetInstructionCallConv(call, cc);
  if (crl_target_musttail_ok(c->target, cc, cc, 1))
    LLVMSetTailCallKind(call, LLVMTailCallKindMustTail);
  LLVMBuildRetVoid(b);
  LLVMDisposeBuilder(b);
  return f;
}

/* The destroy pointer each suspend stores when the index is dropped
 * (st->susp[s].mark; NULL where nothing is stored). */
static int make_marks(crl_coro *c) {
  crl_switch_state *st = crl_switch_of(c);
  uint32_t left = resumable_points(c);
  if (left <= 1) return 0;
  for (uint32_t s = 0; s < c->num_susp; s++) {
    if (st->susp[s].is_final) continue;
    st->susp[s].mark = --left ? make_thunk(c, s) : st->destroy_fn;
    if (!st->susp[s].mark) {
      CRL_ERR(c, c->id, "out of memory");
      return -1;
    }
  }
  return 0;
}

int crl_switch_record_points(crl_coro *c) {
  crl_switch_state *st = crl_switch_of(c);
  int dropped = crl_switch_index_dropped(c);
  if (dropped && make_marks(c) != 0) return -1;
  LLVMBuilderRef b = c->b;
  uint32_t record = crl_switch_record_field(c);
  for (uint32_t s = 0; s < c->num_susp; s++) {
    crl_suspend *sp = &c->susp[s];
    int final = st->susp[s].is_final;
    if (!final && record == UINT32_MAX) {
      /* Nothing to record; the save goes, the branch stays the point. */
      sp->point = LLVMGetBasicBlockTerminator(LLVMGetInstructionParent(sp->point));
      continue;
    }
    LLVMPositionBuilderBefore(b, sp->point);
    LLVMValueRef at = final ? NULL : crl_ramp_field_addr(c, record);
    LLVMPositionBuilderBefore(b, sp->point);
    LLVMValueRef v = dropped ? st->susp[s].mark : LLVMConstInt(st->index_t, s, 0);
    sp->point = st->susp[s].is_final
                    ? LLVMBuildStore(b, LLVMConstNull(c->ptr_t), c->begin)
                    : LLVMBuildStore(b, v, at);
  }
  return 0;
}

/* The clone's value for a suspend's landing phi: a phi to give the
 * dispatch's entry, or NULL when the phi folded to the known result. */
static LLVMValueRef landing_phi(crl_valmap *map, crl_suspend *sp) {
  LLVMValueRef phi = crl_valmap_get(map, sp->result);
  return phi && LLVMIsAPHINode(phi) ? phi : NULL;
}

/* Enters suspend s's block from `from`. */
static void enter(crl_coro *c, crl_valmap *map, uint32_t s, LLVMValueRef mode,
                  LLVMBasicBlockRef from) {
  LLVMValueRef phi = landing_phi(map, &c->susp[s]);
  if (phi) LLVMAddIncoming(phi, &mode, &from, 1);
}

/* The compare chain on the destroy pointer, from the builder's block. */
static void dispatch_on_marks(crl_coro *c, LLVMValueRef fn, crl_valmap *map,
                              LLVMBuilderRef eb, LLVMBasicBlockRef from,
                              LLVMBasicBlockRef sink, LLVMValueRef at, LLVMValueRef mode) {
  crl_switch_state *st = crl_switch_of(c);
  uint32_t left = resumable_points(c);
  if (!left) {
    LLVMBuildBr(eb, sink);
    return;
  }
  LLVMValueRef d = left > 1 ? LLVMBuildLoad2(eb, c->ptr_t, at, "destroy.fn") : NULL;
  for (uint32_t s = 0; s < c->num_susp; s++) {
    if (st->susp[s].is_final) continue;
    LLVMBasicBlockRef rb = crl_valmap_get(map, c->susp[s].resume);
    if (--left == 0) {
      LLVMBuildBr(eb, rb);
      enter(c, map, s, mode, from);
      return;
    }
    LLVMBasicBlockRef next = LLVMAppendBasicBlockInContext(c->ctx, fn, "dispatch");
    LLVMBuildCondBr(eb, LLVMBuildICmp(eb, LLVMIntEQ, d, st->susp[s].mark, ""), rb, next);
    enter(c, map, s, mode, from);
    LLVMPositionBuilderAtEnd(eb, next);
    from = next;
  }
}

void crl_switch_dispatch(crl_coro *c, LLVMValueRef fn, crl_switch_fn kind, crl_valmap *map,
                         LLVMBuilderRef eb, LLVMBasicBlockRef entry, LLVMBasicBlockRef sink,
                         LLVMValueRef frame, LLVMValueRef at, LLVMValueRef mode) {
  crl_switch_state *st = crl_switch_of(c);
  LLVMBasicBlockRef from = entry;
  int fi = crl_switch_final_index(c);
  LLVMPositionBuilderAtEnd(eb, entry);
  if (fi >= 0 && kind != CRL_SW_RESUME) {
    /* The final suspend stores no index (that would cost every resume a
     * merged store): its null resume pointer identifies it, as in LLVM. */
    LLVMBasicBlockRef disp = LLVMAppendBasicBlockInContext(c->ctx, fn, "dispatch");
    LLVMValueRef rf = LLVMBuildLoad2(eb, c->ptr_t, frame, "resume.fn");
    LLVMValueRef done = LLVMBuildIsNull(eb, rf, "at.final");
    LLVMBasicBlockRef fb = crl_valmap_get(map, c->susp[fi].resume);
    LLVMBuildCondBr(eb, done, fb, disp);
    enter(c, map, (uint32_t)fi, mode, entry);
    LLVMPositionBuilderAtEnd(eb, disp);
    from = disp;
  }
  if (crl_switch_index_dropped(c)) {
    dispatch_on_marks(c, fn, map, eb, from, sink, at, mode);
    return;
  }
  LLVMValueRef idx = LLVMBuildLoad2(eb, st->index_t, at, "index");
  LLVMValueRef sw = LLVMBuildSwitch(eb, idx, sink, c->num_susp);
  for (uint32_t s = 0; s < c->num_susp; s++) {
    /* Resuming at the final suspend is undefined, and destroying there is
     * handled above: no case, so a generator's dispatch is one compare. */
    if (st->susp[s].is_final) continue;
    LLVMBasicBlockRef rb = crl_valmap_get(map, c->susp[s].resume);
    LLVMAddCase(sw, LLVMConstInt(st->index_t, s, 0), rb);
    enter(c, map, s, mode, from);
  }
}
