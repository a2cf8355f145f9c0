/* Inlining a suspend's or end's function where the target cannot tail-call
 * it (a C-convention forwarder whose prototype differs from the part's):
 * LLVM's CoroSplit always inlines these forwarders; corolower calls them
 * with musttail when it can and inlines them only when it cannot. The
 * call is followed by `ret void`, so the function's returns become the
 * part's, and a musttail call inside it is one from the part, checked
 * against the target's rules like any other. */
#include <stdlib.h>

#include <llvm-c/DebugInfo.h>

#include "async_lowering/async_internal.h"
#include "cloner/clone.h"
#include "irkit/vec.h"
#include "targets/targets.h"

/* A body that can be copied as it is: defined, no debug records (which
 * would name the callee's variables in the part's scope). */
static int inlinable(LLVMValueRef fn, crl_bvec *blocks) {
  if (!fn || !LLVMIsAFunction(fn) || LLVMIsDeclaration(fn) ||
      LLVMIsFunctionVarArg(LLVMGlobalGetValueType(fn)))
    return 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (LLVMGetFirstDbgRecord(i) || LLVMIsALandingPadInst(i) ||
          LLVMIsACatchSwitchInst(i) || LLVMIsACleanupPadInst(i))
        return 0;
    if (crl_bvec_push(blocks, bb) != 0) return 0;
  }
  return blocks->n > 0;
}

/* The copy's static allocas go to the part's entry, as if declared there;
 * its locations become the call's. */
static void settle(LLVMValueRef fragment, LLVMBasicBlockRef first, LLVMValueRef loc_of,
                   LLVMBuilderRef b) {
  LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(loc_of);
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fragment);
  for (LLVMBasicBlockRef bb = first; bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;) {
      LLVMValueRef nx = LLVMGetNextInstruction(i);
      LLVMInstructionSetDebugLoc(i, loc);
      if (bb == first && LLVMIsAAllocaInst(i) && LLVMIsAConstant(LLVMGetOperand(i, 0))) {
        LLVMInstructionRemoveFromParent(i);
        LLVMPositionBuilderBefore(b, LLVMGetFirstInstruction(entry));
        LLVMInsertIntoBuilder(b, i);
      }
      i = nx;
    }
}

/* The copy's musttail calls are the part's now. */
static int check_inner_tails(crl_coro *c, LLVMValueRef fragment, LLVMBasicBlockRef first,
                             LLVMValueRef blame) {
  for (LLVMBasicBlockRef bb = first; bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (LLVMIsACallInst(i) && LLVMGetTailCallKind(i) == LLVMTailCallKindMustTail &&
          crl_async_check_tail(c, fragment, i, blame) != 0)
        return -1;
  return 0;
}

int crl_async_inline_tail(crl_coro *c, LLVMValueRef fragment, LLVMValueRef call,
                          LLVMValueRef blame) {
  LLVMValueRef fn = LLVMGetCalledValue(call);
  crl_bvec blocks = {0};
  if (!inlinable(fn, &blocks)) {
    crl_bvec_free(&blocks);
    return 1;
  }
  crl_valmap map;
  if (crl_valmap_init(&map, 64) != 0) {
    crl_bvec_free(&blocks);
    CRL_ERR(c, blame, "out of memory");
    return -1;
  }
  unsigned np = LLVMCountParams(fn);
  for (unsigned k = 0; k < np; k++)
    crl_valmap_put(&map, LLVMGetParam(fn, k), LLVMGetOperand(call, k));
  crl_clone_opts o = {&map, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
  LLVMBasicBlockRef last = LLVMGetLastBasicBlock(fragment);
  int rc = crl_clone_blocks(fn, fragment, blocks.v, blocks.n, &o);
  LLVMBasicBlockRef first = rc == 0 ? LLVMGetNextBasicBlock(last) : NULL;
  if (rc != 0 || !first) {
    CRL_ERR(c, blame, "internal error: the body of the function to tail-call could "
                      "not be copied");
    rc = -1;
  } else {
    LLVMBuilderRef b = LLVMCreateBuilderInContext(c->ctx);
    LLVMValueRef ret = LLVMGetNextInstruction(call);
    LLVMPositionBuilderBefore(b, call);
    LLVMBuildBr(b, first);
    settle(fragment, first, call, b);
    LLVMDisposeBuilder(b);
    if (ret) LLVMInstructionEraseFromParent(ret);
    LLVMInstructionEraseFromParent(call);
    rc = check_inner_tails(c, fragment, first, blame);
  }
  crl_valmap_free(&map);
  crl_bvec_free(&blocks);
  return rc;
}
