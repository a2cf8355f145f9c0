/* The continuations: NAME.resume.<index>, one per suspend point, each the
 * blocks that run from its suspend's resume block until the coroutine
 * suspends again (it returns there) or ends. A continuation has the
 * prototype's type, calling convention and attributes; its frame is the
 * buffer it is given, or the allocation whose address the buffer holds. */
#include <stdio.h>
#include <string.h>

#include "cloner/reach.h"
#include "irkit/oom.h"
#include "cloner/split_clone.h"
#include "frame/frame.h"
#include "retcon_lowering/retcon_internal.h"

static void copy_attrs_at(LLVMValueRef from, LLVMValueRef to, LLVMAttributeIndex idx) {
  unsigned n = LLVMGetAttributeCountAtIndex(from, idx);
  if (!n) return;
  LLVMAttributeRef *a = crl_malloc(n * sizeof *a);
  if (!a) {
    crl_oom_note();
    return;
  }
  LLVMGetAttributesAtIndex(from, idx, a);
  for (unsigned k = 0; k < n; k++) LLVMAddAttributeAtIndex(to, idx, a[k]);
  free(a);
}

static void add_enum_attr(crl_coro *c, LLVMValueRef f, LLVMAttributeIndex idx,
                          const char *name, uint64_t val) {
  unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
  if (!LLVMGetEnumAttributeAtIndex(f, idx, kind))
    LLVMAddAttributeAtIndex(f, idx, LLVMCreateEnumAttribute(c->ctx, kind, val));
}

/* The prototype's type, convention and attributes (all of them: function,
 * return and parameters, swiftself and swifterror included), as LLVM takes
 * them; the buffer parameter says what the id promises of it. Personality,
 * section and GC are the coroutine's, whose code the continuation runs. */
static LLVMValueRef make_continuation(crl_coro *c, uint32_t s) {
  crl_retcon_state *st = crl_retcon_of(c);
  size_t len = 0;
  const char *base = LLVMGetValueName2(c->fn, &len);
  char *name = crl_malloc(len + 32);
  if (!name) return NULL;
  snprintf(name, len + 32, "%.*s.resume.%u", (int)len, base, s);
  LLVMValueRef f = LLVMAddFunction(c->mod, name, LLVMGlobalGetValueType(st->proto));
  free(name);
  LLVMSetLinkage(f, LLVMInternalLinkage);
  LLVMSetFunctionCallConv(f, LLVMGetFunctionCallConv(st->proto));
  copy_attrs_at(st->proto, f, LLVMAttributeFunctionIndex);
  copy_attrs_at(st->proto, f, LLVMAttributeReturnIndex);
  unsigned np = LLVMCountParams(f);
  for (unsigned k = 0; k < np; k++) copy_attrs_at(st->proto, f, k + 1);
  add_enum_attr(c, f, 1, "noalias", 0);
  add_enum_attr(c, f, 1, "noundef", 0);
  add_enum_attr(c, f, 1, "nonnull", 0);
  add_enum_attr(c, f, 1, "align", st->buf_align);
  add_enum_attr(c, f, 1, "dereferenceable", st->buf_size);
  if (LLVMHasPersonalityFn(c->fn)) LLVMSetPersonalityFn(f, LLVMGetPersonalityFn(c->fn));
  const char *sec = LLVMGetSection(c->fn);
  if (sec && *sec) LLVMSetSection(f, sec);
  const char *gc = LLVMGetGC(c->fn);
  if (gc) LLVMSetGC(f, gc);
  LLVMSetValueName2(LLVMGetParam(f, 0), "buffer", 6);
  return f;
}

/* Pre blocks end the function there (it returns); so do non-unwind ends.
 * `pre` maps each pre block to its suspend's index. */
typedef struct stop_ctx { crl_valmap pre; } stop_ctx;

static int stops(LLVMBasicBlockRef bb, void *vctx) {
  stop_ctx *x = vctx;
  return crl_valmap_has(&x->pre, bb) || crl_block_ends_clone(bb);
}

/* What the suspend returns in this continuation: its parameters after the
 * buffer (one, or a struct of them), built at the entry. */
static LLVMValueRef resumed_with(crl_coro *c, crl_split_clone *x, crl_suspend *sp) {
  LLVMTypeRef t = LLVMTypeOf(sp->result);
  unsigned np = LLVMCountParams(x->fn);
  if (np == 2 && LLVMTypeOf(LLVMGetParam(x->fn, 1)) == t) return LLVMGetParam(x->fn, 1);
  LLVMValueRef agg = LLVMGetPoison(t);
  for (unsigned k = 1; k < np; k++)
    agg = LLVMBuildInsertValue(x->entry_b, agg, LLVMGetParam(x->fn, k), k - 1, "");
  (void)c;
  return agg;
}

/* The frame offset `ptr` addresses in a clone (the frame itself, or a
 * constant byte offset from it), or UINT64_MAX. */
static uint64_t frame_offset(LLVMValueRef ptr, LLVMValueRef frame) {
  if (ptr == frame) return 0;
  if (!LLVMIsAGetElementPtrInst(ptr) || LLVMGetOperand(ptr, 0) != frame ||
      LLVMGetNumOperands(ptr) != 2 ||
      LLVMGetGEPSourceElementType(ptr) != LLVMInt8TypeInContext(LLVMGetTypeContext(LLVMTypeOf(ptr))))
    return UINT64_MAX;
  LLVMValueRef off = LLVMGetOperand(ptr, 1);
  return LLVMIsAConstantInt(off) ? LLVMConstIntGetZExtValue(off) : UINT64_MAX;
}

/* Frame bytes something other than a spill may use (allocas, realigned
 * regions): [lo, hi) intervals, collected once per coroutine. */
typedef struct byte_ranges { uint64_t *lo, *hi; uint32_t n; } byte_ranges;

static int non_spill_ranges(crl_coro *c, byte_ranges *r) {
  r->n = 0;
  r->lo = crl_malloc((c->frame.num_fields + 1) * sizeof *r->lo);
  r->hi = crl_malloc((c->frame.num_fields + 1) * sizeof *r->hi);
  if (!r->lo || !r->hi) return -1;
  for (uint32_t f = 0; f < c->frame.num_fields; f++) {
    const crl_frame_field_plan *fd = &c->frame.fields[f];
    if (fd->kind == CRL_FIELD_SPILL && !fd->region) continue;
    r->lo[r->n] = fd->offset;
    r->hi[r->n++] = fd->offset + fd->size;
  }
  return 0;
}

/* Only spills use these bytes of the frame: nothing but the lowering's own
 * reloads and stores touches them. */
static int spill_only(crl_coro *c, const byte_ranges *r, uint64_t off, uint64_t size) {
  if (off + size > c->frame.size) return 0;
  for (uint32_t k = 0; k < r->n; k++)
    if (r->lo[k] < off + size && off < r->hi[k]) return 0;
  return 1;
}

/* A value reloaded from a spill slot and stored back to it before the
 * continuation returns (a loop-invariant value crossing the suspends of a
 * loop, whose slot merges the ramp's value with the reload): the slot
 * already holds it, and no other value uses the slot in between (it would
 * be live there too, so the layout gave it other storage). */
static void drop_stores_back(crl_coro *c, const byte_ranges *r, LLVMValueRef fn,
                             LLVMValueRef frame) {
  crl_vec dead = {0};
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsAStoreInst(i) || LLVMGetVolatile(i)) continue;
      LLVMValueRef v = LLVMGetOperand(i, 0), ptr = LLVMGetOperand(i, 1);
      if (!LLVMIsALoadInst(v) || LLVMGetOperand(v, 0) != ptr || LLVMGetVolatile(v)) continue;
      uint64_t off = frame_offset(ptr, frame);
      if (off != UINT64_MAX &&
          spill_only(c, r, off, LLVMABISizeOfType(c->td, LLVMTypeOf(v))))
        crl_vec_push(&dead, i);
    }
  for (unsigned k = 0; k < dead.n; k++) LLVMInstructionEraseFromParent(dead.v[k]);
  crl_vec_free(&dead);
}

static int build_one(crl_coro *c, crl_reach *reach, const stop_ctx *sx,
                     const byte_ranges *nonspill, uint32_t s) {
  crl_retcon_state *st = crl_retcon_of(c);
  crl_suspend *sp = &c->susp[s];
  LLVMValueRef fn = st->susp[s].fn;
  crl_split_clone x;
  crl_split_clone_init(&x, c, fn);
  LLVMValueRef frame = LLVMGetParam(fn, 0);
  if (!st->inline_frame) {
    frame = LLVMBuildLoad2(x.entry_b, c->ptr_t, frame, "frame");
    LLVMSetAlignment(frame, crl_retcon_slot_align(c));
  }
  /* The suspend's result, and the values taken out of it, are the
   * continuation's parameters. */
  LLVMValueRef *phis = crl_malloc((st->num_extra + 1) * sizeof *phis);
  LLVMValueRef *vals = crl_malloc((st->num_extra + 1) * sizeof *vals);
  unsigned nk = 0;
  if (phis && vals && sp->result) {
    phis[nk] = sp->result;
    vals[nk++] = resumed_with(c, &x, sp);
  }
  for (unsigned k = 0; phis && vals && st->susp[s].elem && k < st->num_extra; k++)
    if (st->susp[s].elem[k]) {
      phis[nk] = st->susp[s].elem[k];
      vals[nk++] = LLVMGetParam(fn, k + 1);
    }
  crl_feasible run = {0};
  int rc = phis && vals ? crl_reach_run(reach, &sp->resume, 1, phis, vals, nk, &run) : -1;
  free(phis);
  free(vals);
  if (rc) CRL_ERR(c, c->shape->id, "out of memory");
  if (rc == 0) rc = crl_split_clone_blocks(&x, frame, &run);
  if (rc == 0) {
    crl_split_clone_declare_frame_vars(&x);
    LLVMPositionBuilderAtEnd(x.entry_b, x.entry);
    LLVMBuildBr(x.entry_b, crl_valmap_get(&x.map, sp->resume));
    /* Where this continuation suspends again, it returns: the pre blocks
     * among those it runs (a look at its own blocks, not at every suspend,
     * so that N continuations cost what they clone). */
    for (unsigned k = 0; k < run.n; k++) {
      uint32_t t = crl_valmap_get_id(&sx->pre, run.blocks[k]);
      if (t == UINT32_MAX) continue;
      LLVMBasicBlockRef pre = crl_valmap_get(&x.map, c->susp[t].pre);
      /* Yielded constants fold into a constant aggregate, not cloned. */
      LLVMValueRef agg = st->susp[t].agg;
      if (agg && LLVMIsAInstruction(agg)) agg = crl_valmap_get(&x.map, agg);
      crl_retcon_return_at(c, pre, agg, t, 1);
    }
    rc = crl_retcon_lower_in_fn(c, fn, 0, frame);
    if (rc == 0)
      rc = crl_swifterror_lower_in_fn(c, &st->swe, fn,
                                      st->swe_param ? LLVMGetParam(fn, st->swe_param) : NULL);
    crl_split_clone_finish(&x);
    drop_stores_back(c, nonspill, fn, frame);
  }
  crl_feasible_free(&run);
  crl_split_clone_end(&x);
  return rc;
}

/* The frame lives in the buffer when it fits there; the report says so. */
static void choose_storage(crl_coro *c) {
  crl_retcon_state *st = crl_retcon_of(c);
  st->inline_frame = c->frame.size <= st->buf_size && c->frame.align <= st->buf_align;
  if (c->frame.report) {
    c->frame.report->storage =
        st->inline_frame ? CRL_FRAME_STORAGE_INLINE : CRL_FRAME_STORAGE_ALLOCATED;
    c->frame.report->buffer_size = st->buf_size;
    c->frame.report->buffer_align = st->buf_align;
  }
}

int crl_retcon_split(crl_coro *c) {
  crl_retcon_state *st = crl_retcon_of(c);
  choose_storage(c);
  if (crl_retcon_localize_dyn_allocas(c) != 0) return -1;
  for (uint32_t s = 0; s < c->num_susp; s++)
    if (!(st->susp[s].fn = make_continuation(c, s))) {
      CRL_ERR(c, c->shape->id, "out of memory");
      return -1;
    }
  if (!c->num_susp) return 0;
  stop_ctx sx;
  crl_reach reach = {0};
  int rc = crl_valmap_init(&sx.pre, c->num_susp);
  for (uint32_t s = 0; s < c->num_susp && rc == 0; s++)
    rc = crl_valmap_put_id(&sx.pre, c->susp[s].pre, s);
  byte_ranges nonspill = {0};
  if (rc == 0) rc = crl_reach_init(&reach, c->fn, stops, &sx);
  if (rc == 0) rc = non_spill_ranges(c, &nonspill);
  if (rc) CRL_ERR(c, c->shape->id, "out of memory");
  for (uint32_t s = 0; s < c->num_susp && rc == 0; s++)
    rc = build_one(c, &reach, &sx, &nonspill, s);
  free(nonspill.lo);
  free(nonspill.hi);
  crl_reach_free(&reach);
  crl_valmap_free(&sx.pre);
  return rc;
}
