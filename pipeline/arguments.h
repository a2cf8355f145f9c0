/* Misuse of the public entry points, answered with a diagnostic before the
 * module is looked at or changed (the list is in
 * include/corolower/corolower.h, under "Misuse"). */
#ifndef CRL_PIPELINE_ARGUMENTS_H
#define CRL_PIPELINE_ARGUMENTS_H

#include <llvm-c/Core.h>

#include "result/result.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Nonzero when the call must not go on; *out is then its whole answer: an
 * error, or for crl_lower_function on a function that is no coroutine a
 * warning that there is nothing to lower (NULL when out of memory). */
int crl_misused_module(LLVMModuleRef m, const crl_options *opts, crl_result **out);
int crl_misused_function(LLVMValueRef fn, const crl_options *opts, crl_result **out);

#ifdef __cplusplus
}
#endif

#endif
