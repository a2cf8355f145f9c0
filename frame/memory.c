/* Memory objects the frame may take over: allocas, and arguments that
 * stand for memory of their own (byval: the callee's private copy of the
 * caller's bytes). */
#include "frame/frame.h"

static LLVMAttributeRef param_attr(LLVMValueRef fn, unsigned k, const char *name,
                                   unsigned len) {
  unsigned kind = LLVMGetEnumAttributeKindForName(name, len);
  return LLVMGetEnumAttributeAtIndex(fn, k + 1, kind);
}

crl_arg_mem crl_arg_memory(LLVMValueRef fn, unsigned k) {
  if (param_attr(fn, k, "byval", 5)) return CRL_ARG_BYVAL;
  if (param_attr(fn, k, "inalloca", 8)) return CRL_ARG_INALLOCA;
  if (param_attr(fn, k, "preallocated", 12)) return CRL_ARG_PREALLOCATED;
  return CRL_ARG_PLAIN;
}

unsigned crl_arg_index(LLVMValueRef a) {
  LLVMValueRef fn = LLVMGetParamParent(a);
  unsigned n = LLVMCountParams(fn);
  for (unsigned k = 0; k < n; k++)
    if (LLVMGetParam(fn, k) == a) return k;
  return 0;
}

int crl_arg_swifterror(LLVMValueRef a) {
  return param_attr(LLVMGetParamParent(a), crl_arg_index(a), "swifterror", 10) != NULL;
}

LLVMTypeRef crl_memory_type(LLVMValueRef v) {
  if (LLVMIsAAllocaInst(v)) return LLVMGetAllocatedType(v);
  LLVMValueRef fn = LLVMGetParamParent(v);
  unsigned k = crl_arg_index(v);
  static const struct { const char *name; unsigned len; } kinds[] = {
      {"byval", 5}, {"inalloca", 8}, {"preallocated", 12}};
  for (unsigned i = 0; i < sizeof kinds / sizeof *kinds; i++) {
    LLVMAttributeRef a = param_attr(fn, k, kinds[i].name, kinds[i].len);
    if (a) return LLVMGetTypeAttributeValue(a);
  }
  return NULL;
}

int crl_memory_size(crl_coro *c, LLVMValueRef v, uint64_t *size) {
  LLVMTypeRef t = crl_memory_type(v);
  if (!t) return -1;
  uint64_t s = LLVMABISizeOfType(c->td, t);
  if (LLVMIsAAllocaInst(v)) {
    LLVMValueRef cnt = LLVMGetOperand(v, 0);
    if (!LLVMIsAConstantInt(cnt)) return -1;
    s *= LLVMConstIntGetZExtValue(cnt);
  }
  *size = s;
  return 0;
}

/* An alloca's alignment is what its `align` says, as LLVM lays it out:
 * swiftc -Onone copies a SIMD8<Double> parameter into
 * `alloca <8 x double>, align 8`, which asks for 8, not the vector's 64.
 * A byval argument's copy is aligned as its `align` says, and at least as
 * its type (what the caller's copy has without one). */
uint32_t crl_memory_align(crl_coro *c, LLVMValueRef v) {
  if (LLVMIsAAllocaInst(v)) {
    uint32_t given = LLVMGetAlignment(v);
    return given ? given : 1;
  }
  LLVMTypeRef t = crl_memory_type(v);
  uint32_t a = t ? LLVMABIAlignmentOfType(c->td, t) : 1;
  uint32_t given = 0;
  LLVMAttributeRef at = param_attr(LLVMGetParamParent(v), crl_arg_index(v), "align", 5);
  if (at) given = (uint32_t)LLVMGetEnumAttributeValue(at);
  return given > a ? given : a;
}
