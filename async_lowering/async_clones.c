/* The resume functions: one per suspend point, entered with the elements
 * of the suspend's result struct as parameters, holding the blocks that
 * can run after that suspend up to the next tail call or end. Its frame is
 * found through the suspend's projection function: applied to the callee's
 * context (the parameter the suspend's index names) it gives the
 * coroutine's own context, in which the frame sits at its offset. */
#include <stdlib.h>

#include "async_lowering/async_internal.h"
#include "irkit/oom.h"
#include "cloner/split_clone.h"
#include "irkit/keysort.h"

/* The same address as a pointer of type `to` (another address space):
 * its bits reinterpreted through an integer, not an addrspacecast. LLVM
 * inlines the projection with the context standing for its parameter as
 * it is, so no conversion happens there; an addrspacecast would be one,
 * and some backends cannot select it at all (SystemZ: "Cannot select
 * addrspacecast[0 -> 1]"). */
static LLVMValueRef reinterpret_ptr(crl_coro *c, LLVMBuilderRef b, LLVMValueRef v,
                                    LLVMTypeRef to) {
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(v));
  LLVMTypeRef it = LLVMIntPtrTypeForASInContext(c->ctx, c->td, as);
  return LLVMBuildIntToPtr(b, LLVMBuildPtrToInt(b, v, it, ""), to, "");
}

/* The callee's context as the projection takes it: its pointer parameter
 * may be in another address space (none when it is variadic only). */
static LLVMValueRef projection_arg(crl_coro *c, crl_split_clone *x, const crl_async_susp *as) {
  LLVMValueRef callee_ctx = LLVMGetParam(x->fn, as->ctx_index);
  LLVMTypeRef ft = LLVMGlobalGetValueType(as->projection_fn);
  LLVMTypeRef param = NULL;
  if (LLVMCountParamTypes(ft) == 1) LLVMGetParamTypes(ft, &param);
  if (!param || param == LLVMTypeOf(callee_ctx)) return callee_ctx;
  return reinterpret_ptr(c, x->entry_b, callee_ctx, param);
}

/* The projection's result is the coroutine's context (the frame's base),
 * and the frame is at its offset there. The result is cast to the
 * coroutine's own context type (a pointer in the address space of the
 * ramp's frame, or a pointer-sized integer), since cloned code uses it
 * where the ramp uses that parameter. */
static LLVMValueRef build_frame(crl_coro *c, crl_split_clone *x, const crl_async_susp *as) {
  LLVMValueRef arg = projection_arg(c, x, as);
  LLVMTypeRef ft = LLVMGlobalGetValueType(as->projection_fn);
  LLVMValueRef ctx = LLVMBuildCall2(x->entry_b, ft, as->projection, &arg, 1, "async.ctx");
  LLVMSetInstructionCallConv(ctx, LLVMGetFunctionCallConv(as->projection_fn));
  LLVMInstructionSetDebugLoc(ctx, LLVMInstructionGetDebugLoc(as->tail));
  LLVMTypeRef ct = LLVMTypeOf(c->frame_base);
  int ct_ptr = LLVMGetTypeKind(ct) == LLVMPointerTypeKind;
  LLVMTypeRef pt = ct_ptr ? ct : c->ptr_t;
  if (LLVMTypeOf(ctx) != pt) ctx = reinterpret_ptr(c, x->entry_b, ctx, pt);
  x->frame_base = ct_ptr ? ctx : LLVMBuildPtrToInt(x->entry_b, ctx, ct, "async.ctx.int");
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

/* The blocks a resume function runs: those its resume block reaches, up
 * to the tail calls (whose blocks return since the cut) and the non-unwind
 * ends; in function order (`pos`: block -> position). A suspend's result is
 * no constant here, so nothing prunes like the switched-resume clones'
 * feasibility does, and the walk costs the region, not the function:
 * one resume function per suspend must not make the split quadratic. */
static int region(const crl_valmap *pos, LLVMBasicBlockRef seed, crl_feasible *out) {
  crl_valmap seen;
  crl_bvec work = {0}, got = {0};
  if (crl_valmap_init(&seen, 16) != 0) return -1;
  int oom = crl_bvec_push(&work, seed);
  crl_valmap_put(&seen, seed, seed);
  while (work.n && !oom) {
    LLVMBasicBlockRef bb = work.v[--work.n];
    oom |= crl_bvec_push(&got, bb);
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    unsigned ns = t && !crl_block_ends_clone(bb) ? LLVMGetNumSuccessors(t) : 0;
    for (unsigned k = 0; k < ns && !oom; k++) {
      LLVMBasicBlockRef to = LLVMGetSuccessor(t, k);
      if (crl_valmap_has(&seen, to)) continue;
      oom |= crl_valmap_put(&seen, to, to) != 0 || crl_bvec_push(&work, to) != 0;
    }
  }
  crl_keyed *kv = oom ? NULL : crl_malloc((got.n + 1) * sizeof *kv);
  uint32_t *ord = kv ? crl_malloc((got.n + 1) * sizeof *ord) : NULL;
  out->blocks = ord ? crl_malloc((got.n + 1) * sizeof *out->blocks) : NULL;
  int rc = out->blocks ? 0 : -1;
  for (unsigned k = 0; rc == 0 && k < got.n; k++)
    kv[k] = (crl_keyed){crl_valmap_get_id(pos, got.v[k]), k};
  if (rc == 0) {
    crl_keyed_sort(kv, got.n, ord);
    for (unsigned k = 0; k < got.n; k++) out->blocks[k] = got.v[ord[k]];
    out->n = got.n;
  }
  free(kv);
  free(ord);
  crl_bvec_free(&work);
  crl_bvec_free(&got);
  crl_valmap_free(&seen);
  return rc;
}

/* The suspends' tail calls among the clone's blocks (each ends its block
 * since the cut: the instruction before the block's `ret`). */
static int clone_tails(const crl_feasible *run, const crl_valmap *tail_of,
                       const crl_valmap *map, crl_async_tail **out, unsigned *n) {
  *out = crl_malloc((run->n + 1) * sizeof **out);
  *n = 0;
  if (!*out) return -1;
  for (unsigned k = 0; k < run->n; k++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(run->blocks[k]);
    LLVMValueRef call = t && LLVMIsAReturnInst(t) ? LLVMGetPreviousInstruction(t) : NULL;
    uint32_t s = call ? crl_valmap_get_id(tail_of, call) : UINT32_MAX;
    LLVMValueRef m = s != UINT32_MAX ? crl_valmap_get(map, call) : NULL;
    if (m && LLVMIsACallInst(m)) (*out)[(*n)++] = (crl_async_tail){m, s};
  }
  return 0;
}

static int build_resume(crl_coro *c, uint32_t s, const crl_valmap *pos,
                        const crl_valmap *tail_of) {
  const crl_async_susp *as = &crl_async_of(c)->susp[s];
  crl_suspend *sp = &c->susp[s];
  crl_split_clone x;
  crl_split_clone_init(&x, c, as->resume_fn);
  crl_feasible run = {0};
  int rc = region(pos, sp->resume, &run);
  if (rc != 0) CRL_ERR(c, as->tail, "out of memory");
  LLVMValueRef frame = build_frame(c, &x, as);
  if (rc == 0) rc = crl_split_clone_blocks(&x, frame, &run);
  if (rc == 0) {
    if (sp->result) replace_result(c, &x, crl_valmap_get(&x.map, sp->result), as);
    crl_split_clone_declare_frame_vars(&x);
    LLVMBuildBr(x.entry_b, crl_valmap_get(&x.map, sp->resume));
    /* Other suspends this part runs into end it there: their calls. */
    crl_async_tail *tails = NULL;
    unsigned nt = 0;
    rc = clone_tails(&run, tail_of, &x.map, &tails, &nt);
    if (rc != 0) CRL_ERR(c, as->tail, "out of memory");
    else rc = crl_async_lower_in_fn(c, x.fn, 0, tails, nt);
    free(tails);
    /* Its caller passes no swifterror slot (nothing in the suspend's
     * result is one). */
    if (rc == 0) rc = crl_swifterror_lower_in_fn(c, &crl_async_of(c)->swe, x.fn, NULL);
    crl_split_clone_finish(&x);
  }
  crl_feasible_free(&run);
  crl_split_clone_end(&x);
  return rc;
}

int crl_async_build_clones(crl_coro *c, const crl_valmap *tail_of) {
  crl_valmap pos;
  if (crl_valmap_init(&pos, LLVMCountBasicBlocks(c->fn) + 1) != 0) {
    CRL_ERR(c, c->shape->id, "out of memory");
    return -1;
  }
  uint32_t k = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(c->fn); bb; bb = LLVMGetNextBasicBlock(bb))
    crl_valmap_put_id(&pos, bb, k++);
  int rc = 0;
  for (uint32_t s = 0; s < c->num_susp && rc == 0; s++) rc = build_resume(c, s, &pos, tail_of);
  crl_valmap_free(&pos);
  return rc;
}
