/* Where a function of the split leaves: at a suspend it returns the
 * suspend's continuation with the yielded values; at a non-unwind coro.end
 * it frees an allocated frame and returns a null continuation (a
 * yield-once continuation: void, or the coro.end.results values); an
 * unwind coro.end frees an allocated frame and lets unwinding go on. The
 * intrinsics whose value does not depend on the function (coro.size,
 * coro.align, coro.is_in_ramp) are lowered here too. */
#include <llvm-c/DebugInfo.h>
#include <string.h>

#include "cloner/split_clone.h"
#include "irkit/blocks.h"
#include "retcon_lowering/retcon_internal.h"

/* A call with the funclet bundle of `at`, if it has one (an unwind
 * coro.end inside a cleanuppad): a call in a funclet must name it. */
static LLVMValueRef call_like(crl_coro *c, LLVMValueRef fn, LLVMValueRef *args,
                              unsigned n, LLVMValueRef at) {
  LLVMPositionBuilderBefore(c->b, at);
  unsigned nb = LLVMGetNumOperandBundles(at);
  LLVMOperandBundleRef funclet = NULL;
  for (unsigned k = 0; k < nb && !funclet; k++) {
    LLVMOperandBundleRef ob = LLVMGetOperandBundleAtIndex(at, k);
    size_t len = 0;
    const char *tag = LLVMGetOperandBundleTag(ob, &len);
    if (len == 7 && !memcmp(tag, "funclet", 7)) funclet = ob;
    else LLVMDisposeOperandBundle(ob);
  }
  LLVMValueRef call = LLVMBuildCallWithOperandBundles(
      c->b, LLVMGlobalGetValueType(fn), fn, args, n, funclet ? &funclet : NULL,
      funclet ? 1 : 0, "");
  if (funclet) LLVMDisposeOperandBundle(funclet);
  LLVMInstructionSetDebugLoc(call, LLVMInstructionGetDebugLoc(at));
  return call;
}

LLVMValueRef crl_retcon_call_alloc(crl_coro *c, LLVMValueRef size, const char *name) {
  crl_retcon_state *st = crl_retcon_of(c);
  LLVMTypeRef want = LLVMTypeOf(LLVMGetParam(st->alloc_fn, 0));
  LLVMValueRef args[2] = {size, st->type_id};
  if (LLVMTypeOf(size) != want) args[0] = LLVMBuildIntCast2(c->b, size, want, 0, "");
  return LLVMBuildCall2(c->b, LLVMGlobalGetValueType(st->alloc_fn), st->alloc_fn, args,
                        st->type_id ? 2 : 1, name);
}

void crl_retcon_free_frame(crl_coro *c, LLVMValueRef frame, LLVMValueRef at) {
  crl_retcon_state *st = crl_retcon_of(c);
  if (st->inline_frame) return;
  call_like(c, st->dealloc_fn, &frame, 1, at);
}

/* The continuation as the result sequence's first element. */
static LLVMValueRef continuation(crl_retcon_state *st, uint32_t s) {
  LLVMValueRef f = st->susp[s].fn;
  return LLVMTypeOf(f) == st->cont_t ? f : LLVMConstPointerCast(f, st->cont_t);
}

/* `agg` with `first` in the continuation's slot (or `first` itself). */
static LLVMValueRef with_continuation(crl_coro *c, crl_retcon_state *st,
                                      LLVMValueRef agg, LLVMValueRef first) {
  if (st->cont_t == st->ret_t) return first;
  if (!agg) agg = LLVMGetPoison(st->ret_t);
  return LLVMBuildInsertValue(c->b, agg, first, 0, "");
}

void crl_retcon_return_at(crl_coro *c, LLVMBasicBlockRef pre, LLVMValueRef agg,
                          uint32_t susp, int in_continuation) {
  crl_retcon_state *st = crl_retcon_of(c);
  LLVMValueRef t = LLVMGetBasicBlockTerminator(pre);
  unsigned ns = LLVMGetNumSuccessors(t);
  for (unsigned k = 0; k < ns; k++) crl_remove_phi_entries(LLVMGetSuccessor(t, k), pre);
  LLVMPositionBuilderBefore(c->b, t);
  /* A yield-once continuation never suspends (validation saw to it). */
  if (in_continuation && st->once)
    LLVMBuildUnreachable(c->b);
  else
    LLVMBuildRet(c->b, with_continuation(c, st, agg, continuation(st, susp)));
  LLVMInstructionEraseFromParent(t);
}

/* What a function returns where the coroutine is over. */
static LLVMValueRef final_value(crl_coro *c, LLVMValueRef fn, LLVMValueRef end) {
  crl_retcon_state *st = crl_retcon_of(c);
  LLVMTypeRef rt = LLVMGetReturnType(LLVMGlobalGetValueType(fn));
  if (LLVMGetTypeKind(rt) == LLVMVoidTypeKind) return NULL;
  /* The ramp, or a multi-suspend continuation: a null continuation, the
   * yielded values undefined. */
  if (rt == st->ret_t && (!st->once || fn == c->fn)) {
    LLVMPositionBuilderBefore(c->b, end);
    return with_continuation(c, st, NULL, LLVMConstNull(st->cont_t));
  }
  /* A yield-once continuation: the results. */
  LLVMValueRef tok = LLVMGetOperand(end, 2);
  unsigned n = crl_intrinsic_of(tok) == CRL_I_END_RESULTS ? LLVMGetNumArgOperands(tok) : 0;
  if (n == 1 && LLVMTypeOf(LLVMGetOperand(tok, 0)) == rt) return LLVMGetOperand(tok, 0);
  LLVMPositionBuilderBefore(c->b, end);
  LLVMValueRef agg = LLVMGetPoison(rt);
  for (unsigned k = 0; k < n; k++)
    agg = LLVMBuildInsertValue(c->b, agg, LLVMGetOperand(tok, k), k, "");
  return agg;
}

static void lower_end(crl_coro *c, LLVMValueRef fn, LLVMValueRef end,
                      LLVMValueRef frame) {
  crl_retcon_free_frame(c, frame, end);
  if (crl_is_fallthrough_end(end)) {
    crl_end_to_return(c, end, final_value(c, fn, end));
  } else {
    LLVMInstructionEraseFromParent(end);
  }
}

int crl_retcon_lower_in_fn(crl_coro *c, LLVMValueRef fn, int in_ramp,
                           LLVMValueRef frame) {
  crl_vec todo = {0}, results = {0};
  int rc = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      crl_intr k = crl_intrinsic_of(i);
      /* A split callee's markers (its ramp inlined here) are not ours. */
      if ((k == CRL_I_END || k == CRL_I_SIZE || k == CRL_I_ALIGN ||
           k == CRL_I_IS_IN_RAMP) && !crl_is_split_marker(i))
        rc |= crl_vec_push(&todo, i);
    }
  for (unsigned n = 0; n < todo.n; n++) {
    LLVMValueRef i = todo.v[n];
    if (crl_intrinsic_of(i) == CRL_I_END) {
      lower_end(c, fn, i, frame);
      continue;
    }
    LLVMReplaceAllUsesWith(i, crl_neutral_intrinsic_value(c, i, in_ramp));
    LLVMInstructionEraseFromParent(i);
  }
  /* The ends' results are used now, if at all, by the values returned;
   * the calls go (as do results no coro.end takes, on a path that ends in
   * `unreachable`). A second walk: lowering an end erases code after it. */
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i))
      if (crl_intrinsic_of(i) == CRL_I_END_RESULTS && !LLVMGetFirstUse(i))
        rc |= crl_vec_push(&results, i);
  for (unsigned n = 0; n < results.n; n++) LLVMInstructionEraseFromParent(results.v[n]);
  crl_vec_free(&todo);
  crl_vec_free(&results);
  if (rc) CRL_ERR(c, c->shape->id, "out of memory");
  return rc;
}
