/* Normalize: give every suspend point block boundaries of its own. The
 * suspend call starts its "resume" block, where execution continues when
 * the coroutine is resumed, and the block before it ("pre") falls into it;
 * the ABI then replaces the call itself (its normalize_suspend hook), since
 * only the ABI knows what a suspend returns. */
#include "coro/lowering.h"
#include "irkit/blocks.h"

int crl_normalize(crl_coro *c) {
  if (c->low->normalize && c->low->normalize(c) != 0) return -1;
  for (uint32_t s = 0; s < c->num_susp; s++) {
    crl_suspend *sp = &c->susp[s];
    sp->pre = crl_split_before(sp->call, "coro.suspend.pre");
    sp->resume = LLVMGetInstructionParent(sp->call);
    /* Two suspends in one block (one right after the other): the earlier
     * one resumes at what is now this one's pre block, which took the top
     * of their block. Suspends are listed in instruction order, so only
     * the previous one can share the block. */
    if (s > 0 && c->susp[s - 1].resume == sp->resume) c->susp[s - 1].resume = sp->pre;
    if (c->low->normalize_suspend(c, sp) != 0) return -1;
    sp->call = NULL;
    /* The frame must be consistent where the coroutine becomes resumable:
     * at the save (an await_suspend may resume it on another thread). */
    sp->point = sp->save ? sp->save : LLVMGetBasicBlockTerminator(sp->pre);
  }
  return 0;
}
