/* Normalize: give every suspend point block boundaries of its own. The
 * suspend call starts its "landing" block, where execution continues after
 * it (resumed, or on the suspended path), and the block before it ("pre")
 * falls into it; the ABI then replaces the call itself (its
 * normalize_suspend hook, which the pipeline calls between these steps),
 * since only the ABI knows what a suspend returns. */
#include "coro/coro.h"
#include "irkit/blocks.h"

/* An invoke's result is available only on its normal edge: a value
 * stored right after its definition (the rewrite's memory mode) needs a
 * block of its own there when the destination has other predecessors or
 * phis. Made now, before any analysis holds on to instructions: putting a
 * block on an edge rebuilds the destination's phis (LLVM-C cannot change
 * a phi's incoming block), and a rebuilt phi is a new value. */
static void split_invoke_edges(crl_coro *c) {
  crl_vec inv = {0};
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(c->fn); bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    if (!t || !LLVMIsAInvokeInst(t) || !LLVMGetFirstUse(t)) continue;
    LLVMBasicBlockRef nd = LLVMGetNormalDest(t);
    unsigned preds = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(nd)); u && preds < 2;
         u = LLVMGetNextUse(u))
      preds++;
    if (preds != 1 || LLVMIsAPHINode(LLVMGetFirstInstruction(nd)))
      crl_vec_push(&inv, t);
  }
  for (unsigned k = 0; k < inv.n; k++)
    crl_split_edge(LLVMGetInstructionParent(inv.v[k]), LLVMGetNormalDest(inv.v[k]),
                   "invoke.cont");
  crl_vec_free(&inv);
}

int crl_normalize_begin(crl_coro *c, crl_valmap *resume_of) {
  split_invoke_edges(c);
  /* block -> the suspend whose resume block it is (id + 1) */
  if (crl_valmap_init(resume_of, c->num_susp + 1) == 0) return 0;
  CRL_ERR(c, c->shape->id, "out of memory");
  return -1;
}

void crl_suspend_blocks(crl_coro *c, uint32_t s, crl_valmap *resume_of) {
  crl_suspend *sp = &c->susp[s];
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(sp->call);
  sp->pre = crl_split_before(sp->call, "coro.suspend.pre");
  sp->resume = sp->landing = bb;
  /* Two suspends in one block: the earlier one's landing code is what
   * just moved in front, into this one's pre block (its own resume
   * entry, if it has one, now branches there). */
  uint32_t t = crl_valmap_get_id(resume_of, bb);
  if (t != UINT32_MAX) {
    if (c->susp[t].resume == c->susp[t].landing) c->susp[t].resume = sp->pre;
    c->susp[t].landing = sp->pre;
  }
  crl_valmap_put_id(resume_of, bb, s);
}

void crl_suspend_point(crl_suspend *sp) {
  sp->call = NULL;
  /* The frame must be consistent where the coroutine becomes resumable:
   * at the save (an await_suspend may resume it on another thread). */
  sp->point = sp->save ? sp->save : LLVMGetBasicBlockTerminator(sp->pre);
}
