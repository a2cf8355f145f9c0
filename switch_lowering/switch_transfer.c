#include "irkit/blocks.h"
#include "switch_lowering/switch_internal.h"
#include "targets/targets.h"
#include <llvm-c/DebugInfo.h>

/* Symmetric transfer: the awaiter handed back a coroutine to run next. In
 * a resume function that is a tail call (musttail, so chains of transfers
 * never grow the stack); in the ramp an ordinary call. */
int crl_switch_transfer(crl_coro *c, LLVMBasicBlockRef pre, LLVMValueRef handle,
                        LLVMBasicBlockRef landing, int in_clone) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(pre);
  LLVMPositionBuilderBefore(c->b, t);
  LLVMValueRef fp = LLVMBuildLoad2(c->b, c->ptr_t, handle, "");
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(c->ctx), &c->ptr_t, 1, 0);
  LLVMValueRef call = LLVMBuildCall2(c->b, fty, fp, &handle, 1, "");
  LLVMSetInstructionCallConv(call, c->target->clone_cc);
  /* The await's location: once the callee is known it may be inlined. */
  LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(handle);
  LLVMInstructionSetDebugLoc(fp, loc);
  LLVMInstructionSetDebugLoc(call, loc);
  if (!in_clone) return 0;
  /* Resume functions call each other with one signature, void(ptr). */
  unsigned cc = c->target->clone_cc;
  if (!crl_target_musttail_ok(c->target, cc, cc, 1)) {
    CRL_ERR(c, handle, "symmetric transfer needs a guaranteed tail call, which "
                       "target %s cannot make with this calling convention",
            c->target->name);
    return -1;
  }
  LLVMSetTailCallKind(call, LLVMTailCallKindMustTail);
  crl_remove_phi_entries(landing, pre);
  LLVMBuildRetVoid(c->b);
  LLVMInstructionEraseFromParent(t);
  return 0;
}

