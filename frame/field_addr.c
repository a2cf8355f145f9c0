/* Field addresses: a field's address from a frame pointer (a byte offset,
 * realigned at run time for over-aligned allocas, or in the realigned
 * region's slack), and the ramp's copy of each, made once after
 * coro.begin where every later use can see it. */
#include "frame/frame.h"

/* base + off bytes (base itself when off is 0). */
static LLVMValueRef byte_offset(crl_coro *c, LLVMBuilderRef b, LLVMValueRef base,
                                uint64_t off) {
  if (!off) return base;
  LLVMValueRef o = LLVMConstInt(c->i64_t, off, 0);
  return LLVMBuildInBoundsGEP2(b, c->i8_t, base, &o, 1, "");
}

/* p rounded up to a multiple of `align` at run time: p plus (-p mod
 * align), a byte GEP on p whose index is as wide as the pointer's (32
 * bits on i686, ARM and wasm32). Not llvm.ptrmask(p + align - 1): LLVM
 * 22's alias analysis reads a ptrmask result as its operand, offsets
 * included (fixed after 22 by llvm-project PR 197082), so -O2 dropped
 * stores to fields past the realigned object as overwritten by it
 * (tests/difffuzz/regressions/mismatch_async-realign_180_O2). remat_plan.c
 * knows this pattern. */
static LLVMValueRef align_up(crl_coro *c, LLVMBuilderRef b, LLVMValueRef p, uint32_t align) {
  LLVMTypeRef ity = LLVMIntPtrTypeInContext(c->ctx, c->td);
  LLVMValueRef neg = LLVMBuildNeg(b, LLVMBuildPtrToInt(b, p, ity, ""), "");
  LLVMValueRef pad = LLVMBuildAnd(b, neg, LLVMConstInt(ity, align - 1, 0), "");
  return LLVMBuildInBoundsGEP2(b, c->i8_t, p, &pad, 1, "");
}

/* Where the region's slack block is: at the region field's start when the
 * realignment left it room there, else just past the aligned part `data`. */
static LLVMValueRef slack_base(crl_coro *c, LLVMBuilderRef b, LLVMValueRef frame,
                               const crl_frame_field_plan *r, LLVMValueRef data) {
  LLVMValueRef start = byte_offset(c, b, frame, r->offset);
  LLVMValueRef room =
      LLVMBuildICmp(b, LLVMIntUGE, data, byte_offset(c, b, start, r->slack_block), "");
  return LLVMBuildSelect(b, room, start, byte_offset(c, b, data, r->data_end), "");
}

LLVMValueRef crl_field_addr(crl_coro *c, LLVMBuilderRef b, LLVMValueRef frame,
                            uint32_t field) {
  const crl_frame_field_plan *f = &c->frame.fields[field];
  if (f->region) {
    LLVMValueRef base = crl_field_addr(c, b, frame, f->region - 1);
    if (f->in_slack) base = slack_base(c, b, frame, &c->frame.fields[f->region - 1], base);
    return byte_offset(c, b, base, f->region_offset);
  }
  LLVMValueRef addr = byte_offset(c, b, frame, f->offset);
  return f->realign ? align_up(c, b, addr, f->realign) : addr;
}

void crl_position_after_begin(crl_coro *c, LLVMBuilderRef b) {
  LLVMValueRef nx = LLVMGetNextInstruction(c->shape->begin);
  LLVMPositionBuilderBefore(b, nx);
}

LLVMValueRef crl_ramp_field_addr(crl_coro *c, uint32_t field) {
  crl_frame_field_plan *f = &c->frame.fields[field];
  if (f->ramp_addr) return f->ramp_addr;
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c->ctx);
  if (f->region) {
    /* One realignment (and one slack choice) for the whole region, then
     * the member's offset. */
    LLVMValueRef base = crl_ramp_field_addr(c, f->region - 1);
    if (f->in_slack) {
      if (!c->frame.slack_addr) {
        LLVMPositionBuilderBefore(b, LLVMGetNextInstruction(base));
        c->frame.slack_addr = slack_base(c, b, c->shape->begin, &c->frame.fields[f->region - 1], base);
        c->frame.slack_cmp = LLVMGetOperand(c->frame.slack_addr, 0);
      }
      base = c->frame.slack_addr;
    }
    LLVMPositionBuilderBefore(b, LLVMGetNextInstruction(base));
    f->ramp_addr = byte_offset(c, b, base, f->region_offset);
    LLVMDisposeBuilder(b);
    return f->ramp_addr;
  }
  crl_position_after_begin(c, b);
  f->ramp_addr = crl_field_addr(c, b, c->shape->begin, field);
  LLVMDisposeBuilder(b);
  return f->ramp_addr;
}
