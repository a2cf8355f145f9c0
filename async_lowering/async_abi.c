/* Async lowering (llvm.coro.id.async): its state, its frame hooks, the
 * split into the ramp plus one resume function per suspend point, and what
 * is left of the ramp. The hook table is at the end; async_internal.h says
 * how the parts fit. */
#include <stdlib.h>

#include "async_lowering/async_internal.h"
#include "irkit/oom.h"
#include "irkit/blocks.h"
#include "result/result.h"

static int async_init(crl_coro *c) {
  crl_async_state *st = CRL_NEW_ABI_STATE(c, crl_async_state);
  return st ? crl_async_read(c, st) : -1;
}

static void async_release(crl_coro *c) {
  crl_async_state *st = crl_async_of(c);
  if (!st) return;
  crl_vec_free(&st->guards);
  crl_swifterror_release(&st->swe);
  crl_abi_state_free(c, st->susp);
}

/* The context is aligned to coro.id.async's alignment and the frame sits
 * at an offset aligned to the frame's: allocas aligned above the context
 * are realigned at run time, spills are kept at most that aligned, as
 * LLVM 22 does. */
static unsigned async_frame_guarantee(const crl_coro *c) {
  return crl_async_view(c)->ctx_align;
}

/* Each suspend's block now ends at its tail call: the ramp and every
 * resume function that reaches it stop there. What the rewrite placed
 * after the call (address arithmetic hoisted to the end of coro.begin's
 * block, when that block is a suspend's) moves ahead of it. */
static void cut_at_tail_calls(crl_coro *c) {
  crl_async_state *st = crl_async_of(c);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c->ctx);
  for (uint32_t s = 0; s < c->num_susp; s++) {
    LLVMValueRef tail = st->susp[s].tail;
    for (LLVMValueRef i = LLVMGetNextInstruction(tail); i && !LLVMIsATerminatorInst(i);) {
      LLVMValueRef nx = LLVMGetNextInstruction(i);
      size_t len = 0;
      const char *nm = LLVMGetValueName2(i, &len);
      char *name = crl_name_dup(len ? nm : "");
      LLVMInstructionRemoveFromParent(i);
      LLVMPositionBuilderBefore(b, tail);
      LLVMInsertIntoBuilderWithName(b, i, name ? name : "");
      free(name);
      i = nx;
    }
    crl_async_ret_after(c, tail);
  }
  LLVMDisposeBuilder(b);
}

/* Each suspend's tail call -> its index + 1. */
static int index_tails(crl_coro *c, crl_valmap *tail_of) {
  if (crl_valmap_init(tail_of, c->num_susp + 1) != 0) return -1;
  for (uint32_t s = 0; s < c->num_susp; s++)
    if (crl_valmap_put_id(tail_of, crl_async_of(c)->susp[s].tail, s) != 0) return -1;
  return 0;
}

static int async_split(crl_coro *c) {
  if (crl_async_place_frame(c) != 0) return -1;
  cut_at_tail_calls(c);
  if (crl_async_drop_markers(c) != 0) return -1;
  crl_valmap tail_of;
  int rc = index_tails(c, &tail_of);
  if (rc != 0) CRL_ERR(c, c->shape->id, "out of memory");
  if (rc == 0) rc = crl_async_build_clones(c, &tail_of);
  crl_valmap_free(&tail_of);
  return rc;
}

/* The ramp's frame: its context parameter plus the frame's offset, made
 * where coro.begin was. coro.begin and the id go now: the async ABI has no
 * markers for LLVM's CoroElide to keep. */
static void replace_begin(crl_coro *c) {
  crl_async_state *st = crl_async_of(c);
  LLVMPositionBuilderBefore(c->b, c->shape->begin);
  LLVMValueRef off = LLVMConstInt(c->i64_t, st->frame_offset, 0);
  LLVMValueRef ctx = LLVMGetParam(c->fn, st->ctx_arg);
  if (LLVMGetTypeKind(LLVMTypeOf(ctx)) != LLVMPointerTypeKind)
    ctx = LLVMBuildIntToPtr(c->b, ctx, c->ptr_t, "async.ctx");
  LLVMValueRef fp = LLVMBuildInBoundsGEP2(c->b, c->i8_t, ctx, &off, 1, "async.ctx.frameptr");
  crl_erase_markers(c, fp);
}

/* The ramp's tail calls that it can still reach (resume-only code is gone
 * with the blocks it can no longer reach). */
static int ramp_tails(crl_coro *c, crl_async_tail **out, unsigned *n) {
  crl_valmap of;
  *n = 0;
  *out = crl_malloc((c->num_susp + 1) * sizeof **out);
  if (!*out || index_tails(c, &of) != 0) return -1;
  crl_remove_unreachable(c->fn);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(c->fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    LLVMValueRef call = t && LLVMIsAReturnInst(t) ? LLVMGetPreviousInstruction(t) : NULL;
    uint32_t s = call ? crl_valmap_get_id(&of, call) : UINT32_MAX;
    if (s != UINT32_MAX) (*out)[(*n)++] = (crl_async_tail){call, s};
  }
  crl_valmap_free(&of);
  return 0;
}

static int async_finish(crl_coro *c) {
  crl_async_tail *tails = NULL;
  unsigned n = 0;
  if (ramp_tails(c, &tails, &n) != 0) {
    free(tails);
    CRL_ERR(c, c->shape->id, "out of memory");
    return -1;
  }
  int rc = crl_async_lower_in_fn(c, c->fn, 1, tails, n);
  free(tails);
  crl_async_state *st = crl_async_of(c);
  if (rc == 0) rc = crl_swifterror_lower_in_fn(c, &st->swe, c->fn, st->swe.arg);
  if (rc != 0) return -1;
  replace_begin(c);
  crl_simplify_cfg(c->fn);
  return 0;
}

const crl_lowering crl_async_lowering = {
    .abis = CRL_ABI_ASYNC,
    .name = "async",
    .module_early = crl_async_module_early,
    .init = async_init,
    .validate = crl_async_validate,
    .normalize = crl_async_normalize,
    .normalize_suspend = crl_async_normalize_suspend,
    .frame_guarantee = async_frame_guarantee,
    .split = async_split,
    .finish = async_finish,
    .release = async_release,
    .run_release = crl_async_run_release,
    .module_late = crl_async_module_late,
};
