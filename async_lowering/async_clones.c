/* The resume functions: one per suspend point, entered with the elements
 * of the suspend's result struct as parameters, holding the blocks that
 * can run after that suspend up to the next tail call or end. Its frame is
 * found through the suspend's projection function: applied to the callee's
 * context (the parameter the suspend's index names) it gives the
 * coroutine's own context, in which the frame sits at its offset. */
#include <stdlib.h>

#include "async_lowering/async_internal.h"
#include "cloner/split_clone.h"

/* The projection's result is the coroutine's context (the frame's base),
 * and the frame is at its offset there. */
static LLVMValueRef build_frame(crl_coro *c, crl_split_clone *x, const crl_async_susp *as) {
  LLVMValueRef callee_ctx = LLVMGetParam(x->fn, as->ctx_index);
  LLVMValueRef p = as->projection;
  LLVMValueRef ctx = LLVMBuildCall2(x->entry_b, LLVMGlobalGetValueType(p), p,
                                    &callee_ctx, 1, "async.ctx");
  LLVMSetInstructionCallConv(ctx, LLVMGetFunctionCallConv(p));
  LLVMInstructionSetDebugLoc(ctx, LLVMInstructionGetDebugLoc(as->tail));
  /* The coroutine's context parameter may be a pointer-sized integer. */
  LLVMTypeRef ct = LLVMTypeOf(c->frame_base);
  x->frame_base = LLVMGetTypeKind(ct) == LLVMPointerTypeKind
                      ? ctx
                      : LLVMBuildPtrToInt(x->entry_b, ctx, ct, "async.ctx.int");
  LLVMValueRef off = LLVMConstInt(c->i64_t, crl_async_of(c)->frame_offset, 0);
  return LLVMBuildInBoundsGEP2(x->entry_b, c->i8_t, ctx, &off, 1, "async.ctx.frameptr");
}

/* The suspend's result is the resume function's parameters: extracts of
 * one element become that parameter, anything else gets the struct built
 * from them at the entry. */
static void replace_result(crl_coro *c, crl_split_clone *x, LLVMValueRef ph,
                           const crl_async_susp *as) {
  crl_vec users = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(ph); u; u = LLVMGetNextUse(u))
    crl_vec_push(&users, LLVMGetUser(u));
  for (unsigned k = 0; k < users.n; k++) {
    LLVMValueRef u = users.v[k];
    if (!LLVMIsAExtractValueInst(u) || LLVMGetNumIndices(u) != 1) continue;
    LLVMReplaceAllUsesWith(u, LLVMGetParam(x->fn, LLVMGetIndices(u)[0]));
    LLVMInstructionEraseFromParent(u);
  }
  crl_vec_free(&users);
  if (LLVMGetFirstUse(ph)) {
    LLVMValueRef agg = LLVMGetPoison(as->result_t);
    unsigned n = LLVMCountParams(x->fn);
    for (unsigned k = 0; k < n; k++)
      agg = LLVMBuildInsertValue(x->entry_b, agg, LLVMGetParam(x->fn, k), k, "");
    LLVMReplaceAllUsesWith(ph, agg);
  }
  LLVMInstructionEraseFromParent(ph);
  (void)c;
}

static int build_resume(crl_coro *c, uint32_t s, LLVMValueRef *tails) {
  crl_async_state *st = crl_async_of(c);
  const crl_async_susp *as = &st->susp[s];
  crl_suspend *sp = &c->susp[s];
  crl_split_clone x;
  crl_split_clone_init(&x, c, as->resume_fn);
  crl_feasible run = {0};
  crl_feasible_seed seed = {sp->resume, NULL, NULL};
  int rc = crl_feasible_run(c->fn, &seed, 1, crl_block_ends_clone, &run);
  if (rc != 0) CRL_ERR(c, as->tail, "out of memory");
  LLVMValueRef frame = build_frame(c, &x, as);
  if (rc == 0) rc = crl_split_clone_blocks(&x, frame, &run);
  if (rc == 0) {
    if (sp->result) replace_result(c, &x, crl_valmap_get(&x.map, sp->result), as);
    crl_split_clone_declare_frame_vars(&x);
    LLVMBuildBr(x.entry_b, crl_valmap_get(&x.map, sp->resume));
    /* Other suspends this part runs into end it there: their calls. */
    for (uint32_t t = 0; t < c->num_susp; t++) {
      LLVMValueRef m = crl_valmap_get(&x.map, st->susp[t].tail);
      tails[t] = m && LLVMIsACallInst(m) ? m : NULL;
    }
    rc = crl_async_lower_in_fn(c, x.fn, 0, tails);
    crl_split_clone_finish(&x);
  }
  crl_feasible_free(&run);
  crl_split_clone_end(&x);
  return rc;
}

int crl_async_build_clones(crl_coro *c) {
  LLVMValueRef *tails = calloc(c->num_susp + 1, sizeof *tails);
  if (!tails) {
    CRL_ERR(c, c->id, "out of memory");
    return -1;
  }
  int rc = 0;
  for (uint32_t s = 0; s < c->num_susp && rc == 0; s++) rc = build_resume(c, s, tails);
  free(tails);
  return rc;
}
