/* Old-dialect input: LLVM 22 upgrades the two-operand `i1 @llvm.coro.end`
 * to the void three-operand form but leaves the old result's uses behind,
 * so the module no longer verifies. The old result meant "not in the ramp";
 * llvm.coro.is_in_ramp now says the opposite, so uses get its negation. */
#include "ir/coro.h"

unsigned crl_repair_legacy_module(LLVMModuleRef m) {
  unsigned repaired = 0;
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb;
         bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
           i = LLVMGetNextInstruction(i)) {
        if (crl_intrinsic_of(i) != CRL_I_END) continue;
        if (LLVMGetTypeKind(LLVMTypeOf(i)) != LLVMVoidTypeKind) continue;
        size_t len = 0;
        LLVMGetValueName2(i, &len);
        if (len) LLVMSetValueName2(i, "", 0);
        if (!LLVMGetFirstUse(i)) continue;
        LLVMPositionBuilderBefore(b, i);
        LLVMValueRef ramp = crl_intrinsic_decl(m, CRL_I_IS_IN_RAMP);
        LLVMValueRef in = LLVMBuildCall2(b, LLVMGlobalGetValueType(ramp), ramp, NULL, 0, "");
        LLVMValueRef notin = LLVMBuildNot(b, in, "");
        LLVMReplaceAllUsesWith(i, notin);
        repaired++;
      }
  LLVMDisposeBuilder(b);
  return repaired;
}
