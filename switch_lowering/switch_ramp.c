/* The ramp after the split: symmetric transfers become plain calls, the
 * intrinsics take their ramp meaning, coro.id points at the clones, and
 * reloads the ramp can never reach go. */
#include <stdio.h>
#include <stdlib.h>

#include "irkit/blocks.h"
#include "switch_lowering/switch_internal.h"

/* coro.id's fourth operand: the constant array CoroElide reads. */
static int set_info(crl_coro *c) {
  crl_switch_state *st = crl_switch_of(c);
  LLVMValueRef fns[3] = {st->resume_fn, st->destroy_fn, st->cleanup_fn};
  LLVMValueRef arr = LLVMConstArray2(c->ptr_t, fns, 3);
  size_t len = 0;
  const char *base = LLVMGetValueName2(c->fn, &len);
  char *name = malloc(len + 16);
  if (!name) {
    CRL_ERR(c, c->id, "out of memory");
    return -1;
  }
  snprintf(name, len + 16, "%.*s.resumers", (int)len, base);
  LLVMValueRef g = LLVMAddGlobal(c->mod, LLVMTypeOf(arr), name);
  free(name);
  LLVMSetInitializer(g, arr);
  LLVMSetGlobalConstant(g, 1);
  LLVMSetLinkage(g, LLVMPrivateLinkage);
  LLVMSetOperand(c->id, 3, g);
  return 0;
}

int crl_switch_finish_ramp(crl_coro *c) {
  crl_switch_state *st = crl_switch_of(c);
  for (uint32_t s = 0; s < c->num_susp; s++)
    if (st->susp[s].handle)
      crl_switch_transfer(c, c->susp[s].pre, st->susp[s].handle, c->susp[s].resume, 0);
  if (crl_switch_lower_in_fn(c, c->fn, CRL_SW_RAMP, c->begin, NULL) != 0) return -1;
  /* Only now: with its clone array, this coroutine's own markers would
   * read as a split callee's, which the lowering above leaves alone. */
  if (st->resume_fn && set_info(c) != 0) return -1;
  crl_simplify_cfg(c->fn);
  /* Reloads on the ramp's suspend paths are dead once those paths fold;
   * blocks may have been deleted, so look them up from the live IR. */
  crl_valmap mine;
  crl_valmap_init(&mine, c->reloads.n);
  for (unsigned k = 0; k < c->reloads.n; k++)
    crl_valmap_put(&mine, c->reloads.v[k], c->reloads.v[k]);
  /* Each block from its end: a recomputed value's copy goes before the
   * reloads it used, which it leaves dead in turn. */
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(c->fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetLastInstruction(bb); i;) {
      LLVMValueRef prev = LLVMGetPreviousInstruction(i);
      if (!LLVMGetFirstUse(i) && crl_valmap_has(&mine, i)) LLVMInstructionEraseFromParent(i);
      i = prev;
    }
  crl_valmap_free(&mine);
  c->reloads.n = 0;
  return 0;
}
