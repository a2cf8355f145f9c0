/* Invokes of callees that cannot unwind become calls: their unwind edges
 * are dead, and code reachable only through them would otherwise count
 * as live across suspends (and take frame space LLVM does not give it). */
#include "irkit/unwind.h"

#include <llvm-c/DebugInfo.h>
#include <stdlib.h>
#include <string.h>

#include "irkit/blocks.h"
#include "irkit/oom.h"
#include "irkit/vec.h"

/* Personalities for which a nounwind call may still unwind (asynchronous
 * exceptions): LLVM keeps such invokes too. */
static int async_personality(LLVMValueRef fn) {
  static const char *const names[] = {"__C_specific_handler", "_except_handler3",
                                      "_except_handler4"};
  if (!LLVMHasPersonalityFn(fn)) return 0;
  LLVMValueRef p = LLVMGetPersonalityFn(fn);
  while (p && LLVMIsAConstantExpr(p)) p = LLVMGetOperand(p, 0);
  size_t len = 0;
  const char *n = p ? LLVMGetValueName2(p, &len) : NULL;
  for (size_t k = 0; n && k < sizeof names / sizeof *names; k++)
    if (len == strlen(names[k]) && !memcmp(n, names[k], len)) return 1;
  return 0;
}

static int cannot_unwind(LLVMValueRef inv, unsigned nounwind) {
  LLVMValueRef callee = LLVMGetCalledValue(inv);
  if (callee && LLVMIsAFunction(callee) && LLVMGetIntrinsicID(callee)) return 0;
  if (LLVMGetCallSiteEnumAttribute(inv, LLVMAttributeFunctionIndex, nounwind)) return 1;
  return callee && LLVMIsAFunction(callee) &&
         LLVMGetEnumAttributeAtIndex(callee, LLVMAttributeFunctionIndex, nounwind) != NULL;
}

/* Copies every call-site attribute of `from` (function, return and
 * argument positions) onto `to`. */
static int copy_call_attributes(LLVMValueRef from, LLVMValueRef to, unsigned nargs) {
  for (unsigned k = 0; k <= nargs + 1; k++) {
    LLVMAttributeIndex idx = LLVMAttributeFunctionIndex;
    if (k) idx = k - 1;
    unsigned n = LLVMGetCallSiteAttributeCount(from, idx);
    if (!n) continue;
    LLVMAttributeRef *attrs = crl_malloc(n * sizeof *attrs);
    if (!attrs) return -1;
    LLVMGetCallSiteAttributes(from, idx, attrs);
    for (unsigned a = 0; a < n; a++) LLVMAddCallSiteAttribute(to, idx, attrs[a]);
    free(attrs);
  }
  return 0;
}

/* Debug location and every other attached metadata (!prof, !srcloc ...). */
static void copy_metadata(LLVMValueRef from, LLVMValueRef to) {
  LLVMInstructionSetDebugLoc(to, LLVMInstructionGetDebugLoc(from));
  size_t n = 0;
  LLVMValueMetadataEntry *md = LLVMInstructionGetAllMetadataOtherThanDebugLoc(from, &n);
  for (size_t k = 0; k < n; k++)
    LLVMSetMetadata(to, LLVMValueMetadataEntriesGetKind(md, (unsigned)k),
                    LLVMMetadataAsValue(LLVMGetTypeContext(LLVMTypeOf(from)),
                                        LLVMValueMetadataEntriesGetMetadata(md, (unsigned)k)));
  if (md) LLVMDisposeValueMetadataEntries(md);
}

static int to_call(LLVMBuilderRef b, LLVMValueRef inv) {
  unsigned nargs = LLVMGetNumArgOperands(inv), nb = LLVMGetNumOperandBundles(inv);
  LLVMValueRef *args = crl_malloc((nargs + 1) * sizeof *args);
  LLVMOperandBundleRef *bundles = crl_malloc((nb + 1) * sizeof *bundles);
  if (!args || !bundles) {
    free(args);
    free(bundles);
    return -1;
  }
  for (unsigned k = 0; k < nargs; k++) args[k] = LLVMGetOperand(inv, k);
  for (unsigned k = 0; k < nb; k++) bundles[k] = LLVMGetOperandBundleAtIndex(inv, k);
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(inv);
  LLVMBasicBlockRef normal = LLVMGetNormalDest(inv), unwind = LLVMGetUnwindDest(inv);
  LLVMPositionBuilderBefore(b, inv);
  LLVMValueRef call = LLVMBuildCallWithOperandBundles(
      b, LLVMGetCalledFunctionType(inv), LLVMGetCalledValue(inv), args, nargs, bundles, nb, "");
  for (unsigned k = 0; k < nb; k++) LLVMDisposeOperandBundle(bundles[k]);
  free(args);
  free(bundles);
  LLVMSetInstructionCallConv(call, LLVMGetInstructionCallConv(inv));
  if (copy_call_attributes(inv, call, nargs) != 0) {
    LLVMInstructionEraseFromParent(call);
    return -1;
  }
  copy_metadata(inv, call);
  LLVMBuildBr(b, normal);
  size_t len = 0;
  const char *name = LLVMGetValueName2(inv, &len);
  char *keep = len ? crl_malloc(len) : NULL;
  if (len && keep) memcpy(keep, name, len);
  LLVMReplaceAllUsesWith(inv, call);
  LLVMInstructionEraseFromParent(inv);
  if (keep) LLVMSetValueName2(call, keep, len);
  free(keep);
  crl_remove_phi_entries(unwind, bb);
  return 0;
}

int crl_calls_for_nounwind_invokes(LLVMValueRef fn) {
  if (async_personality(fn)) return 0;
  unsigned nounwind = LLVMGetEnumAttributeKindForName("nounwind", 8);
  crl_vec inv = {0};
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    if (t && LLVMIsAInvokeInst(t) && cannot_unwind(t, nounwind) && crl_vec_push(&inv, t)) {
      crl_vec_free(&inv);
      return -1;
    }
  }
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(LLVMGetGlobalParent(fn)));
  int n = 0;
  for (unsigned k = 0; k < inv.n && n >= 0; k++) n = to_call(b, inv.v[k]) == 0 ? n + 1 : -1;
  LLVMDisposeBuilder(b);
  crl_vec_free(&inv);
  if (n < 0) crl_oom_note();
  return n;
}
