/* Invokes that cannot unwind, as LLVM reads them. */
#ifndef CRL_IRKIT_UNWIND_H
#define CRL_IRKIT_UNWIND_H

#include <llvm-c/Core.h>

/* Turns every invoke in fn whose callee cannot unwind (nounwind on the
 * call or on the called function; not an intrinsic) into a call and a
 * branch to its normal destination, as LLVM's removeUnreachableBlocks
 * does before CoroSplit builds a frame; the landing pads only they reached
 * become unreachable. Nothing changes under a personality that catches
 * asynchronous exceptions (SEH). Returns how many were turned, or -1 when
 * out of memory (the function is then unchanged past the invoke that
 * failed). */
int crl_calls_for_nounwind_invokes(LLVMValueRef fn);

#endif
