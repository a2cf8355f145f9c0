// Small helpers for IR toolkit tests: find blocks and instructions by name,
// count things, list successors and phi entries.
#ifndef COROLOWER_TESTS_UNIT_IR_TEST_UTIL_H
#define COROLOWER_TESTS_UNIT_IR_TEST_UTIL_H

#include <llvm-c/Core.h>

#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace irt {

inline std::string Name(LLVMValueRef v) {
  size_t n = 0;
  const char *s = LLVMGetValueName2(v, &n);
  return std::string(s, n);
}

inline std::string Name(LLVMBasicBlockRef bb) {
  return Name(LLVMBasicBlockAsValue(bb));
}

inline LLVMBasicBlockRef Block(LLVMValueRef fn, const char *name) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    if (Name(bb) == name) return bb;
  return nullptr;
}

inline LLVMValueRef Inst(LLVMValueRef fn, const char *name) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i))
      if (Name(i) == name) return i;
  return nullptr;
}

// The n-th instruction (0-based) with the given opcode in the function.
inline LLVMValueRef NthOp(LLVMValueRef fn, LLVMOpcode op, unsigned n = 0) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i))
      if (LLVMGetInstructionOpcode(i) == op && n-- == 0) return i;
  return nullptr;
}

inline unsigned CountOp(LLVMValueRef fn, LLVMOpcode op) {
  unsigned k = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i))
      if (LLVMGetInstructionOpcode(i) == op) k++;
  return k;
}

inline unsigned CountInsts(LLVMBasicBlockRef bb) {
  unsigned k = 0;
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
       i = LLVMGetNextInstruction(i))
    k++;
  return k;
}

inline std::vector<std::string> BlockNames(LLVMValueRef fn) {
  std::vector<std::string> r;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    r.push_back(Name(bb));
  return r;
}

inline std::vector<LLVMBasicBlockRef> Succs(LLVMBasicBlockRef bb) {
  std::vector<LLVMBasicBlockRef> r;
  LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
  unsigned n = t ? LLVMGetNumSuccessors(t) : 0;
  for (unsigned k = 0; k < n; k++) r.push_back(LLVMGetSuccessor(t, k));
  return r;
}

// Phi entries as (block name, value text) pairs.
inline std::vector<std::pair<std::string, std::string>> Entries(LLVMValueRef phi) {
  std::vector<std::pair<std::string, std::string>> r;
  unsigned n = LLVMCountIncoming(phi);
  for (unsigned k = 0; k < n; k++) {
    LLVMValueRef v = LLVMGetIncomingValue(phi, k);
    std::string vs;
    if (LLVMIsAConstantInt(v)) {
      vs = std::to_string(LLVMConstIntGetSExtValue(v));
    } else {
      vs = "%" + Name(v);
    }
    r.emplace_back(Name(LLVMGetIncomingBlock(phi, k)), vs);
  }
  return r;
}

inline unsigned CountUses(LLVMValueRef v) {
  unsigned k = 0;
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) k++;
  return k;
}

inline std::string Print(LLVMValueRef v) {
  char *s = LLVMPrintValueToString(v);
  std::string r = s;
  LLVMDisposeMessage(s);
  return r;
}

}  // namespace irt

#endif
