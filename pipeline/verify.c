/* Verification of the lowered module, limited to what lowering changed. */
#include "pipeline/verify.h"

#include <stdlib.h>

#include <llvm-c/Analysis.h>

/* The output is verified function by function, only where lowering may
 * have changed something (the input was verified whole): a module with one
 * coroutine among thousands of functions pays for the coroutine. The
 * verifier's own message, when one fails, comes from the whole module. */
void crl_verify_changed(LLVMModuleRef m, const crl_valmap *touched,
                        LLVMValueRef last_before, crl_result *res) {
  int added = last_before == NULL, bad = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f && !bad; f = LLVMGetNextFunction(f)) {
    if ((added || crl_valmap_has(touched, f)) && !LLVMIsDeclaration(f))
      bad = LLVMVerifyFunction(f, LLVMReturnStatusAction);
    if (f == last_before) added = 1;
  }
  if (!bad) return;
  char *msg = NULL;
  LLVMVerifyModule(m, LLVMReturnStatusAction, &msg);
  if (getenv("CRL_DEBUG_DUMP")) LLVMPrintModuleToFile(m, getenv("CRL_DEBUG_DUMP"), NULL);
  crl_diagf(res, CRL_SEV_ERROR, NULL, NULL,
            "internal error: lowered module fails the verifier: %s",
            msg && *msg ? msg : "(a lowered function is malformed)");
  LLVMDisposeMessage(msg);
}
