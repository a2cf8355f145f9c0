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

static LLVMValueRef parent_fn(LLVMValueRef i) {
  return LLVMGetBasicBlockParent(LLVMGetInstructionParent(i));
}

/* Functions calling llvm.coro.begin more than once. */
static void many_begins(LLVMModuleRef m, crl_valmap *out) {
  LLVMValueRef decl = LLVMGetNamedFunction(m, "llvm.coro.begin");
  crl_valmap seen;
  crl_valmap_init(&seen, 16);
  for (LLVMUseRef u = decl ? LLVMGetFirstUse(decl) : NULL; u; u = LLVMGetNextUse(u)) {
    LLVMValueRef i = LLVMGetUser(u);
    if (crl_intrinsic_of(i) != CRL_I_BEGIN) continue;
    LLVMValueRef f = parent_fn(i);
    if (crl_valmap_has(&seen, f)) crl_valmap_put(out, f, f);
    else crl_valmap_put(&seen, f, f);
  }
  crl_valmap_free(&seen);
}

int crl_cleanup_split_ramps(LLVMModuleRef m, crl_result *res, int keep) {
  LLVMValueRef decl = LLVMGetNamedFunction(m, "llvm.coro.id");
  if (!decl) return 0;
  /* Kept markers are for CoroElide, but LLVM's CoroEarly (which a full
   * pipeline runs again on the output) aborts on a function with two
   * coro.begin calls: there, the split coroutines' markers go anyway. */
  crl_valmap crowded;
  crl_valmap_init(&crowded, 16);
  if (keep) many_begins(m, &crowded);
  crl_vec ids = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(decl); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef id = LLVMGetUser(u);
    if (crl_is_split_marker(id) && (!keep || crl_valmap_has(&crowded, parent_fn(id))))
      crl_vec_push(&ids, id);
  }
  crl_valmap_free(&crowded);
  int rc = 0;
  for (unsigned k = 0; k < ids.n; k++) {
    LLVMValueRef id = ids.v[k];
    LLVMValueRef f = parent_fn(id);
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
