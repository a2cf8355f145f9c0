/* Switched-resume lowering (llvm.coro.id): the frame header (resume and
 * destroy pointers, promise at its fixed offset, suspend index), and the
 * split into the ramp plus NAME.resume / NAME.destroy / NAME.cleanup, each
 * entered through a switch on the suspend index. */
#include <stdio.h>
#include <string.h>

#include "core/layout.h"
#include "ir/blocks.h"
#include "ir/clone.h"
#include "ir/frame_plan.h"
#include "switch_lowering/switch_dispatch.h"
#include "targets/targets.h"

static int switch_init(crl_coro *c) {
  for (uint32_t s = 0; s < c->num_susp; s++)
    if (crl_intrinsic_of(c->susp[s].call) != CRL_I_SUSPEND) {
      CRL_ERR(c, c->susp[s].call,
              "a switched-resume coroutine (llvm.coro.id) may only use llvm.coro.suspend");
      return -1;
    }
  for (unsigned k = 0; k < c->ends.n; k++)
    if (crl_intrinsic_of(c->ends.v[k]) != CRL_I_END) {
      CRL_ERR(c, c->ends.v[k], "llvm.coro.end.async in a switched-resume coroutine");
      return -1;
    }
  return 0;
}

static int switch_frame_header(crl_coro *c) {
  uint64_t ps = LLVMPointerSize(c->td);
  c->field_resume = crl_add_field(c, CRL_FIELD_HEADER, "__resume_fn", NULL,
                                  c->ptr_t, ps, (uint32_t)ps, 0);
  c->field_destroy = crl_add_field(c, CRL_FIELD_HEADER, "__destroy_fn", NULL,
                                   c->ptr_t, ps, (uint32_t)ps, ps);
  if (c->promise) {
    LLVMTypeRef t = LLVMGetAllocatedType(c->promise);
    unsigned long long n = LLVMConstIntGetZExtValue(LLVMGetOperand(c->promise, 0));
    if (n > 1) t = LLVMArrayType2(t, n);
    uint32_t a = LLVMABIAlignmentOfType(c->td, t);
    if (LLVMGetAlignment(c->promise) > a) a = LLVMGetAlignment(c->promise);
    uint64_t off = (2 * ps + a - 1) / a * a;
    c->field_promise = crl_add_field(c, CRL_FIELD_PROMISE, "__promise", c->promise,
                                     t, LLVMABISizeOfType(c->td, t), a, off);
  }
  if (c->num_susp > 0) {
    unsigned bits = c->num_susp <= 256 ? 8 : c->num_susp <= 65536 ? 16 : 32;
    c->index_t = LLVMIntTypeInContext(c->ctx, bits);
    c->field_index = crl_add_field(c, CRL_FIELD_INDEX, "__index", NULL,
                                   c->index_t, bits / 8, bits / 8,
                                   CRL_LAYOUT_FREE);
  }
  return 0;
}

static LLVMValueRef make_clone_fn(crl_coro *c, const char *suffix) {
  size_t len = 0;
  const char *base = LLVMGetValueName2(c->fn, &len);
  char *name = malloc(len + strlen(suffix) + 2);
  sprintf(name, "%.*s.%s", (int)len, base, suffix);
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(c->ctx), &c->ptr_t, 1, 0);
  LLVMValueRef f = LLVMAddFunction(c->mod, name, fty);
  free(name);
  LLVMSetLinkage(f, LLVMInternalLinkage);
  LLVMSetFunctionCallConv(f, LLVMFastCallConv);
  unsigned skip[2] = {LLVMGetEnumAttributeKindForName("presplitcoroutine", 17), 0};
  crl_copy_fn_attrs(c->fn, f, skip);
  LLVMSetValueName2(LLVMGetParam(f, 0), "frame", 5);
  /* The frame's size and alignment on the parameter, as LLVM puts them:
   * CoroElide reads them to build a frame on the caller's stack. */
  struct { const char *name; uint64_t val; } attrs[] = {
      {"nonnull", 0}, {"dereferenceable", c->frame_size}, {"align", c->frame_align}};
  for (size_t k = 0; k < sizeof attrs / sizeof *attrs; k++) {
    unsigned kind = LLVMGetEnumAttributeKindForName(attrs[k].name, strlen(attrs[k].name));
    LLVMAddAttributeAtIndex(f, 1, LLVMCreateEnumAttribute(c->ctx, kind, attrs[k].val));
  }
  return f;
}

/* Header stores in the ramp: resume pointer, and destroy or cleanup
 * depending on whether the frame was allocated (coro.alloc). */
static void store_header(crl_coro *c) {
  LLVMBuilderRef b = c->b;
  crl_position_after_begin(c, b);
  LLVMBuildStore(b, c->resume_fn, c->begin);
  LLVMValueRef d = c->destroy_fn;
  if (c->allocs.n == 1)
    d = LLVMBuildSelect(b, c->allocs.v[0], c->destroy_fn, c->cleanup_fn, "");
  LLVMValueRef off = LLVMConstInt(c->i64_t, c->fields[c->field_destroy].offset, 0);
  LLVMBuildStore(b, d, LLVMBuildInBoundsGEP2(b, c->i8_t, c->begin, &off, 1, ""));
}

/* Saves have done their part once the indices are stored; one whose
 * suspend was dropped as unreachable never had one. */
static void drop_saves(crl_coro *c) {
  for (unsigned k = 0; k < c->saves.n; k++)
    if (!LLVMGetFirstUse(c->saves.v[k])) LLVMInstructionEraseFromParent(c->saves.v[k]);
  c->saves.n = 0;
}

/* At each suspend's save: its index, and for the final suspend a null
 * resume pointer (what coro.done reads). */
static void store_indices(crl_coro *c) {
  LLVMBuilderRef b = c->b;
  for (uint32_t s = 0; s < c->num_susp; s++) {
    crl_suspend *sp = &c->susp[s];
    LLVMPositionBuilderBefore(b, sp->point);
    LLVMValueRef idx = crl_ramp_field_addr(c, c->field_index);
    LLVMPositionBuilderBefore(b, sp->point);
    /* The final suspend is known by its null resume pointer (what
     * coro.done reads); it needs no index. */
    sp->point = sp->is_final
                    ? LLVMBuildStore(b, LLVMConstNull(c->ptr_t), c->begin)
                    : LLVMBuildStore(b, LLVMConstInt(c->index_t, s, 0), idx);
  }
  drop_saves(c);
  for (uint32_t s = 0; s < c->num_susp; s++) c->susp[s].save = NULL;
}

/* With no suspend point the coroutine runs to completion in its ramp, so
 * there is nothing to resume or destroy: no clones. As in LLVM, a frame it
 * would allocate only when coro.alloc says so lives on the stack instead
 * (coro.alloc false, coro.free null); otherwise it is the memory given to
 * coro.begin. */
static int split_no_suspend(crl_coro *c) {
  drop_saves(c);
  if (c->allocs.n == 0) return crl_switch_finish_ramp(c);
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(c->fn);
  LLVMPositionBuilderBefore(c->b, LLVMGetFirstInstruction(entry));
  LLVMTypeRef t = LLVMArrayType2(c->i8_t, c->frame_size ? c->frame_size : 1);
  LLVMValueRef frame = LLVMBuildAlloca(c->b, t, "frame");
  LLVMSetAlignment(frame, c->frame_align);
  for (unsigned k = 0; k < c->allocs.n; k++) {
    LLVMReplaceAllUsesWith(c->allocs.v[k], LLVMConstInt(c->i1_t, 0, 0));
    LLVMInstructionEraseFromParent(c->allocs.v[k]);
  }
  c->allocs.n = 0;
  for (unsigned k = 0; k < c->frees.n; k++) {
    LLVMReplaceAllUsesWith(c->frees.v[k], LLVMConstNull(c->ptr_t));
    LLVMInstructionEraseFromParent(c->frees.v[k]);
  }
  c->frees.n = 0;
  LLVMReplaceAllUsesWith(c->begin, frame);
  return crl_switch_finish_ramp(c);
}

static int switch_split(crl_coro *c) {
  if (c->num_susp == 0) return split_no_suspend(c);
  c->resume_fn = make_clone_fn(c, "resume");
  c->destroy_fn = make_clone_fn(c, "destroy");
  c->cleanup_fn = make_clone_fn(c, "cleanup");
  store_header(c);
  if (c->num_susp) store_indices(c);
  if (crl_switch_build_clones(c) != 0) return -1;
  return crl_switch_finish_ramp(c);
}

const crl_lowering crl_switch_lowering = {
    CRL_ABI_SWITCH, "switch", switch_init, switch_frame_header, switch_split,
};
