/* Slot numbers of unnamed values (%N), as LLVM's printer assigns them:
 * unnamed arguments, then per block the block (if unnamed) and its unnamed
 * non-void instructions. Computed once, before the pipeline changes the
 * function, so frame reports name values as the input did; asking LLVM to
 * print each value instead rebuilds its slot table every time. */
#include "irkit/slots.h"

#include "irkit/blocks.h"

void crl_number_slots(LLVMValueRef fn, crl_valmap *slots) {
  uint32_t slot = 0;
  unsigned np = LLVMCountParams(fn);
  crl_valmap_init(slots, np + crl_count_fn_instructions(fn));
  size_t len;
  for (unsigned k = 0; k < np; k++) {
    LLVMValueRef a = LLVMGetParam(fn, k);
    LLVMGetValueName2(a, &len);
    if (!len) crl_valmap_put_id(slots, a, slot++);
  }
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    LLVMGetValueName2(LLVMBasicBlockAsValue(bb), &len);
    if (!len) slot++;
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      if (LLVMGetTypeKind(LLVMTypeOf(i)) == LLVMVoidTypeKind) continue;
      LLVMGetValueName2(i, &len);
      if (!len) crl_valmap_put_id(slots, i, slot++);
    }
  }
}

