/* Verification of the lowered module, limited to what lowering changed. */
#include "pipeline/verify.h"

#include <stdlib.h>

#include <llvm-c/Analysis.h>

/* The verifier's own message, when a function fails, comes from the whole
 * module. */
static void report(LLVMModuleRef m, crl_result *res) {
  char *msg = NULL;
  LLVMVerifyModule(m, LLVMReturnStatusAction, &msg);
  if (getenv("CRL_DEBUG_DUMP")) LLVMPrintModuleToFile(m, getenv("CRL_DEBUG_DUMP"), NULL);
  crl_diagf(res, CRL_SEV_ERROR, NULL, NULL,
            "internal error: lowered module fails the verifier: %s",
            msg && *msg ? msg : "(a lowered function is malformed)");
  LLVMDisposeMessage(msg);
}

static int bad(LLVMValueRef f) {
  return !LLVMIsDeclaration(f) && LLVMVerifyFunction(f, LLVMReturnStatusAction);
}

/* Only what lowering may have changed is verified (the input was verified
 * whole): a module with one coroutine among thousands of functions pays
 * for the coroutine. */
void crl_verify_lowered(LLVMValueRef fn, LLVMValueRef after, crl_result *res) {
  int b = bad(fn);
  for (LLVMValueRef f = after ? LLVMGetNextFunction(after) : NULL; f && !b;
       f = LLVMGetNextFunction(f))
    b = bad(f);
  if (b) report(LLVMGetGlobalParent(fn), res);
}

void crl_verify_changed(LLVMModuleRef m, const crl_valmap *touched,
                        const crl_valmap *lowered, LLVMValueRef last_before,
                        LLVMValueRef last_early, crl_result *res) {
  int b = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f && !b; f = LLVMGetNextFunction(f))
    b = crl_valmap_has(touched, f) && !crl_valmap_has(lowered, f) && bad(f);
  /* The functions the module-level early lowering added. */
  if (last_early != last_before)
    for (LLVMValueRef f = last_before ? LLVMGetNextFunction(last_before)
                                      : LLVMGetFirstFunction(m);
         f && !b; f = LLVMGetNextFunction(f)) {
      b = bad(f);
      if (f == last_early) break;
    }
  if (b) report(m, res);
}
