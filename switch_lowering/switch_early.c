/* The switched-resume ABI over the whole module, before any coroutine is
 * lowered: the intrinsics that use a switched-resume frame through its
 * handle, in any function (CoroEarly's job: coro.done, coro.promise,
 * coro.resume, coro.destroy, coro.noop; input already through LLVM's
 * coro-early may hold llvm.coro.subfn.addr instead), and the elision
 * markers of coroutines split earlier that nothing elided (CoroCleanup's). */
#include <stdlib.h>

#include <llvm-c/DebugInfo.h>

#include "switch_lowering/switch_internal.h"
#include "targets/targets.h"

/* Switched-resume frames start with the resume and destroy pointers; the
 * promise follows at alignTo(2 * pointer size, promise alignment). The
 * pointer size is the module's (4 bytes on i686, ARM and wasm32), which
 * its data layout has by now (crl_target_prepare_module). */
static unsigned pointer_size(LLVMModuleRef m) {
  return LLVMPointerSize(LLVMGetModuleDataLayout(m));
}

static LLVMValueRef frame_slot(LLVMModuleRef m, LLVMBuilderRef b, LLVMValueRef h,
                               unsigned word) {
  if (!word) return h;
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMValueRef off = LLVMConstInt(LLVMInt64TypeInContext(ctx), pointer_size(m) * word, 0);
  return LLVMBuildGEP2(b, LLVMInt8TypeInContext(ctx), h, &off, 1, "");
}

static LLVMValueRef noop_frame(LLVMModuleRef m, unsigned cc) {
  LLVMValueRef g = LLVMGetNamedGlobal(m, "NoopCoro.Frame");
  if (g) return g;
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(ctx), &ptr, 1, 0);
  LLVMValueRef fn = LLVMAddFunction(m, "__NoopCoro_ResumeDestroy", fty);
  LLVMSetLinkage(fn, LLVMPrivateLinkage);
  LLVMSetFunctionCallConv(fn, cc);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx, fn, "entry"));
  LLVMBuildRetVoid(b);
  LLVMDisposeBuilder(b);
  LLVMValueRef ptrs[2] = {fn, fn};
  LLVMValueRef init = LLVMConstStructInContext(ctx, ptrs, 2, 0);
  g = LLVMAddGlobal(m, LLVMTypeOf(init), "NoopCoro.Frame");
  LLVMSetInitializer(g, init);
  LLVMSetGlobalConstant(g, 1);
  LLVMSetLinkage(g, LLVMPrivateLinkage);
  return g;
}

/* The call of a resume or destroy function; an invoke when the intrinsic
 * was invoked (inlining `handle.destroy()` into a function with a landing
 * pad does that), with the same successors so that no phi changes. */
static void call_through(LLVMBuilderRef b, LLVMValueRef fp, LLVMValueRef h,
                         LLVMValueRef orig, unsigned cc) {
  LLVMTypeRef ptr = LLVMTypeOf(h);
  LLVMContextRef ctx = LLVMGetTypeContext(ptr);
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(ctx), &ptr, 1, 0);
  LLVMValueRef call =
      LLVMIsAInvokeInst(orig)
          ? LLVMBuildInvoke2(b, fty, fp, &h, 1, LLVMGetNormalDest(orig),
                             LLVMGetUnwindDest(orig), "")
          : LLVMBuildCall2(b, fty, fp, &h, 1, "");
  LLVMSetInstructionCallConv(call, cc);
}

/* For CoroElide: the resume or destroy function is asked for through
 * llvm.coro.subfn.addr, which it can resolve to a direct call. */
static LLVMValueRef subfn_addr(LLVMModuleRef m, LLVMBuilderRef b,
                               LLVMValueRef h, unsigned idx) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMValueRef decl = crl_intrinsic_decl(m, CRL_I_SUBFN_ADDR);
  LLVMValueRef args[2] = {h, LLVMConstInt(LLVMInt8TypeInContext(ctx), idx, 0)};
  return LLVMBuildCall2(b, LLVMGlobalGetValueType(decl), decl, args, 2, "");
}

/* Returns the replacement value (NULL for void results). */
static LLVMValueRef lower_call(LLVMModuleRef m, LLVMBuilderRef b,
                               LLVMValueRef call, crl_intr k, int keep,
                               unsigned cc) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
  LLVMValueRef h = LLVMGetOperand(call, 0);
  switch (k) {
  case CRL_I_DONE: {
    LLVMValueRef fp = LLVMBuildLoad2(b, ptr, h, "");
    return LLVMBuildICmp(b, LLVMIntEQ, fp, LLVMConstNull(ptr), "");
  }
  case CRL_I_PROMISE: {
    unsigned align = (unsigned)LLVMConstIntGetZExtValue(LLVMGetOperand(call, 1));
    int from = (int)LLVMConstIntGetZExtValue(LLVMGetOperand(call, 2));
    if (align == 0) align = 1;
    long long two = 2 * (long long)pointer_size(m);
    long long off = (two + align - 1) / align * align;
    LLVMValueRef o = LLVMConstInt(LLVMInt64TypeInContext(ctx),
                                  (unsigned long long)(from ? -off : off), 1);
    return LLVMBuildGEP2(b, LLVMInt8TypeInContext(ctx), h, &o, 1, "");
  }
  case CRL_I_RESUME:
  case CRL_I_DESTROY: {
    unsigned word = k == CRL_I_RESUME ? 0 : 1;
    LLVMValueRef fp = keep ? subfn_addr(m, b, h, word)
                           : LLVMBuildLoad2(b, ptr, frame_slot(m, b, h, word), "");
    call_through(b, fp, h, call, cc);
    return NULL;
  }
  case CRL_I_SUBFN_ADDR: {
    unsigned idx = (unsigned)LLVMConstIntGetZExtValue(LLVMGetOperand(call, 1));
    return LLVMBuildLoad2(b, ptr, frame_slot(m, b, h, idx), "");
  }
  case CRL_I_NOOP: return noop_frame(m, cc);
  default: return NULL;
  }
}

/* With elision markers kept, llvm.coro.subfn.addr stays for CoroElide. */
static int is_early(crl_intr k, int keep) {
  return k == CRL_I_DONE || k == CRL_I_PROMISE || k == CRL_I_RESUME ||
         k == CRL_I_DESTROY || (k == CRL_I_SUBFN_ADDR && !keep) || k == CRL_I_NOOP;
}

static int early_lower(LLVMModuleRef m, crl_result *res, int keep, unsigned cc) {
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
  crl_vec todo = {0};
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb;
         bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
           i = LLVMGetNextInstruction(i))
        if (is_early(crl_intrinsic_of(i), keep)) crl_vec_push(&todo, i);
  int rc = 0;
  for (unsigned n = 0; n < todo.n; n++) {
    LLVMValueRef call = todo.v[n];
    crl_intr k = crl_intrinsic_of(call);
    if (LLVMIsAInvokeInst(call) && k != CRL_I_RESUME && k != CRL_I_DESTROY) {
      crl_diagf(res, CRL_SEV_ERROR, LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)),
                call, "%s cannot be invoked", crl_intrinsic_name(k));
      rc = -1;
      continue;
    }
    if (k == CRL_I_PROMISE && (!LLVMIsAConstantInt(LLVMGetOperand(call, 1)) ||
                               !LLVMIsAConstantInt(LLVMGetOperand(call, 2)))) {
      crl_diagf(res, CRL_SEV_ERROR, LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)),
                call, "llvm.coro.promise needs constant alignment and direction");
      rc = -1;
      continue;
    }
    LLVMPositionBuilderBefore(b, call);
    /* What replaces the call keeps its location: a direct call it becomes
     * after optimization must have one to be inlined under debug info. */
    LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(call));
    LLVMValueRef v = lower_call(m, b, call, k, keep, cc);
    if (v) LLVMReplaceAllUsesWith(call, v);
    LLVMInstructionEraseFromParent(call);
  }
  crl_vec_free(&todo);
  LLVMDisposeBuilder(b);
  return rc;
}

/* A ramp split earlier (by LLVM's CoroSplit mid-pipeline, or by corolower
 * with elision markers kept) keeps coro.id, coro.begin, coro.alloc and
 * coro.free for CoroElide, in itself or, inlined, in its callers (presplit
 * coroutines among them). Nothing elided it, so they go as CoroCleanup
 * would: the frame is the memory coro.begin was given, and was allocated. */
static int lower_split_id(LLVMValueRef id) {
  crl_vec users = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(id); u; u = LLVMGetNextUse(u))
    crl_vec_push(&users, LLVMGetUser(u));
  int rc = 0;
  for (unsigned k = 0; k < users.n; k++) {
    LLVMValueRef u = users.v[k];
    switch (crl_intrinsic_of(u)) {
    case CRL_I_ALLOC:
      LLVMReplaceAllUsesWith(u, LLVMConstInt(LLVMTypeOf(u), 1, 0));
      break;
    case CRL_I_BEGIN:
    case CRL_I_FREE: LLVMReplaceAllUsesWith(u, LLVMGetOperand(u, 1)); break;
    default: rc = -1; continue;
    }
    LLVMInstructionEraseFromParent(u);
  }
  crl_vec_free(&users);
  if (rc == 0) LLVMInstructionEraseFromParent(id);
  return rc;
}

static LLVMValueRef parent_fn(LLVMValueRef i) {
  return LLVMGetBasicBlockParent(LLVMGetInstructionParent(i));
}

/* Functions calling llvm.coro.begin more than once. */
static void many_begins(LLVMModuleRef m, crl_valmap *out) {
  LLVMValueRef decl = LLVMGetNamedFunction(m, "llvm.coro.begin");
  crl_valmap seen;
  crl_valmap_init(&seen, 16);
  for (LLVMUseRef u = decl ? LLVMGetFirstUse(decl) : NULL; u; u = LLVMGetNextUse(u)) {
    LLVMValueRef i = LLVMGetUser(u);
    if (crl_intrinsic_of(i) != CRL_I_BEGIN) continue;
    LLVMValueRef f = parent_fn(i);
    if (crl_valmap_has(&seen, f)) crl_valmap_put(out, f, f);
    else crl_valmap_put(&seen, f, f);
  }
  crl_valmap_free(&seen);
}

/* A coro.id (no clone array) left in an ordinary function, with only
 * coro.begin, coro.alloc and coro.free using it: nothing will split that
 * function, and LLVM's CoroCleanup lowers them as for a split ramp (what
 * an inlined or otherwise copied coroutine prologue leaves). Any other use
 * stays for the check of coroutine intrinsics outside coroutines. */
static int leftover_id(LLVMValueRef id) {
  if (crl_intrinsic_of(id) != CRL_I_ID || crl_is_split_marker(id) ||
      crl_is_presplit(parent_fn(id)))
    return 0;
  for (LLVMUseRef u = LLVMGetFirstUse(id); u; u = LLVMGetNextUse(u)) {
    crl_intr k = crl_intrinsic_of(LLVMGetUser(u));
    if (k != CRL_I_BEGIN && k != CRL_I_ALLOC && k != CRL_I_FREE) return 0;
  }
  return 1;
}

static int cleanup_split_ramps(LLVMModuleRef m, crl_result *res, int keep) {
  LLVMValueRef decl = LLVMGetNamedFunction(m, "llvm.coro.id");
  if (!decl) return 0;
  /* Kept markers are for CoroElide, but LLVM's CoroEarly (which a full
   * pipeline runs again on the output) aborts on a function with two
   * coro.begin calls: there, the split coroutines' markers go anyway. */
  crl_valmap crowded;
  crl_valmap_init(&crowded, 16);
  if (keep) many_begins(m, &crowded);
  crl_vec ids = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(decl); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef id = LLVMGetUser(u);
    if (crl_is_split_marker(id) && (!keep || crl_valmap_has(&crowded, parent_fn(id))))
      crl_vec_push(&ids, id);
    else if (leftover_id(id))
      crl_vec_push(&ids, id);
  }
  crl_valmap_free(&crowded);
  int rc = 0;
  for (unsigned k = 0; k < ids.n; k++) {
    LLVMValueRef id = ids.v[k];
    LLVMValueRef f = parent_fn(id);
    if (lower_split_id(id) != 0) {
      crl_diagf(res, CRL_SEV_ERROR, f, id,
                "the id of an already split coroutine is used by something "
                "other than llvm.coro.begin, llvm.coro.alloc or llvm.coro.free");
      rc = -1;
    }
  }
  crl_vec_free(&ids);
  return rc;
}

int crl_switch_module_early(const crl_module_ctx *mc) {
  int keep = mc->opts->keep_elision_markers;
  if (early_lower(mc->mod, mc->res, keep, mc->target->clone_cc) != 0) return -1;
  return cleanup_split_ramps(mc->mod, mc->res, keep);
}
