/* Old-dialect input: LLVM 22 upgrades the two-operand `i1 @llvm.coro.end`
 * to the void three-operand form but leaves the old result's uses behind,
 * so the module no longer verifies. The old result meant "not in the ramp";
 * llvm.coro.is_in_ramp now says the opposite, so uses get its negation.
 *
 * Old front ends also left the presplit marking to CoroEarly, which gave
 * every function with a switched-resume coro.id (no clones yet) the
 * attribute, or wrote it as the string attribute "coroutine.presplit". In a
 * module that shows the old dialect, those functions are marked the same
 * way; a new-dialect module without the attribute stays an error. */
#include <string.h>

#include "coro/coro.h"

static int has_string_attr(LLVMValueRef f, const char *k) {
  return LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, k,
                                       (unsigned)strlen(k)) != NULL;
}

/* Functions with a switched-resume coro.id whose clone array is still null. */
static unsigned mark_presplit(LLVMModuleRef m) {
  unsigned kind = LLVMGetEnumAttributeKindForName("presplitcoroutine", 17);
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  unsigned marked = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f) || crl_is_presplit(f)) continue;
    int found = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb && !found;
         bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && !found;
           i = LLVMGetNextInstruction(i))
        found = crl_intrinsic_of(i) == CRL_I_ID &&
                LLVMIsAConstantPointerNull(LLVMGetOperand(i, 3));
    if (!found) continue;
    LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                            LLVMCreateEnumAttribute(ctx, kind, 0));
    marked++;
  }
  return marked;
}

/* Calls of coro.end found through the declarations' uses, so a module
 * without old-dialect ends costs no walk over its instructions. */
static void collect_ends(LLVMModuleRef m, crl_vec *out) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (!LLVMIsDeclaration(f) || crl_intrinsic_of_fn(f) != CRL_I_END) continue;
    for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef i = LLVMGetUser(u);
      if (crl_intrinsic_of(i) == CRL_I_END) crl_vec_push(out, i);
    }
  }
}

unsigned crl_repair_legacy_module(LLVMModuleRef m) {
  unsigned repaired = 0;
  int old_dialect = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (has_string_attr(f, "coroutine.presplit")) old_dialect = 1;
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  crl_vec ends = {0};
  collect_ends(m, &ends);
  for (unsigned k = 0; k < ends.n; k++) {
    LLVMValueRef i = ends.v[k];
    if (LLVMGetTypeKind(LLVMTypeOf(i)) != LLVMVoidTypeKind) continue;
    size_t len = 0;
    LLVMGetValueName2(i, &len);
    if (len) {
      LLVMSetValueName2(i, "", 0);
      old_dialect = 1;
    }
    if (!LLVMGetFirstUse(i)) continue;
    old_dialect = 1;
    LLVMPositionBuilderBefore(b, i);
    LLVMValueRef ramp = crl_intrinsic_decl(m, CRL_I_IS_IN_RAMP);
    LLVMValueRef in = LLVMBuildCall2(b, LLVMGlobalGetValueType(ramp), ramp, NULL, 0, "");
    LLVMValueRef notin = LLVMBuildNot(b, in, "");
    LLVMReplaceAllUsesWith(i, notin);
    repaired++;
  }
  crl_vec_free(&ends);
  LLVMDisposeBuilder(b);
  if (old_dialect) repaired += mark_presplit(m);
  return repaired;
}
