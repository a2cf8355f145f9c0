/* The switched-resume ABI's normalization: llvm.coro.await.suspend.*
 * become calls of their wrappers (the handle one a symmetric transfer,
 * made at the split), and each suspend's result becomes an i8 phi whose
 * entry from the block before it is -1 (suspended) and whose entry from
 * the suspend's resume block is what the resume and destroy clones'
 * dispatch gives there, 0 or 1. */
#include <llvm-c/DebugInfo.h>

#include "irkit/blocks.h"
#include "switch_lowering/switch_internal.h"
#include "targets/targets.h"

static int is_await(crl_intr k) {
  return k == CRL_I_AWAIT_SUSPEND_VOID || k == CRL_I_AWAIT_SUSPEND_BOOL ||
         k == CRL_I_AWAIT_SUSPEND_HANDLE;
}

/* The suspend an await call belongs to: the next suspend on the straight
 * path after it (through an invoke's normal destination). */
static crl_suspend *suspend_after(crl_coro *c, const crl_valmap *index_of,
                                  LLVMValueRef call) {
  LLVMValueRef i = LLVMIsAInvokeInst(call)
                       ? LLVMGetFirstInstruction(LLVMGetNormalDest(call))
                       : LLVMGetNextInstruction(call);
  for (int steps = 0; i && steps < 10000; steps++) {
    if (crl_intrinsic_of(i) == CRL_I_SUSPEND) {
      uint32_t s = crl_valmap_get_id(index_of, i);
      return s < c->num_susp ? &c->susp[s] : NULL;
    }
    if (LLVMIsABranchInst(i) && !LLVMIsConditional(i)) {
      i = LLVMGetFirstInstruction(LLVMGetSuccessor(i, 0));
      continue;
    }
    if (LLVMIsATerminatorInst(i)) {
      /* await.suspend.bool branches on its result: follow the true edge. */
      if (LLVMIsABranchInst(i)) {
        i = LLVMGetFirstInstruction(LLVMGetSuccessor(i, 0));
        continue;
      }
      return NULL;
    }
    i = LLVMGetNextInstruction(i);
  }
  return NULL;
}

static int lower_await(crl_coro *c, const crl_valmap *index_of, LLVMValueRef call) {
  crl_intr k = crl_intrinsic_of(call);
  LLVMValueRef awaiter = LLVMGetOperand(call, 0);
  LLVMValueRef frame = LLVMGetOperand(call, 1);
  LLVMValueRef wrapper = LLVMGetOperand(call, 2);
  if (!LLVMIsAFunction(wrapper)) {
    CRL_ERR(c, call, "the await_suspend wrapper must be a function");
    return -1;
  }
  /* One with no suspend after it (left so by optimization, typically in
   * code that cannot run) is still lowered, as LLVM lowers it: a call of
   * its wrapper, and for a handle, a resume of the handle returned. */
  crl_suspend *sp = suspend_after(c, index_of, call);
  LLVMTypeRef fty = LLVMGlobalGetValueType(wrapper);
  LLVMValueRef args[2] = {awaiter, frame};
  LLVMPositionBuilderBefore(c->b, call);
  LLVMValueRef nc;
  if (LLVMIsAInvokeInst(call))
    nc = LLVMBuildInvoke2(c->b, fty, wrapper, args, 2, LLVMGetNormalDest(call),
                          LLVMGetUnwindDest(call), "");
  else
    nc = LLVMBuildCall2(c->b, fty, wrapper, args, 2, "");
  LLVMInstructionSetDebugLoc(nc, LLVMInstructionGetDebugLoc(call));
  if (k == CRL_I_AWAIT_SUSPEND_BOOL) LLVMReplaceAllUsesWith(call, nc);
  if (k == CRL_I_AWAIT_SUSPEND_HANDLE) {
    LLVMTypeRef rt = LLVMGetReturnType(fty);
    if (LLVMGetTypeKind(rt) != LLVMPointerTypeKind) {
      CRL_ERR(c, call, "the await_suspend wrapper of a symmetric transfer must return a handle");
      return -1;
    }
    if (sp) {
      crl_switch_of(c)->susp[sp->index].handle = nc;
    } else {
      /* After an invoke: on its normal edge, in a block of its own (no
       * analysis holds the destination's phis yet). */
      LLVMBasicBlockRef at =
          LLVMIsAInvokeInst(nc)
              ? crl_split_edge(LLVMGetInstructionParent(nc), LLVMGetNormalDest(nc), "await.resume")
              : NULL;
      if (at) LLVMPositionBuilderBefore(c->b, LLVMGetFirstInstruction(at));
      else LLVMPositionBuilderBefore(c->b, LLVMGetNextInstruction(call));
      LLVMValueRef fp = LLVMBuildLoad2(c->b, c->ptr_t, nc, "");
      LLVMTypeRef rty = LLVMFunctionType(LLVMVoidTypeInContext(c->ctx), &c->ptr_t, 1, 0);
      LLVMValueRef rc = LLVMBuildCall2(c->b, rty, fp, &nc, 1, "");
      LLVMSetInstructionCallConv(rc, c->target->clone_cc);
    }
  }
  LLVMInstructionEraseFromParent(call);
  return 0;
}

int crl_switch_normalize(crl_coro *c) {
  /* Swifterror pointers go first: no frame may hold one, and no clone
   * has the ramp's. */
  if (crl_swifterror_eliminate(c, &crl_switch_of(c)->swe, 0, &c->shape->ends) != 0) return -1;
  crl_vec calls = {0};
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(c->fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i))
      if (is_await(crl_intrinsic_of(i))) crl_vec_push(&calls, i);
  /* Each await finds its suspend by a lookup, not a scan of all of them. */
  crl_valmap index_of;
  int rc = calls.n ? crl_valmap_init(&index_of, c->num_susp) : 0;
  for (uint32_t s = 0; calls.n && rc == 0 && s < c->num_susp; s++)
    rc = crl_valmap_put_id(&index_of, c->susp[s].call, s);
  if (rc != 0) CRL_ERR(c, NULL, "out of memory");
  for (unsigned n = 0; n < calls.n && rc == 0; n++)
    rc = lower_await(c, &index_of, calls.v[n]);
  if (calls.n) crl_valmap_free(&index_of);
  crl_vec_free(&calls);
  return rc;
}

int crl_switch_normalize_suspend(crl_coro *c, crl_suspend *sp) {
  LLVMValueRef call = sp->call;
  /* A result nobody reads is valid (LLVM 22 lowers it): control goes on
   * after the suspend on the ramp's path (-1) and in the resume (0) and
   * destroy (1) clones alike, the code itself deciding (typically with
   * llvm.coro.is_in_ramp). The phi is made all the same, and folds. */
  /* Resumption gets an entry block of its own, in front of the landing:
   * the suspended path (-1) goes from the pre block through the landing
   * to coro.end and the return after the handle may have been handed to
   * another thread (or resumed inline and freed), so it must not read the
   * frame, and reloads made at the resume entry only run on resumption.
   * The entry's phi is what the dispatch gives (0 or 1); it has no
   * incoming entry until a clone's dispatch enters the block. */
  LLVMBasicBlockRef entry =
      LLVMInsertBasicBlockInContext(c->ctx, sp->landing, "coro.resume");
  LLVMPositionBuilderAtEnd(c->b, entry);
  LLVMValueRef mode = LLVMBuildPhi(c->b, c->i8_t, "coro.resume.mode");
  LLVMBuildBr(c->b, sp->landing);
  /* Ahead of the call's debug records, which must not end up on a phi. */
  LLVMPositionBuilderBeforeInstrAndDbgRecords(c->b, crl_first_non_phi(sp->landing));
  LLVMValueRef phi = LLVMBuildPhi(c->b, c->i8_t, "coro.suspend.result");
  LLVMValueRef minus1 = LLVMConstInt(c->i8_t, (unsigned long long)-1, 1);
  LLVMAddIncoming(phi, &minus1, &sp->pre, 1);
  LLVMAddIncoming(phi, &mode, &entry, 1);
  LLVMReplaceAllUsesWith(call, phi);
  LLVMInstructionEraseFromParent(call);
  sp->result = mode;
  sp->resume = entry;
  return 0;
}
