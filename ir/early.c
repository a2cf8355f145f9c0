/* Early lowering over the whole module: the coroutine intrinsics that do not
 * depend on a coroutine's split, in any function (CoroEarly's job). Input
 * that already went through LLVM's coro-early has none of these left but
 * may hold llvm.coro.subfn.addr, which is lowered here too. */
#include <llvm-c/DebugInfo.h>

#include "ir/coro.h"

/* Switched-resume frames start with the resume and destroy pointers; the
 * promise follows at alignTo(2 * pointer size, promise alignment). */
static LLVMValueRef frame_slot(LLVMBuilderRef b, LLVMContextRef ctx,
                               LLVMValueRef h, unsigned word) {
  if (!word) return h;
  LLVMValueRef off = LLVMConstInt(LLVMInt64TypeInContext(ctx), 8 * word, 0);
  return LLVMBuildGEP2(b, LLVMInt8TypeInContext(ctx), h, &off, 1, "");
}

static LLVMValueRef noop_frame(LLVMModuleRef m) {
  LLVMValueRef g = LLVMGetNamedGlobal(m, "NoopCoro.Frame");
  if (g) return g;
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(ctx), &ptr, 1, 0);
  LLVMValueRef fn = LLVMAddFunction(m, "__NoopCoro_ResumeDestroy", fty);
  LLVMSetLinkage(fn, LLVMPrivateLinkage);
  LLVMSetFunctionCallConv(fn, LLVMFastCallConv);
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
                         LLVMValueRef orig) {
  LLVMTypeRef ptr = LLVMTypeOf(h);
  LLVMContextRef ctx = LLVMGetTypeContext(ptr);
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(ctx), &ptr, 1, 0);
  LLVMValueRef call =
      LLVMIsAInvokeInst(orig)
          ? LLVMBuildInvoke2(b, fty, fp, &h, 1, LLVMGetNormalDest(orig),
                             LLVMGetUnwindDest(orig), "")
          : LLVMBuildCall2(b, fty, fp, &h, 1, "");
  LLVMSetInstructionCallConv(call, LLVMFastCallConv);
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
                               LLVMValueRef call, crl_intr k, int keep) {
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
    long long off = (long long)((16 + align - 1) / align * align);
    LLVMValueRef o = LLVMConstInt(LLVMInt64TypeInContext(ctx),
                                  (unsigned long long)(from ? -off : off), 1);
    return LLVMBuildGEP2(b, LLVMInt8TypeInContext(ctx), h, &o, 1, "");
  }
  case CRL_I_RESUME:
  case CRL_I_DESTROY: {
    unsigned word = k == CRL_I_RESUME ? 0 : 1;
    LLVMValueRef fp = keep ? subfn_addr(m, b, h, word)
                           : LLVMBuildLoad2(b, ptr, frame_slot(b, ctx, h, word), "");
    call_through(b, fp, h, call);
    return NULL;
  }
  case CRL_I_SUBFN_ADDR: {
    unsigned idx = (unsigned)LLVMConstIntGetZExtValue(LLVMGetOperand(call, 1));
    return LLVMBuildLoad2(b, ptr, frame_slot(b, ctx, h, idx), "");
  }
  case CRL_I_NOOP: return noop_frame(m);
  default: return NULL;
  }
}

/* With elision markers kept, llvm.coro.subfn.addr stays for CoroElide. */
static int is_early(crl_intr k, int keep) {
  return k == CRL_I_DONE || k == CRL_I_PROMISE || k == CRL_I_RESUME ||
         k == CRL_I_DESTROY || (k == CRL_I_SUBFN_ADDR && !keep) || k == CRL_I_NOOP;
}

int crl_early_lower_module(LLVMModuleRef m, crl_result *res, int keep) {
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
    LLVMValueRef v = lower_call(m, b, call, k, keep);
    if (v) LLVMReplaceAllUsesWith(call, v);
    LLVMInstructionEraseFromParent(call);
  }
  crl_vec_free(&todo);
  LLVMDisposeBuilder(b);
  return rc;
}
