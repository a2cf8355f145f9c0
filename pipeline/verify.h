/* Output verification: only the functions lowering may have changed. */
#ifndef CRL_PIPELINE_VERIFY_H
#define CRL_PIPELINE_VERIFY_H

#include <llvm-c/Core.h>

#include "result/result.h"
#include "irkit/valmap.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Verifies the functions in `touched` and those after `last_before` in the
 * module (NULL: all of them): the ones lowering can have changed or added.
 * On a failure adds an error carrying the whole-module verifier's message
 * (LLVM-C's per-function check gives none). */
void crl_verify_changed(LLVMModuleRef m, const crl_valmap *touched,
                        LLVMValueRef last_before, crl_result *res);

#ifdef __cplusplus
}
#endif

#endif
