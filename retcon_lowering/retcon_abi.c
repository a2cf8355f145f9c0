/* Returned-continuation lowering (llvm.coro.id.retcon, .retcon.once): the
 * ramp and one continuation per suspend point, each returning the next
 * continuation and the yielded values; the frame in the caller's buffer
 * when it fits, else allocated. No fixed header: the frame is all the
 * planner's. The hook table is at the end. */
#include <stdlib.h>

#include "retcon_lowering/retcon_internal.h"
#include "irkit/oom.h"
#include "targets/targets.h"

static int retcon_init(crl_coro *c) {
  crl_retcon_state *st = CRL_NEW_ABI_STATE(c, crl_retcon_state);
  if (!st) return -1;
  st->once = c->shape->abi == CRL_ABI_RETCON_ONCE;
  return crl_retcon_read(c, st);
}

static void retcon_release(crl_coro *c) {
  crl_retcon_state *st = crl_retcon_of(c);
  if (!st) return;
  for (unsigned k = 0; k < st->num_dyn; k++) {
    crl_vec_free(&st->dyn[k].frees);
    free(st->dyn[k].name);
  }
  free(st->dyn);
  crl_swifterror_release(&st->swe);
  crl_vec_free(&st->ends);
  for (uint32_t s = 0; s < c->num_susp; s++) free(st->susp[s].elem);
  crl_abi_state_free(c, st->susp);
}

/* The frame is in the buffer (aligned as the id says) or in memory from
 * the allocation function (aligned as the target's allocator is): which,
 * the layout decides, so it may count only on the smaller. Locals aligned
 * above it are realigned at run time. */
static unsigned retcon_frame_guarantee(const crl_coro *c) {
  unsigned a = crl_target_alloc_align(c->target, c->td);
  unsigned b = crl_retcon_view(c)->buf_align;
  return b < a ? b : a;
}

/* llvm.coro.prepare.retcon(f) is f itself once f is split (CoroEarly's
 * part, in whichever function calls it). */
static int retcon_module_early(const crl_module_ctx *m) {
  for (LLVMValueRef d = LLVMGetFirstFunction(m->mod); d; d = LLVMGetNextFunction(d)) {
    if (!LLVMIsDeclaration(d) || crl_intrinsic_of_fn(d) != CRL_I_PREPARE_RETCON)
      continue;
    crl_vec calls = {0};
    for (LLVMUseRef u = LLVMGetFirstUse(d); u; u = LLVMGetNextUse(u))
      if (crl_intrinsic_of(LLVMGetUser(u)) == CRL_I_PREPARE_RETCON)
        crl_vec_push(&calls, LLVMGetUser(u));
    for (unsigned k = 0; k < calls.n; k++) {
      LLVMValueRef call = calls.v[k];
      LLVMReplaceAllUsesWith(call, LLVMGetOperand(call, 0));
      LLVMInstructionEraseFromParent(call);
    }
    crl_vec_free(&calls);
  }
  return 0;
}

const crl_lowering crl_retcon_lowering = {
    .abis = CRL_ABI_RETCON | CRL_ABI_RETCON_ONCE,
    .name = "retcon",
    .module_early = retcon_module_early,
    .init = retcon_init,
    .validate = crl_retcon_validate,
    .normalize = crl_retcon_normalize,
    .normalize_suspend = crl_retcon_normalize_suspend,
    .frame_guarantee = retcon_frame_guarantee,
    .split = crl_retcon_split,
    .finish = crl_retcon_finish_ramp,
    .release = retcon_release,
};
