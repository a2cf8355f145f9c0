/* Switched-resume lowering (llvm.coro.id): its reading of the shape and its
 * rules, the frame header (resume and destroy pointers, the promise at its
 * fixed offset, the suspend index), and the split into the ramp plus
 * NAME.resume / NAME.destroy / NAME.cleanup, each entered through a switch
 * on the suspend index. The hook table is at the end. */
#include <stdio.h>
#include <string.h>

#include "cloner/clone.h"
#include "irkit/oom.h"
#include "core/layout.h"
#include "frame/frame.h"
#include "switch_lowering/switch_internal.h"
#include "targets/targets.h"

static int switch_init(crl_coro *c) {
  crl_switch_state *st = CRL_NEW_ABI_STATE(c, crl_switch_state);
  if (!st) return -1;
  st->entry_point = UINT32_MAX;
  for (uint32_t s = 0; s < c->num_susp; s++) {
    crl_suspend *sp = &c->susp[s];
    if (crl_intrinsic_of(sp->call) != CRL_I_SUSPEND) continue;
    LLVMValueRef tok = LLVMGetOperand(sp->call, 0);
    if (crl_intrinsic_of(tok) == CRL_I_SAVE) sp->save = tok;
    LLVMValueRef fin = LLVMGetOperand(sp->call, 1);
    if (LLVMIsAConstantInt(fin)) st->susp[s].is_final = LLVMConstIntGetZExtValue(fin) != 0;
  }
  return 0;
}

static void switch_release(crl_coro *c) {
  crl_switch_state *st = crl_switch_of(c);
  if (!st) return;
  crl_swifterror_release(&st->swe);
  crl_abi_state_free(c, st->susp);
}

static int check_kinds(const crl_coro *c) {
  for (uint32_t s = 0; s < c->num_susp; s++)
    if (crl_intrinsic_of(c->susp[s].call) != CRL_I_SUSPEND) {
      CRL_ERR(c, c->susp[s].call,
              "%s in a switched-resume coroutine (llvm.coro.id), which may only "
              "use llvm.coro.suspend",
              crl_intrinsic_name(crl_intrinsic_of(c->susp[s].call)));
      return -1;
    }
  /* Dynamically sized frame storage comes from a returned-continuation
   * id's allocation function; this ABI has none. */
  if (c->shape->allocas_get.n) {
    CRL_ERR(c, c->shape->allocas_get.v[0],
            "%s in a switched-resume coroutine (llvm.coro.id): llvm.coro.alloca.* "
            "are for returned-continuation coroutines",
            crl_intrinsic_name(crl_intrinsic_of(c->shape->allocas_get.v[0])));
    return -1;
  }
  for (unsigned k = 0; k < c->shape->ends.n; k++)
    if (crl_intrinsic_of(c->shape->ends.v[k]) != CRL_I_END) {
      CRL_ERR(c, c->shape->ends.v[k], "llvm.coro.end.async in a switched-resume coroutine");
      return -1;
    }
  return 0;
}

static int check_suspends(const crl_coro *c) {
  const crl_switch_state *st = crl_switch_view(c);
  int rc = 0;
  for (uint32_t s = 0; s < c->num_susp; s++) {
    crl_suspend *sp = &c->susp[s];
    if (!sp->save && !LLVMIsAConstantTokenNone(LLVMGetOperand(sp->call, 0))) {
      CRL_ERR(c, sp->call, "the suspend's token is neither llvm.coro.save nor none");
      rc = -1;
    }
    if (!LLVMIsAConstantInt(LLVMGetOperand(sp->call, 1))) {
      CRL_ERR(c, sp->call, "the suspend's final flag must be a constant");
      rc = -1;
    }
  }
  /* One final suspend at most: destroy recognises it by its null resume
   * pointer alone. */
  int finals = 0;
  for (uint32_t s = 0; s < c->num_susp; s++)
    if (st->susp[s].is_final && ++finals == 2) {
      CRL_ERR(c, c->susp[s].call, "more than one final suspend point");
      rc = -1;
    }
  /* A save serves exactly one suspend: its index is set there. */
  for (unsigned n = 0; n < c->shape->saves.n; n++) {
    LLVMValueRef sv = c->shape->saves.v[n];
    unsigned users = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(sv); u; u = LLVMGetNextUse(u)) users++;
    if (users > 1) {
      CRL_ERR(c, sv, "llvm.coro.save is used by more than one suspend");
      rc = -1;
    }
  }
  return rc;
}

/* A GEP whose indices are all constant zeros: the same address. */
static int zero_gep(LLVMValueRef v) {
  if (!LLVMIsAGetElementPtrInst(v)) return 0;
  unsigned n = LLVMGetNumOperands(v);
  for (unsigned k = 1; k < n; k++) {
    LLVMValueRef ix = LLVMGetOperand(v, k);
    if (!LLVMIsAConstantInt(ix) || LLVMConstIntGetZExtValue(ix) != 0) return 0;
  }
  return 1;
}

/* The promise alloca coro.id names, or the null it names instead. */
static LLVMValueRef promise_of(const crl_coro *c) {
  LLVMValueRef p = LLVMGetOperand(c->shape->id, 1);
  /* Old-dialect front ends pass `bitcast i32* %promise to i8*`, which LLVM
   * 22 parses as a no-op ptr-to-ptr bitcast instruction; others pass a
   * zero-index GEP of the promise. LLVM's CoroIdInst::getPromise strips
   * such no-op views (stripPointerCasts), and so do we. */
  while (LLVMIsABitCastInst(p) || LLVMIsAAddrSpaceCastInst(p) || zero_gep(p))
    p = LLVMGetOperand(p, 0);
  return p;
}

static int check_promise(const crl_coro *c) {
  LLVMValueRef p = promise_of(c);
  if (LLVMIsAConstantPointerNull(p)) return 0;
  if (!LLVMIsAAllocaInst(p) ||
      LLVMGetBasicBlockParent(LLVMGetInstructionParent(p)) != c->fn) {
    CRL_ERR(c, c->shape->id, "the promise operand of llvm.coro.id must be an alloca of "
                      "this function or null");
    return -1;
  }
  /* A constant count above one is an array promise, which LLVM lays out
   * whole; a dynamic or zero count has no size to lay out. */
  if (!LLVMIsAConstantInt(LLVMGetOperand(p, 0)) ||
      LLVMConstIntGetZExtValue(LLVMGetOperand(p, 0)) == 0) {
    CRL_ERR(c, p, "the promise must be a static alloca (a constant, non-zero "
                  "element count)");
    return -1;
  }
  return 0;
}

/* The first change to the coroutine (its normalize step): coro.id names
 * the promise alloca itself, without the casts that only served it, so
 * that no use of the promise is left before coro.begin; the frame header
 * will hold it (a pinned alloca). */
static int adopt_promise(crl_coro *c) {
  LLVMValueRef p = promise_of(c);
  if (LLVMIsAConstantPointerNull(p)) return 0;
  LLVMValueRef cast = LLVMGetOperand(c->shape->id, 1);
  LLVMSetOperand(c->shape->id, 1, p);
  while (cast != p && !LLVMGetFirstUse(cast)) {
    LLVMValueRef next = LLVMGetOperand(cast, 0);
    LLVMInstructionEraseFromParent(cast);
    cast = next;
  }
  crl_switch_of(c)->promise = p;
  if (crl_vec_push(&c->pinned_allocas, p) != 0) {
    CRL_ERR(c, p, "out of memory");
    return -1;
  }
  return 0;
}

static int switch_normalize(crl_coro *c) {
  return adopt_promise(c) != 0 ? -1 : crl_switch_normalize(c);
}

static int switch_validate(const crl_coro *c) {
  if (check_kinds(c) != 0 || check_suspends(c) != 0) return -1;
  return check_promise(c);
}

static int switch_frame_header(crl_coro *c) {
  crl_switch_state *st = crl_switch_of(c);
  uint64_t ps = LLVMPointerSize(c->td);
  st->field_resume = crl_add_field(c, CRL_FIELD_HEADER, "__resume_fn", NULL,
                                   c->ptr_t, ps, (uint32_t)ps, 0);
  st->field_destroy = crl_add_field(c, CRL_FIELD_HEADER, "__destroy_fn", NULL,
                                    c->ptr_t, ps, (uint32_t)ps, ps);
  if (st->promise) {
    LLVMTypeRef t = LLVMGetAllocatedType(st->promise);
    unsigned long long n = LLVMConstIntGetZExtValue(LLVMGetOperand(st->promise, 0));
    if (n > 1) t = LLVMArrayType2(t, n);
    /* Aligned as the alloca says (crl_memory_align), as LLVM places it. */
    uint32_t a = crl_memory_align(c, st->promise);
    uint64_t off = (2 * ps + a - 1) / a * a;
    st->field_promise = crl_pin_alloca(c, CRL_FIELD_PROMISE, "__promise", st->promise,
                                       t, LLVMABISizeOfType(c->td, t), a, off);
    /* The promise moves into the frame: coro.id no longer names it. */
    LLVMSetOperand(c->shape->id, 1, LLVMConstNull(c->ptr_t));
  }
  if (c->num_susp > 0) {
    unsigned bits = c->num_susp <= 256 ? 8 : c->num_susp <= 65536 ? 16 : 32;
    st->index_t = LLVMIntTypeInContext(c->ctx, bits);
    st->field_index = crl_add_field(c, CRL_FIELD_INDEX, "__index", NULL,
                                    st->index_t, bits / 8, bits / 8,
                                    CRL_LAYOUT_FREE);
    if (st->field_index != UINT32_MAX)
      c->frame.fields[st->field_index].optional = (uint8_t)crl_switch_index_optional(c);
  }
  return 0;
}

/* The alignment the frame's memory is known to have. A front end that asks
 * for llvm.coro.align allocates with the frame's own alignment (clang's
 * -fcoro-aligned-allocation), so nothing needs realigning; otherwise it is
 * coro.id's alignment operand (the allocator's guarantee clang passes),
 * else the target's operator new alignment. Allocas aligned above it are
 * realigned at run time (LLVM instead assumes the allocation has the
 * frame's alignment, which plain operator new does not give). */
static unsigned switch_frame_guarantee(const crl_coro *c) {
  if (c->shape->aligns.n) return 1u << 30;
  LLVMValueRef a = LLVMGetOperand(c->shape->id, 0);
  if (LLVMIsAConstantInt(a)) {
    unsigned long long v = LLVMConstIntGetZExtValue(a);
    if (v >= 1 && v <= (1u << 29) && !(v & (v - 1))) return (unsigned)v;
  }
  return crl_target_alloc_align(c->target, c->td);
}

LLVMValueRef crl_switch_make_fn(crl_coro *c, const char *suffix) {
  size_t len = 0;
  const char *base = LLVMGetValueName2(c->fn, &len);
  char *name = crl_malloc(len + strlen(suffix) + 2);
  if (!name) return NULL;
  sprintf(name, "%.*s.%s", (int)len, base, suffix);
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(c->ctx), &c->ptr_t, 1, 0);
  LLVMValueRef f = LLVMAddFunction(c->mod, name, fty);
  free(name);
  LLVMSetLinkage(f, LLVMInternalLinkage);
  LLVMSetFunctionCallConv(f, c->target->clone_cc);
  unsigned skip[2] = {crl_presplit_kind(), 0};
  crl_copy_fn_attrs(c->fn, f, skip);
  LLVMSetValueName2(LLVMGetParam(f, 0), "frame", 5);
  /* The frame's size and alignment on the parameter, as LLVM puts them:
   * CoroElide reads them to build a frame on the caller's stack. */
  struct { const char *name; uint64_t val; } attrs[] = {
      {"nonnull", 0}, {"dereferenceable", c->frame.size}, {"align", c->frame.align}};
  for (size_t k = 0; k < sizeof attrs / sizeof *attrs; k++) {
    unsigned kind = LLVMGetEnumAttributeKindForName(attrs[k].name, strlen(attrs[k].name));
    LLVMAddAttributeAtIndex(f, 1, LLVMCreateEnumAttribute(c->ctx, kind, attrs[k].val));
  }
  return f;
}

/* Header stores in the ramp: resume pointer, and destroy or cleanup
 * depending on whether the frame was allocated (coro.alloc). */
static void store_header(crl_coro *c) {
  crl_switch_state *st = crl_switch_of(c);
  LLVMBuilderRef b = c->b;
  crl_position_after_begin(c, b);
  LLVMBuildStore(b, st->resume_fn, c->shape->begin);
  LLVMValueRef d = st->destroy_fn;
  if (c->shape->allocs.n == 1)
    d = LLVMBuildSelect(b, c->shape->allocs.v[0], st->destroy_fn, st->cleanup_fn, "");
  LLVMValueRef off = LLVMConstInt(c->i64_t, c->frame.fields[st->field_destroy].offset, 0);
  LLVMBuildStore(b, d, LLVMBuildInBoundsGEP2(b, c->i8_t, c->shape->begin, &off, 1, ""));
}

/* Saves have done their part once the records are stored; one whose
 * suspend was dropped as unreachable never had one. */
static void drop_saves(crl_coro *c) {
  for (unsigned k = 0; k < c->shape->saves.n; k++)
    if (!LLVMGetFirstUse(c->shape->saves.v[k])) LLVMInstructionEraseFromParent(c->shape->saves.v[k]);
}

/* With no suspend point the coroutine runs to completion in its ramp, so
 * there is nothing to resume or destroy: no clones. As in LLVM, a frame it
 * would allocate only when coro.alloc says so lives on the stack instead
 * (coro.alloc false, coro.free null); otherwise it is the memory given to
 * coro.begin. */
static int split_no_suspend(crl_coro *c) {
  drop_saves(c);
  if (c->shape->allocs.n == 0) return 0;
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(c->fn);
  LLVMPositionBuilderBefore(c->b, LLVMGetFirstInstruction(entry));
  LLVMTypeRef t = LLVMArrayType2(c->i8_t, c->frame.size ? c->frame.size : 1);
  LLVMValueRef frame = LLVMBuildAlloca(c->b, t, "frame");
  LLVMSetAlignment(frame, c->frame.align);
  for (unsigned k = 0; k < c->shape->allocs.n; k++) {
    LLVMReplaceAllUsesWith(c->shape->allocs.v[k], LLVMConstInt(c->i1_t, 0, 0));
    LLVMInstructionEraseFromParent(c->shape->allocs.v[k]);
  }
  for (unsigned k = 0; k < c->shape->frees.n; k++) {
    LLVMReplaceAllUsesWith(c->shape->frees.v[k], LLVMConstNull(c->ptr_t));
    LLVMInstructionEraseFromParent(c->shape->frees.v[k]);
  }
  LLVMReplaceAllUsesWith(c->shape->begin, frame);
  return 0;
}

static int switch_split(crl_coro *c) {
  crl_switch_state *st = crl_switch_of(c);
  if (c->num_susp == 0) return split_no_suspend(c);
  st->resume_fn = crl_switch_make_fn(c, "resume");
  st->destroy_fn = crl_switch_make_fn(c, "destroy");
  st->cleanup_fn = crl_switch_make_fn(c, "cleanup");
  if (!st->resume_fn || !st->destroy_fn || !st->cleanup_fn || crl_switch_make_entry_fn(c) != 0) {
    CRL_ERR(c, c->shape->id, "out of memory");
    return -1;
  }
  store_header(c);
  if (crl_switch_record_points(c) != 0) return -1;
  drop_saves(c);
  for (uint32_t s = 0; s < c->num_susp; s++) c->susp[s].save = NULL;
  return crl_switch_build_clones(c);
}

const crl_lowering crl_switch_lowering = {
    .abis = CRL_ABI_SWITCH,
    .name = "switch",
    .module_early = crl_switch_module_early,
    .init = switch_init,
    .validate = switch_validate,
    .normalize = switch_normalize,
    .normalize_suspend = crl_switch_normalize_suspend,
    .frame_header = switch_frame_header,
    .frame_guarantee = switch_frame_guarantee,
    .split = switch_split,
    .finish = crl_switch_finish_ramp,
    .release = switch_release,
};
