/* The ramp after the split: symmetric transfers become plain calls, the
 * intrinsics take their ramp meaning, coro.id points at the clones, and
 * reloads the ramp can never reach go. */
#include <stdio.h>
#include <stdlib.h>

#include "irkit/blocks.h"
#include "irkit/oom.h"
#include "switch_lowering/switch_internal.h"

/* coro.id's fourth operand: the constant array CoroElide reads. */
static int set_info(crl_coro *c) {
  crl_switch_state *st = crl_switch_of(c);
  LLVMValueRef fns[3] = {st->resume_fn, st->destroy_fn, st->cleanup_fn};
  LLVMValueRef arr = LLVMConstArray2(c->ptr_t, fns, 3);
  size_t len = 0;
  const char *base = LLVMGetValueName2(c->fn, &len);
  char *name = crl_malloc(len + 16);
  if (!name) {
    CRL_ERR(c, c->shape->id, "out of memory");
    return -1;
  }
  snprintf(name, len + 16, "%.*s.resumers", (int)len, base);
  LLVMValueRef g = LLVMAddGlobal(c->mod, LLVMTypeOf(arr), name);
  free(name);
  LLVMSetInitializer(g, arr);
  LLVMSetGlobalConstant(g, 1);
  LLVMSetLinkage(g, LLVMPrivateLinkage);
  LLVMSetOperand(c->shape->id, 3, g);
  return 0;
}

/* Reloads on the ramp's suspend paths (and at the resume entries, which
 * the ramp never enters) are dead once those paths fold. Folding deletes
 * blocks, and a deleted reload's address may be reused by an instruction
 * the folding makes, so the reloads are marked with metadata while they
 * are all alive, and found again by the mark. */
static unsigned reload_mark_kind(crl_coro *c) {
  return LLVMGetMDKindIDInContext(c->ctx, "corolower.reload", 16);
}

static void mark_reloads(crl_coro *c) {
  unsigned kind = reload_mark_kind(c);
  LLVMValueRef mark = LLVMMetadataAsValue(c->ctx, LLVMMDNodeInContext2(c->ctx, NULL, 0));
  for (unsigned k = 0; k < c->frame.reloads.n; k++) LLVMSetMetadata(c->frame.reloads.v[k], kind, mark);
  c->frame.reloads.n = 0;
}

/* Each block from its end: a recomputed value's copy goes before the
 * reloads it used, which it leaves dead in turn. */
static void drop_dead_reloads(crl_coro *c) {
  unsigned kind = reload_mark_kind(c);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(c->fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetLastInstruction(bb); i;) {
      LLVMValueRef prev = LLVMGetPreviousInstruction(i);
      if (LLVMHasMetadata(i) && LLVMGetMetadata(i, kind)) {
        if (LLVMGetFirstUse(i)) LLVMSetMetadata(i, kind, NULL);
        else LLVMInstructionEraseFromParent(i);
      }
      i = prev;
    }
}

int crl_switch_finish_ramp(crl_coro *c) {
  crl_switch_state *st = crl_switch_of(c);
  mark_reloads(c);
  for (uint32_t s = 0; s < c->num_susp; s++)
    if (st->susp[s].handle)
      crl_switch_transfer(c, c->susp[s].pre, st->susp[s].handle, c->susp[s].landing, 0);
  if (crl_switch_lower_in_fn(c, c->fn, CRL_SW_RAMP, c->shape->begin, NULL) != 0 ||
      crl_swifterror_lower_in_fn(c, &st->swe, c->fn, st->swe.arg) != 0)
    return -1;
  /* Only now: with its clone array, this coroutine's own markers would
   * read as a split callee's, which the lowering above leaves alone. */
  if (st->resume_fn && set_info(c) != 0) return -1;
  /* The suspend points' resume entries are unreachable in the ramp: gone
   * first, so that their landing phis fold with the rest. */
  crl_remove_unreachable(c->fn);
  crl_simplify_cfg(c->fn);
  drop_dead_reloads(c);
  return 0;
}
