/* Coroutine intrinsics, recognised by intrinsic ID (never by name prefix:
 * a user function named "llvm.coro.x" cannot exist, and overloaded names
 * carry suffixes). */
#ifndef CRL_IRKIT_INTRINSICS_H
#define CRL_IRKIT_INTRINSICS_H

#include <llvm-c/Core.h>

typedef enum crl_intr {
  CRL_I_NONE = 0,
  CRL_I_ID, CRL_I_ID_RETCON, CRL_I_ID_RETCON_ONCE, CRL_I_ID_ASYNC,
  CRL_I_ALLOC, CRL_I_BEGIN, CRL_I_BEGIN_CUSTOM_ABI, CRL_I_FREE,
  CRL_I_SIZE, CRL_I_ALIGN,
  CRL_I_SAVE, CRL_I_SUSPEND, CRL_I_SUSPEND_RETCON, CRL_I_SUSPEND_ASYNC,
  CRL_I_END, CRL_I_END_ASYNC, CRL_I_END_RESULTS,
  CRL_I_FRAME, CRL_I_DONE, CRL_I_PROMISE, CRL_I_RESUME, CRL_I_DESTROY,
  CRL_I_NOOP, CRL_I_SUBFN_ADDR, CRL_I_IS_IN_RAMP,
  CRL_I_AWAIT_SUSPEND_VOID, CRL_I_AWAIT_SUSPEND_BOOL,
  CRL_I_AWAIT_SUSPEND_HANDLE,
  CRL_I_PREPARE_ASYNC, CRL_I_PREPARE_RETCON, CRL_I_ASYNC_RESUME,
  CRL_I_ASYNC_SIZE_REPLACE, CRL_I_ASYNC_CONTEXT_ALLOC,
  CRL_I_ASYNC_CONTEXT_DEALLOC,
  CRL_I_ALLOCA_ALLOC, CRL_I_ALLOCA_GET, CRL_I_ALLOCA_FREE,
  CRL_I_OUTSIDE_FRAME, CRL_I_PARAM,
  CRL_I_LIFETIME_START, CRL_I_LIFETIME_END,
  CRL_I_COUNT
} crl_intr;

/* The coroutine intrinsic a call or invoke calls, or CRL_I_NONE. */
crl_intr crl_intrinsic_of(LLVMValueRef inst);
/* Same for a function declaration. */
crl_intr crl_intrinsic_of_fn(LLVMValueRef fn);
const char *crl_intrinsic_name(crl_intr k);
/* A declaration of the (non-overloaded) intrinsic in module m. */
LLVMValueRef crl_intrinsic_decl(LLVMModuleRef m, crl_intr k);
/* Is this an `llvm.coro.*` intrinsic (any of the above but lifetime)? */
int crl_is_coro_intrinsic(crl_intr k);
/* Does calling this coroutine id make the caller a coroutine without the
 * presplitcoroutine attribute? LLVM's CoroEarly adds the attribute for the
 * returned-continuation and async ids; llvm.coro.id needs it from the front
 * end. */
int crl_id_implies_coroutine(crl_intr k);
/* Is `call` an elision marker of a coroutine that is already split: a
 * switched-resume coro.id whose info operand is the constant array of its
 * clones, or coro.begin / coro.alloc / coro.free taking such an id? What
 * LLVM's CoroSplit (or corolower with elision markers kept) leaves in a
 * ramp for CoroElide. */
int crl_is_split_marker(LLVMValueRef call);
/* A non-unwind llvm.coro.end or llvm.coro.end.async: in the resume functions it returns, so the
 * code after it runs only in the ramp (which has not really suspended and
 * still holds every value in registers or on its stack). */
int crl_is_fallthrough_end(LLVMValueRef inst);

#endif
