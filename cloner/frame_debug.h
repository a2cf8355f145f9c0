/* LLVM's `__coro_frame` variable: in each split function, a pointer to the
 * coroutine's frame whose type is a structure with one member per frame
 * field, at the offset the planner chose, named after the variable it
 * holds where a declare says so (else the field's own name: __resume_fn,
 * __index, a value's name), so that `p *__coro_frame` in a debugger shows
 * the whole frame. Fields whose place is only known at run time (in the
 * realigned region) are left out. */
#ifndef CRL_CLONER_FRAME_DEBUG_H
#define CRL_CLONER_FRAME_DEBUG_H

#include "cloner/debug_info.h"
#include "coro/coro.h"

/* Declares __coro_frame of coroutine c in the clone whose debug info di
 * makes, on `slot` (a stack slot holding the frame's address), in front of
 * `before`. Nothing when the clone has no subprogram. */
void crl_declare_coro_frame(crl_coro *c, crl_di *di, LLVMValueRef slot, LLVMValueRef before);
#endif
