/* Cleanup: what CoroCleanup does after the split (coro.begin becomes its
 * memory, coro.id goes, the presplit attribute goes), then a check that no
 * coroutine intrinsic is left anywhere, so a caller never hands LLVM a
 * half-lowered module. */
#include "ir/coro.h"

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
  for (unsigned k = 0; k < c->dead_allocas.n; k++)
    if (!LLVMGetFirstUse(c->dead_allocas.v[k]))
      LLVMInstructionEraseFromParent(c->dead_allocas.v[k]);
  c->dead_allocas.n = 0;
  /* Elision markers: coro.begin and coro.id (with its clone array) stay for
   * LLVM's CoroElide, and its CoroCleanup removes them. */
  if (!c->opts->keep_elision_markers) {
    LLVMReplaceAllUsesWith(c->begin, LLVMGetOperand(c->begin, 1));
    LLVMInstructionEraseFromParent(c->begin);
    if (!LLVMGetFirstUse(c->id)) LLVMInstructionEraseFromParent(c->id);
  }
  c->begin = NULL;
  c->id = NULL;
  unsigned kind = LLVMGetEnumAttributeKindForName("presplitcoroutine", 17);
  LLVMRemoveEnumAttributeAtIndex(c->fn, LLVMAttributeFunctionIndex, kind);
  return 0;
}

/* A ramp split earlier (by LLVM's CoroSplit mid-pipeline, or by corolower
 * with elision markers kept) keeps coro.id, coro.begin, coro.alloc and
 * coro.free for CoroElide, in itself or, inlined, in its callers (presplit
 * coroutines among them). Nothing elided it, so they go as CoroCleanup
 * would: the frame is the memory coro.begin was given, and was allocated. */
static int lower_split_id(LLVMValueRef id) {
  crl_vec users = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(id); u; u = LLVMGetNextUse(u))
    crl_vec_push(&users, LLVMGetUser(u));
  int rc = 0;
  for (unsigned k = 0; k < users.n; k++) {
    LLVMValueRef u = users.v[k];
    switch (crl_intrinsic_of(u)) {
    case CRL_I_ALLOC:
      LLVMReplaceAllUsesWith(u, LLVMConstInt(LLVMTypeOf(u), 1, 0));
      break;
    case CRL_I_BEGIN:
    case CRL_I_FREE: LLVMReplaceAllUsesWith(u, LLVMGetOperand(u, 1)); break;
    default: rc = -1; continue;
    }
    LLVMInstructionEraseFromParent(u);
  }
  crl_vec_free(&users);
  if (rc == 0) LLVMInstructionEraseFromParent(id);
  return rc;
}

int crl_cleanup_split_ramps(LLVMModuleRef m, crl_result *res) {
  LLVMValueRef decl = LLVMGetNamedFunction(m, "llvm.coro.id");
  if (!decl) return 0;
  crl_vec ids = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(decl); u; u = LLVMGetNextUse(u))
    if (crl_is_split_marker(LLVMGetUser(u))) crl_vec_push(&ids, LLVMGetUser(u));
  int rc = 0;
  for (unsigned k = 0; k < ids.n; k++) {
    LLVMValueRef id = ids.v[k];
    LLVMValueRef f = LLVMGetBasicBlockParent(LLVMGetInstructionParent(id));
    if (lower_split_id(id) != 0) {
      crl_diagf(res, CRL_SEV_ERROR, f, id,
                "the id of an already split coroutine is used by something "
                "other than llvm.coro.begin, llvm.coro.alloc or llvm.coro.free");
      rc = -1;
    }
  }
  crl_vec_free(&ids);
  return rc;
}

static int is_marker(crl_intr k) {
  return k == CRL_I_ID || k == CRL_I_BEGIN || k == CRL_I_ALLOC ||
         k == CRL_I_FREE || k == CRL_I_SUBFN_ADDR;
}

void crl_check_leftovers(LLVMModuleRef m, crl_result *res, int keep) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f)) continue;
    if (crl_is_presplit(f)) {
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
