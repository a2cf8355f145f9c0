/* The returned-continuation ABI's normalization.
 *
 * Ends: a non-unwind coro.end returns from whichever function of the split
 * reaches it, so nothing after it runs; several of them (which LLVM 22
 * rejects) become one that the others branch to, their results merged by
 * phis, so the frame is freed and the function returns in one place.
 *
 * Suspends: at the end of the block before a suspend (where the function
 * returns when it suspends), the yielded values go into the return value,
 * whose continuation slot the split fills; the suspend's result becomes a
 * phi at the top of its resume block that each continuation replaces by
 * its parameters after the buffer. */
#include <llvm-c/DebugInfo.h>
#include <stdlib.h>
#include <string.h>

#include "irkit/blocks.h"
#include "irkit/oom.h"
#include "result/result.h"
#include "retcon_lowering/retcon_internal.h"

/* Everything after `end` in its block goes, and the block ends there. */
static void truncate_after(crl_coro *c, LLVMValueRef end, int with_unreachable) {
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(end);
  LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
  if (t) {
    unsigned ns = LLVMGetNumSuccessors(t);
    for (unsigned k = 0; k < ns; k++) crl_remove_phi_entries(LLVMGetSuccessor(t, k), bb);
  }
  for (LLVMValueRef i = LLVMGetNextInstruction(end); i;) {
    LLVMValueRef nx = LLVMGetNextInstruction(i);
    if (LLVMGetTypeKind(LLVMTypeOf(i)) != LLVMVoidTypeKind)
      LLVMReplaceAllUsesWith(i, LLVMGetPoison(LLVMTypeOf(i)));
    LLVMInstructionEraseFromParent(i);
    i = nx;
  }
  if (with_unreachable) {
    LLVMPositionBuilderAtEnd(c->b, bb);
    LLVMBuildUnreachable(c->b);
  }
}

static LLVMValueRef results_of(LLVMValueRef end) {
  LLVMValueRef tok = LLVMGetNumArgOperands(end) > 2 ? LLVMGetOperand(end, 2) : NULL;
  return tok && crl_intrinsic_of(tok) == CRL_I_END_RESULTS ? tok : NULL;
}

/* The merged end: phis for the results (the first end's shape: validation
 * made every end's results match the prototype), the results call, the
 * end. */
static LLVMValueRef build_merged_end(crl_coro *c, const crl_vec *ends,
                                     LLVMBasicBlockRef *out_bb, crl_vec *phis) {
  LLVMBasicBlockRef m = LLVMAppendBasicBlockInContext(c->ctx, c->fn, "coro.end.merged");
  LLVMValueRef first = ends->v[0], res = results_of(first);
  LLVMPositionBuilderAtEnd(c->b, m);
  unsigned nres = res ? LLVMGetNumArgOperands(res) : 0;
  for (unsigned k = 0; k < nres; k++)
    crl_vec_push(phis, LLVMBuildPhi(c->b, LLVMTypeOf(LLVMGetOperand(res, k)), "coro.result"));
  LLVMValueRef tok = LLVMConstNull(LLVMTypeOf(LLVMGetOperand(first, 2)));
  if (res) {
    LLVMValueRef fn = LLVMGetCalledValue(res);
    tok = LLVMBuildCall2(c->b, LLVMGlobalGetValueType(fn), fn, phis->v, nres, "");
  }
  LLVMValueRef args[3] = {c->shape->begin, LLVMConstInt(c->i1_t, 0, 0), tok};
  LLVMValueRef efn = LLVMGetCalledValue(first);
  LLVMValueRef end = LLVMBuildCall2(c->b, LLVMGlobalGetValueType(efn), efn, args, 3, "");
  LLVMInstructionSetDebugLoc(end, LLVMInstructionGetDebugLoc(first));
  LLVMBuildUnreachable(c->b);
  *out_bb = m;
  return end;
}

static int merge_ends(crl_coro *c) {
  crl_vec fall = {0}, keep = {0}, phis = {0};
  for (unsigned k = 0; k < c->shape->ends.n; k++)
    crl_vec_push(crl_is_fallthrough_end(c->shape->ends.v[k]) ? &fall : &keep, c->shape->ends.v[k]);
  if (fall.n == 1) truncate_after(c, fall.v[0], 1);
  if (fall.n > 1) {
    LLVMBasicBlockRef m;
    LLVMValueRef merged = build_merged_end(c, &fall, &m, &phis);
    for (unsigned k = 0; k < fall.n; k++) {
      LLVMValueRef e = fall.v[k], res = results_of(e);
      LLVMBasicBlockRef bb = LLVMGetInstructionParent(e);
      truncate_after(c, e, 0);
      for (unsigned j = 0; j < phis.n; j++) {
        LLVMValueRef v = LLVMGetOperand(res, j);
        LLVMAddIncoming(phis.v[j], &v, &bb, 1);
      }
      LLVMInstructionEraseFromParent(e);
      if (res && !LLVMGetFirstUse(res)) LLVMInstructionEraseFromParent(res);
      LLVMPositionBuilderAtEnd(c->b, bb);
      LLVMBuildBr(c->b, m);
    }
    crl_vec_push(&keep, merged);
  } else if (fall.n == 1) {
    crl_vec_push(&keep, fall.v[0]);
  }
  /* The unwind ends first, as they were; then the one non-unwind end. */
  crl_retcon_state *st = crl_retcon_of(c);
  int rc = 0;
  for (unsigned k = 0; k < keep.n; k++) rc |= crl_vec_push(&st->ends, keep.v[k]);
  crl_vec_free(&fall);
  crl_vec_free(&keep);
  crl_vec_free(&phis);
  if (rc) CRL_ERR(c, c->shape->id, "out of memory");
  return rc;
}

/* Saves mean nothing here (a suspend.retcon has no separate save point);
 * LLVM drops them, and so do we. */
static void drop_saves(crl_coro *c) {
  for (unsigned k = 0; k < c->shape->saves.n; k++) {
    LLVMValueRef sv = c->shape->saves.v[k];
    if (!LLVMGetFirstUse(sv)) LLVMInstructionEraseFromParent(sv);
  }
}

int crl_retcon_normalize(crl_coro *c) {
  drop_saves(c);
  if (merge_ends(c) != 0 || crl_swifterror_eliminate(c, &crl_retcon_of(c)->swe, 1, &crl_retcon_of(c)->ends) != 0) return -1;
  return crl_retcon_lower_dyn_allocas(c);
}

/* The yielded values in the return value, at the end of `pre`. */
static LLVMValueRef build_yields(crl_coro *c, crl_retcon_state *st,
                                 LLVMValueRef call, LLVMBasicBlockRef pre) {
  if (st->num_yields == 0) return NULL;
  LLVMPositionBuilderBefore(c->b, LLVMGetBasicBlockTerminator(pre));
  LLVMValueRef agg = LLVMGetPoison(st->ret_t);
  for (unsigned k = 0; k < st->num_yields; k++)
    agg = LLVMBuildInsertValue(c->b, agg, LLVMGetOperand(call, k), k + 1, "yield");
  return agg;
}

/* A phi at the top of the resume block standing for a value the
 * continuation is given (entered from pre only in the coroutine, where it
 * is never reached: poison). */
static LLVMValueRef resumed_phi(crl_coro *c, crl_suspend *sp, LLVMTypeRef t) {
  /* Ahead of the call's debug records, which must not end up on a phi. */
  LLVMPositionBuilderBeforeInstrAndDbgRecords(c->b, crl_first_non_phi(sp->resume));
  LLVMValueRef phi = LLVMBuildPhi(c->b, t, "coro.resumed.with");
  LLVMValueRef none = LLVMGetPoison(t);
  LLVMAddIncoming(phi, &none, &sp->pre, 1);
  return phi;
}

/* Values taken out of a multi-value result get a phi each, so that the
 * continuation uses its parameters as they are. */
static int split_result(crl_coro *c, crl_suspend *sp) {
  crl_retcon_state *st = crl_retcon_of(c);
  LLVMValueRef call = sp->call;
  if (LLVMGetTypeKind(LLVMTypeOf(call)) != LLVMStructTypeKind || st->num_extra < 2)
    return 0;
  crl_vec users = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(call); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsAExtractValueInst(user) && LLVMGetNumIndices(user) == 1 &&
        crl_vec_push(&users, user) != 0) {
      crl_vec_free(&users);
      return -1;
    }
  }
  LLVMValueRef *elem = users.n ? crl_calloc(st->num_extra, sizeof *elem) : NULL;
  if (users.n && !elem) {
    crl_vec_free(&users);
    return -1;
  }
  for (unsigned k = 0; k < users.n; k++) {
    LLVMValueRef ev = users.v[k];
    unsigned idx = LLVMGetIndices(ev)[0];
    if (!elem[idx]) {
      elem[idx] = resumed_phi(c, sp, LLVMTypeOf(ev));
      if (crl_retcon_swifterror_elem(st, idx) &&
          crl_valmap_put(&c->unstorable, elem[idx], elem[idx]) != 0) {
        free(elem);
        crl_vec_free(&users);
        return -1;
      }
    }
    LLVMReplaceAllUsesWith(ev, elem[idx]);
    /* A swifterror element keeps the input's name: diagnostics show it. */
    size_t len = 0;
    char *name = crl_retcon_swifterror_elem(st, idx)
                     ? crl_name_dup(LLVMGetValueName2(ev, &len)) : NULL;
    LLVMInstructionEraseFromParent(ev);
    if (name && *name) LLVMSetValueName2(elem[idx], name, strlen(name));
    free(name);
  }
  st->susp[sp->index].elem = elem;
  crl_vec_free(&users);
  return 0;
}

int crl_retcon_normalize_suspend(crl_coro *c, crl_suspend *sp) {
  crl_retcon_state *st = crl_retcon_of(c);
  LLVMValueRef call = sp->call;
  st->susp[sp->index].agg = build_yields(c, st, call, sp->pre);
  sp->result = NULL;
  if (split_result(c, sp) != 0) {
    CRL_ERR(c, call, "out of memory");
    return -1;
  }
  if (LLVMGetFirstUse(call)) {
    sp->result = resumed_phi(c, sp, LLVMTypeOf(call));
    LLVMReplaceAllUsesWith(call, sp->result);
    /* The continuation's one value after the buffer is the result itself. */
    if (st->num_extra == 1 && crl_retcon_swifterror_elem(st, 0) &&
        crl_valmap_put(&c->unstorable, sp->result, sp->result) != 0) {
      CRL_ERR(c, call, "out of memory");
      return -1;
    }
  }
  LLVMInstructionEraseFromParent(call);
  return 0;
}
