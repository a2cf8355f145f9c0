/* Narrow slots (crl_cand.narrow, marked by remat_plan.c): the value a
 * spill stores and the reload widened back, shared by the rewrite and the
 * SSA repair. */
#include "frame/frame_plan.h"

/* What a spill stores: the value, truncated to a narrow slot's width. */
LLVMValueRef crl_narrow_store_value(crl_coro *c, uint32_t field, LLVMValueRef v,
                                    LLVMBuilderRef b) {
  LLVMTypeRef t = c->frame.fields[field].type;
  return t == LLVMTypeOf(v) ? v : LLVMBuildTrunc(b, v, t, "");
}

/* A reload `ld` of a narrow slot extended back to `ty` (sign-extended
 * unless zext). */
LLVMValueRef crl_widen_reload(crl_coro *c, int zext, LLVMValueRef ld, LLVMTypeRef ty,
                              LLVMBuilderRef b) {
  (void)c;
  if (LLVMTypeOf(ld) == ty) return ld;
  return zext ? LLVMBuildZExt(b, ld, ty, "") : LLVMBuildSExt(b, ld, ty, "");
}
