/* Intrinsics whose meaning depends on the function of the split they
 * end up in (ramp, resume, destroy, cleanup). */
#include "cloner/split_clone.h"
#include "switch_lowering/switch_internal.h"

int crl_switch_final_index(crl_coro *c) {
  crl_switch_state *st = crl_switch_of(c);
  for (uint32_t s = 0; s < c->num_susp; s++)
    if (st->susp[s].is_final) return (int)s;
  return -1;
}

/* Unwinding out of a resume function: the coroutine is done. */
static void mark_done(crl_coro *c, LLVMValueRef end, LLVMValueRef frame,
                      LLVMValueRef index_addr) {
  LLVMPositionBuilderBefore(c->b, end);
  LLVMBuildStore(c->b, LLVMConstNull(c->ptr_t), frame);
  crl_switch_state *st = crl_switch_of(c);
  int fi = crl_switch_final_index(c);
  /* Without an index the null resume pointer says it all. */
  if (fi >= 0 && index_addr)
    LLVMBuildStore(c->b, LLVMConstInt(st->index_t, (unsigned long long)fi, 0), index_addr);
}

static int is_unwind_end(LLVMValueRef end) {
  LLVMValueRef u = LLVMGetOperand(end, 1);
  return LLVMIsAConstantInt(u) && LLVMConstIntGetZExtValue(u) != 0;
}

/* Lowers the intrinsics whose meaning depends on which function they are
 * in; `frame` is the frame pointer there, `index_addr` the suspend index's
 * address in a clone. */
int crl_switch_lower_in_fn(crl_coro *c, LLVMValueRef fn, crl_switch_fn kind,
                           LLVMValueRef frame, LLVMValueRef index_addr) {
  crl_vec todo = {0};
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i))
      /* A split callee's markers (its ramp inlined here, elision markers
       * kept) are left for CoroElide. */
      if (crl_intrinsic_of(i) != CRL_I_NONE && !crl_is_split_marker(i))
        crl_vec_push(&todo, i);
  for (unsigned n = 0; n < todo.n; n++) {
    LLVMValueRef i = todo.v[n];
    crl_intr k = crl_intrinsic_of(i);
    LLVMValueRef repl = NULL;
    switch (k) {
    case CRL_I_END:
      if (kind == CRL_SW_RAMP) {
        LLVMInstructionEraseFromParent(i);
      } else if (is_unwind_end(i)) {
        mark_done(c, i, frame, index_addr);
        LLVMInstructionEraseFromParent(i);
      } else {
        crl_end_to_return(c, i, NULL);
      }
      continue;
    case CRL_I_ALLOC:
      /* In the ramp, an elision marker: CoroElide turns it false. */
      if (kind == CRL_SW_RAMP && c->opts->keep_elision_markers) continue;
      repl = LLVMConstInt(c->i1_t, kind == CRL_SW_RAMP, 0);
      break;
    case CRL_I_FREE:
      if (kind == CRL_SW_RAMP && c->opts->keep_elision_markers) continue;
      repl = kind == CRL_SW_CLEANUP ? LLVMConstNull(c->ptr_t) : LLVMGetOperand(i, 1);
      break;
    default:
      repl = crl_neutral_intrinsic_value(c, i, kind == CRL_SW_RAMP);
      if (!repl) continue;
    }
    LLVMReplaceAllUsesWith(i, repl);
    LLVMInstructionEraseFromParent(i);
  }
  crl_vec_free(&todo);
  return 0;
}

