/* Output verification: only the functions lowering may have changed. */
#ifndef CRL_PIPELINE_VERIFY_H
#define CRL_PIPELINE_VERIFY_H

#include <llvm-c/Core.h>

#include "result/result.h"
#include "irkit/valmap.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Verifies a lowered coroutine and the functions after `after` in the
 * module (what its lowering added). On a failure adds an error carrying
 * the whole-module verifier's message (LLVM-C's per-function check gives
 * none). */
void crl_verify_lowered(LLVMValueRef fn, LLVMValueRef after, crl_result *res);

/* Verifies what else lowering changed: the functions in `touched` that are
 * not lowered coroutines (verified already), and those added after
 * `last_before` up to `last_early` (the module-level early lowering's). */
void crl_verify_changed(LLVMModuleRef m, const crl_valmap *touched,
                        const crl_valmap *lowered, LLVMValueRef last_before,
                        LLVMValueRef last_early, crl_result *res);

#ifdef __cplusplus
}
#endif

#endif
