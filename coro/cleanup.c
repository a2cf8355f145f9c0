/* Cleanup: what CoroCleanup does after the split (coro.begin becomes its
 * memory, coro.id goes, the presplit attribute goes), then a check that no
 * coroutine intrinsic is left anywhere, so a caller never hands LLVM a
 * half-lowered module. */
#include "coro/coro.h"
#include "irkit/valmap.h"

/* LLVM's CoroEarly marks coro.begin `noduplicate` while the coroutine is
 * presplit (its frame must not be duplicated before the split). A kept
 * coro.begin (an elision marker) in the lowered ramp must lose the mark:
 * the inliner refuses a function with a `noduplicate` call, so no caller
 * could inline the ramp and CoroElide could elide no allocation. */
static void allow_ramp_inlining(LLVMValueRef begin) {
  unsigned k = LLVMGetEnumAttributeKindForName("noduplicate", 11);
  if (LLVMGetCallSiteEnumAttribute(begin, LLVMAttributeFunctionIndex, k))
    LLVMRemoveCallSiteEnumAttribute(begin, LLVMAttributeFunctionIndex, k);
}

int crl_cleanup_coro(crl_coro *c) {
  crl_vec dead = {0};
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(c->fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      crl_intr k = crl_intrinsic_of(i);
      if ((k == CRL_I_LIFETIME_START || k == CRL_I_LIFETIME_END) &&
          !LLVMIsAAllocaInst(LLVMGetOperand(i, 0)))
        crl_vec_push(&dead, i);
    }
  for (unsigned k = 0; k < dead.n; k++) LLVMInstructionEraseFromParent(dead.v[k]);
  crl_vec_free(&dead);
  /* Erased only now: until the clones are built, analyses may still hold
   * them as keys, and a new instruction could take a freed address. */
  for (unsigned k = 0; k < c->frame.dead_allocas.n; k++)
    if (!LLVMGetFirstUse(c->frame.dead_allocas.v[k]))
      LLVMInstructionEraseFromParent(c->frame.dead_allocas.v[k]);
  c->frame.dead_allocas.n = 0;
  /* Elision markers: coro.begin and coro.id (with its clone array) stay for
   * LLVM's CoroElide, and its CoroCleanup removes them. A lowering whose
   * ABI has no such markers has removed them itself. A coroutine that
   * never suspends has no clones, so nothing to elide: its markers, without
   * a clone array, would look presplit to whoever sees them next (a
   * presplit caller the ramp is inlined into). */
  int keep = c->opts->keep_elision_markers && c->num_susp > 0;
  if (!keep && !c->markers_erased)
    crl_erase_markers(c, LLVMGetOperand(c->shape->begin, 1));
  else if (!c->markers_erased)
    allow_ramp_inlining(c->shape->begin);
  c->markers_erased = 1;
  crl_set_presplit(c->fn, 0);
  return 0;
}

void crl_erase_markers(crl_coro *c, LLVMValueRef frame) {
  LLVMReplaceAllUsesWith(c->shape->begin, frame);
  LLVMInstructionEraseFromParent(c->shape->begin);
  if (!LLVMGetFirstUse(c->shape->id)) LLVMInstructionEraseFromParent(c->shape->id);
  c->markers_erased = 1;
}

int crl_calls_coro_intrinsic(LLVMValueRef f) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (crl_is_coro_intrinsic(crl_intrinsic_of(i))) return 1;
  return 0;
}

static int is_marker(crl_intr k) {
  return k == CRL_I_ID || k == CRL_I_BEGIN || k == CRL_I_ALLOC ||
         k == CRL_I_FREE || k == CRL_I_SUBFN_ADDR;
}

void crl_check_leftovers(LLVMModuleRef m, crl_result *res, int keep,
                         LLVMValueRef only) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f) || (only && f != only && crl_is_presplit(f))) continue;
    /* A presplit function without coroutine intrinsics had nothing to
     * lower and keeps its attribute, as in LLVM; any other is our bug. */
    if (crl_is_presplit(f) && crl_calls_coro_intrinsic(f)) {
      crl_diagf(res, CRL_SEV_ERROR, f, NULL,
                "internal error: function is still a presplit coroutine");
      continue;
    }
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb;
         bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
           i = LLVMGetNextInstruction(i)) {
        crl_intr k = crl_intrinsic_of(i);
        if (crl_is_coro_intrinsic(k) && !(keep && is_marker(k)))
          crl_diagf(res, CRL_SEV_ERROR, f, i,
                    "internal error: %s left after lowering",
                    crl_intrinsic_name(k));
      }
  }
}
