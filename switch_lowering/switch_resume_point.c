/* Where a suspended coroutine records the suspend point it stopped at, and
 * how NAME.resume, NAME.destroy and NAME.cleanup find it again.
 *
 * By default in the frame's suspend index: each suspend stores its number
 * and each clone switches on it. The final suspend stores none: its null
 * resume pointer (what coro.done reads) identifies it.
 *
 * The index is an optional field (frame/interference.c drops it when the
 * frame ends lower without it, which happens when its byte starts a new
 * word) wherever the record costs nothing at run time:
 *  - with one suspend point to resume at, besides the final one, there is
 *    nothing to record;
 *  - with two, when one of them (the entry point: C++'s initial suspend)
 *    is reached only from the ramp, never again once resumed, the resume
 *    pointer records it: the entry point stores NAME.resume.N, a resume
 *    function entered there alone (only the ramp gets there), and the
 *    other point stores NAME.resume, which enters at that point alone and
 *    so never stores it again (a loop around the other point pays
 *    nothing). The price is code: what both
 *    points reach is in both functions. Destroy compares the resume
 *    pointer with NAME.resume.N.
 * With more points, and only when the caller prefers small frames
 * (crl_options.prefer_small_frames: on x86-64, loading a function's
 * address for the store and for each compare costs two instructions per
 * resume more than the index), the destroy pointer records the point: the
 * last stores NAME.destroy itself and each other one a thunk of its own,
 * NAME.destroy.N, that tail-calls NAME.destroy; the clones compare the
 * destroy pointer with the thunks. That is offered only for a few suspend
 * points (a chain of compares instead of a jump table). Neither is done
 * when CoroElide's markers stay: CoroElide calls the resume function
 * named in coro.id directly, and an elided frame's destroy pointer is
 * NAME.cleanup, chosen in the ramp, which the suspends would overwrite. */
#include <stdio.h>
#include <stdlib.h>

#include "cloner/split_clone.h"
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

static int in_run(const crl_feasible *run, LLVMBasicBlockRef bb) {
  for (unsigned k = 0; k < run->n; k++)
    if (run->blocks[k] == bb) return 1;
  return 0;
}

/* Of two points to resume at, the first that no resume reaches (its pre
 * block never runs in NAME.resume), or UINT32_MAX. Out of memory counts
 * as none: the index stays. */
static uint32_t find_entry_point(crl_coro *c) {
  crl_switch_state *st = crl_switch_of(c);
  crl_feasible_seed seeds[2];
  uint32_t pts[2], n = 0;
  LLVMValueRef zero = LLVMConstInt(c->i8_t, 0, 0);
  for (uint32_t s = 0; s < c->num_susp && n < 2; s++)
    if (!st->susp[s].is_final) {
      pts[n] = s;
      seeds[n++] = (crl_feasible_seed){c->susp[s].resume, c->susp[s].result, zero};
    }
  crl_feasible run = {0};
  if (n != 2 || crl_feasible_run(c->fn, seeds, n, crl_block_ends_clone, &run) != 0) {
    crl_feasible_free(&run);
    return UINT32_MAX;
  }
  uint32_t found = UINT32_MAX;
  for (uint32_t k = 0; k < 2 && found == UINT32_MAX; k++)
    if (!in_run(&run, c->susp[pts[k]].pre)) found = pts[k];
  crl_feasible_free(&run);
  return found;
}

int crl_switch_index_optional(crl_coro *c) {
  crl_switch_state *st = crl_switch_of(c);
  uint32_t n = resumable_points(c);
  st->entry_point = UINT32_MAX;
  if (n <= 1) return 1;
  if (c->opts->keep_elision_markers) return 0;
  if (n == 2) st->entry_point = find_entry_point(c);
  return st->entry_point != UINT32_MAX ||
         (c->opts->prefer_small_frames && n <= CRL_SWITCH_POINTER_RECORD_MAX);
}

int crl_switch_index_dropped(crl_coro *c) {
  crl_switch_state *st = crl_switch_of(c);
  return c->num_susp > 0 && st->field_index < c->frame.num_fields && c->frame.fields[st->field_index].dropped;
}

/* The resume pointer records the entry point (entry_point is set only
 * with two points to resume at). */
static int entry_mode(crl_coro *c) {
  return crl_switch_of(c)->entry_point != UINT32_MAX && crl_switch_index_dropped(c);
}

uint32_t crl_switch_record_field(crl_coro *c) {
  crl_switch_state *st = crl_switch_of(c);
  if (!crl_switch_index_dropped(c)) return st->field_index;
  if (resumable_points(c) <= 1) return UINT32_MAX;
  return entry_mode(c) ? st->field_resume : st->field_destroy;
}

int crl_switch_make_entry_fn(crl_coro *c) {
  crl_switch_state *st = crl_switch_of(c);
  if (!entry_mode(c)) return 0;
  char suffix[32];
  snprintf(suffix, sizeof suffix, "resume.%u", st->entry_point);
  st->entry_fn = crl_switch_make_fn(c, suffix);
  return st->entry_fn ? 0 : -1;
}

void crl_switch_resume_entries(crl_coro *c, int entry_clone, uint32_t *only,
                               LLVMValueRef *skip) {
  crl_switch_state *st = crl_switch_of(c);
  *only = UINT32_MAX;
  *skip = NULL;
  if (!entry_mode(c)) return;
  if (entry_clone) {
    *only = st->entry_point;
    return;
  }
  for (uint32_t s = 0; s < c->num_susp; s++)
    if (!st->susp[s].is_final && s != st->entry_point) {
      *only = s;
      *skip = c->susp[s].point;
    }
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
  LLVMSetInstructionCallConv(call, c->target->clone_cc);
  if (crl_target_can_musttail(c->target, call, 1, NULL))
    LLVMSetTailCallKind(call, LLVMTailCallKindMustTail);
  LLVMBuildRetVoid(b);
  LLVMDisposeBuilder(b);
  return f;
}

/* The pointer each suspend stores when the index is dropped
 * (st->susp[s].mark). The ramp's header stores NAME.resume as always, so
 * the entry point stores its NAME.resume.N (only the ramp runs that
 * store); it could not rely on the header anyway: the other point's save
 * may store NAME.resume on the way there, when its await_suspend says not
 * to suspend after all. */
static int make_marks(crl_coro *c) {
  crl_switch_state *st = crl_switch_of(c);
  uint32_t left = resumable_points(c);
  if (left <= 1) return 0;
  int entry = entry_mode(c);
  for (uint32_t s = 0; s < c->num_susp; s++) {
    if (st->susp[s].is_final) continue;
    if (entry)
      st->susp[s].mark = s == st->entry_point ? st->entry_fn : st->resume_fn;
    else
      st->susp[s].mark = --left ? make_thunk(c, s) : st->destroy_fn;
    if (!st->susp[s].mark) {
      CRL_ERR(c, c->shape->id, "out of memory");
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
                    ? LLVMBuildStore(b, LLVMConstNull(c->ptr_t), c->shape->begin)
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

/* The compare chain on the recording pointer (`loaded` if already loaded),
 * from the builder's block. */
static void dispatch_on_marks(crl_coro *c, LLVMValueRef fn, crl_valmap *map,
                              LLVMBuilderRef eb, LLVMBasicBlockRef from,
                              LLVMBasicBlockRef sink, LLVMValueRef at, LLVMValueRef mode,
                              LLVMValueRef loaded) {
  crl_switch_state *st = crl_switch_of(c);
  uint32_t left = resumable_points(c);
  if (!left) {
    LLVMBuildBr(eb, sink);
    return;
  }
  LLVMValueRef d = loaded;
  if (left > 1 && !d)
    d = LLVMBuildLoad2(eb, c->ptr_t, at, entry_mode(c) ? "resume.fn" : "destroy.fn");
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
                         LLVMValueRef frame, LLVMValueRef at, LLVMValueRef mode,
                         uint32_t only) {
  crl_switch_state *st = crl_switch_of(c);
  LLVMBasicBlockRef from = entry;
  int fi = crl_switch_final_index(c);
  LLVMPositionBuilderAtEnd(eb, entry);
  if (kind == CRL_SW_RESUME && only != UINT32_MAX) {
    LLVMBuildBr(eb, crl_valmap_get(map, c->susp[only].resume));
    enter(c, map, only, mode, entry);
    return;
  }
  LLVMValueRef rf = NULL;
  if (fi >= 0 && kind != CRL_SW_RESUME) {
    /* The final suspend stores no index (that would cost every resume a
     * merged store): its null resume pointer identifies it, as in LLVM. */
    LLVMBasicBlockRef disp = LLVMAppendBasicBlockInContext(c->ctx, fn, "dispatch");
    rf = LLVMBuildLoad2(eb, c->ptr_t, frame, "resume.fn");
    LLVMValueRef done = LLVMBuildIsNull(eb, rf, "at.final");
    LLVMBasicBlockRef fb = crl_valmap_get(map, c->susp[fi].resume);
    LLVMBuildCondBr(eb, done, fb, disp);
    enter(c, map, (uint32_t)fi, mode, entry);
    LLVMPositionBuilderAtEnd(eb, disp);
    from = disp;
  }
  if (crl_switch_index_dropped(c)) {
    dispatch_on_marks(c, fn, map, eb, from, sink, at, mode, entry_mode(c) ? rf : NULL);
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
