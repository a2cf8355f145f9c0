/* The ramp after the split: its frame (the buffer, or memory from the
 * allocation function whose address goes into the buffer), a return at
 * each suspend, the ends, and coro.begin/coro.id gone (nothing elides a
 * returned-continuation frame, so no marker is kept). */
#include <llvm-c/DebugInfo.h>

#include "irkit/blocks.h"
#include "retcon_lowering/retcon_internal.h"

/* The frame in the ramp, made where coro.begin is. */
static LLVMValueRef ramp_frame(crl_coro *c) {
  crl_retcon_state *st = crl_retcon_of(c);
  if (st->inline_frame) return st->buffer;
  LLVMTypeRef it = LLVMTypeOf(LLVMGetParam(st->alloc_fn, 0));
  LLVMValueRef size = LLVMConstInt(it, c->frame.size, 0);
  LLVMPositionBuilderBefore(c->b, c->shape->begin);
  LLVMValueRef mem = crl_retcon_call_alloc(c, size, "frame");
  LLVMInstructionSetDebugLoc(mem, LLVMInstructionGetDebugLoc(c->shape->begin));
  LLVMValueRef keep = LLVMBuildStore(c->b, mem, st->buffer);
  LLVMSetAlignment(keep, crl_retcon_slot_align(c));
  return mem;
}

int crl_retcon_finish_ramp(crl_coro *c) {
  crl_retcon_state *st = crl_retcon_of(c);
  LLVMValueRef frame = ramp_frame(c);
  st->ramp_frame = frame;
  for (uint32_t s = 0; s < c->num_susp; s++)
    crl_retcon_return_at(c, c->susp[s].pre, st->susp[s].agg, s, 0);
  crl_erase_markers(c, frame);
  if (crl_retcon_lower_in_fn(c, c->fn, 1, frame) != 0 ||
      crl_swifterror_lower_in_fn(c, &st->swe, c->fn, st->swe.arg) != 0)
    return -1;
  crl_simplify_cfg(c->fn);
  return 0;
}
