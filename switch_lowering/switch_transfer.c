#include "irkit/blocks.h"
#include "switch_lowering/switch_internal.h"
#include "targets/targets.h"
#include <llvm-c/DebugInfo.h>

/* Where the target cannot make the transfer a tail call, it stays a plain
 * call followed by a return, as with LLVM's passes: each transfer then
 * nests a call. Said once per coroutine, and in its frame report. */
static void note_plain_transfer(crl_coro *c, LLVMValueRef handle, const char *why) {
  if (c->frame.report) {
    c->frame.report->num_plain_transfers++;
    c->frame.report->transfer_note = why;
  }
  crl_switch_state *st = crl_switch_of(c);
  if (st->plain_transfer_noted) return;
  st->plain_transfer_noted = 1;
  crl_diagf(c->res, CRL_SEV_WARNING, c->fn, handle,
            "symmetric transfer is a plain call, not a guaranteed tail call, on %s (%s): "
            "each transfer nests a call, as with LLVM's lowering",
            c->target->name, why);
}

/* Symmetric transfer: the awaiter handed back a coroutine to run next. In
 * a resume function that is a tail call (musttail, so chains of transfers
 * never grow the stack) where the target can make one; in the ramp an
 * ordinary call. */
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
  const char *why = NULL;
  if (c->frame.report) c->frame.report->num_transfers++;
  if (crl_target_can_musttail(c->target, call, 1, &why))
    LLVMSetTailCallKind(call, LLVMTailCallKindMustTail);
  else
    note_plain_transfer(c, handle, why);
  crl_remove_phi_entries(landing, pre);
  LLVMBuildRetVoid(c->b);
  LLVMInstructionEraseFromParent(t);
  return 0;
}
