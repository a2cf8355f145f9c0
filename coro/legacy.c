/* Old-dialect input: LLVM 22 upgrades the two-operand `i1 @llvm.coro.end`
 * to the void three-operand form but leaves the old result's uses behind,
 * so the module no longer verifies. The old result meant "not in the ramp";
 * llvm.coro.is_in_ramp now says the opposite, so uses get its negation.
 *
 * Old front ends also left the presplit marking to CoroEarly, which gave
 * every function with a switched-resume coro.id (no clones yet) the
 * attribute, or wrote it as the string attribute "coroutine.presplit". In a
 * module that shows the old dialect, those functions are marked the same
 * way; a new-dialect module without the attribute stays an error.
 *
 * LLVM 21 (the LLVM of Swift 6.3's swiftc) declares coro.end and
 * coro.end.async with an i1 result and coro.id.retcon.once variadic (a type
 * id for typed frame allocation may follow its six operands). LLVM 22's
 * parser keeps such declarations as written and its verifier rejects
 * them: each is declared again with LLVM 22's type and its calls rebuilt,
 * before anything verifies the module. LLVM 22's coro.id.retcon.once has
 * no room for the type id, so it rides along as metadata on the rebuilt
 * call (crl_id_type_id): the allocation function takes it after the size,
 * as in Swift's own LLVM. */
#include <stdint.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "coro/coro.h"

static int has_string_attr(LLVMValueRef f, const char *k) {
  return LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, k,
                                       (unsigned)strlen(k)) != NULL;
}

/* Functions with a switched-resume coro.id whose clone array is still null. */
static unsigned mark_presplit(LLVMModuleRef m) {
  unsigned marked = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f) || crl_is_presplit(f)) continue;
    int found = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb && !found;
         bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && !found;
           i = LLVMGetNextInstruction(i))
        found = crl_intrinsic_of(i) == CRL_I_ID &&
                LLVMIsAConstantPointerNull(LLVMGetOperand(i, 3));
    if (!found) continue;
    crl_set_presplit(f, 1);
    marked++;
  }
  return marked;
}

/* Calls of coro.end found through the declarations' uses, so a module
 * without old-dialect ends costs no walk over its instructions. */
static void collect_ends(LLVMModuleRef m, crl_vec *out) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (!LLVMIsDeclaration(f) || crl_intrinsic_of_fn(f) != CRL_I_END) continue;
    for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef i = LLVMGetUser(u);
      if (crl_intrinsic_of(i) == CRL_I_END) crl_vec_push(out, i);
    }
  }
}

/* Uses of an old coro.end's i1 result ("not in the ramp") become the
 * negation of llvm.coro.is_in_ramp. */
static void replace_end_result(LLVMModuleRef m, LLVMBuilderRef b, LLVMValueRef i) {
  LLVMPositionBuilderBefore(b, i);
  LLVMValueRef ramp = crl_intrinsic_decl(m, CRL_I_IS_IN_RAMP);
  LLVMValueRef in = LLVMBuildCall2(b, LLVMGlobalGetValueType(ramp), ramp, NULL, 0, "");
  LLVMReplaceAllUsesWith(i, LLVMBuildNot(b, in, ""));
}

/* A declaration LLVM 22's verifier rejects that an LLVM 21 front end
 * wrote: coro.end and coro.end.async returning i1, coro.id.retcon.once
 * variadic or longer than LLVM 22's. */
static int llvm21_form(LLVMValueRef f, crl_intr k, LLVMTypeRef want) {
  LLVMTypeRef have = LLVMGlobalGetValueType(f);
  if (k == CRL_I_END || k == CRL_I_END_ASYNC)
    return LLVMGetTypeKind(LLVMGetReturnType(have)) != LLVMVoidTypeKind;
  if (k == CRL_I_ID_RETCON_ONCE) return have != want;
  return 0;
}

static unsigned type_id_kind(LLVMContextRef ctx) {
  return LLVMGetMDKindIDInContext(ctx, "corolower.type_id", 17);
}

/* The operands past LLVM 22's six of a coro.id.retcon.once (`call`), onto
 * its rebuilt call `nc`: one integer constant is the type id; anything
 * else an empty node, which validation reports. */
static void keep_type_id(LLVMValueRef call, LLVMValueRef nc, unsigned fixed) {
  unsigned n = LLVMGetNumArgOperands(call);
  if (n <= fixed) return;
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(call));
  LLVMValueRef id = LLVMGetOperand(call, fixed);
  int ok = n == fixed + 1 && LLVMIsAConstantInt(id);
  LLVMMetadataRef md = ok ? LLVMValueAsMetadata(id) : NULL;
  LLVMMetadataRef node = LLVMMDNodeInContext2(ctx, &md, ok ? 1 : 0);
  LLVMSetMetadata(nc, type_id_kind(ctx), LLVMMetadataAsValue(ctx, node));
}

LLVMValueRef crl_id_type_id(LLVMValueRef id, int *bad) {
  *bad = 0;
  if (!LLVMHasMetadata(id)) return NULL;
  LLVMValueRef node = LLVMGetMetadata(id, type_id_kind(LLVMGetTypeContext(LLVMTypeOf(id))));
  if (!node) return NULL;
  if (LLVMGetMDNodeNumOperands(node) != 1) {
    *bad = 1;
    return NULL;
  }
  LLVMValueRef v = NULL;
  LLVMGetMDNodeOperands(node, &v);
  return v;
}

/* Rebuilds one call of the old declaration as a call of `canon`. */
static void rebuild_call(LLVMModuleRef m, LLVMBuilderRef b, LLVMValueRef call,
                         LLVMValueRef canon, crl_intr k) {
  LLVMTypeRef fty = LLVMGlobalGetValueType(canon);
  unsigned n = LLVMGetNumArgOperands(call);
  unsigned fixed = LLVMCountParamTypes(fty);
  if (!LLVMIsFunctionVarArg(fty) && n > fixed) n = fixed;
  LLVMValueRef args[64];
  if (n > sizeof args / sizeof *args) return; /* the verifier reports it */
  for (unsigned a = 0; a < n; a++) args[a] = LLVMGetOperand(call, a);
  LLVMPositionBuilderBefore(b, call);
  LLVMValueRef nc = LLVMBuildCall2(b, fty, canon, args, n, "");
  LLVMInstructionSetDebugLoc(nc, LLVMInstructionGetDebugLoc(call));
  if (k == CRL_I_ID_RETCON_ONCE) {
    keep_type_id(call, nc, fixed);
    size_t len = 0;
    const char *name = LLVMGetValueName2(call, &len);
    char buf[256];
    if (len < sizeof buf) {
      memcpy(buf, name, len);
      LLVMSetValueName2(call, "", 0);
      LLVMSetValueName2(nc, buf, len);
    }
    LLVMReplaceAllUsesWith(call, nc);
  } else if (LLVMGetFirstUse(call)) {
    replace_end_result(m, b, call);
  }
  LLVMInstructionEraseFromParent(call);
}

/* Declares `old` again with LLVM 22's type and moves its calls over. */
static void redeclare(LLVMModuleRef m, LLVMBuilderRef b, LLVMValueRef old, crl_intr k) {
  LLVMSetValueName2(old, "", 0); /* frees the name for LLVM 22's declaration */
  LLVMValueRef canon = crl_intrinsic_decl(m, k);
  crl_vec calls = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(old); u; u = LLVMGetNextUse(u))
    if (LLVMIsACallInst(LLVMGetUser(u))) crl_vec_push(&calls, LLVMGetUser(u));
  for (unsigned c = 0; c < calls.n; c++) rebuild_call(m, b, calls.v[c], canon, k);
  crl_vec_free(&calls);
  if (!LLVMGetFirstUse(old)) LLVMDeleteFunction(old);
}

/* LLVM 21's declarations; returns how many were declared again. */
static unsigned repair_llvm21(LLVMModuleRef m, LLVMBuilderRef b) {
  const crl_intr kinds[] = {CRL_I_END, CRL_I_END_ASYNC, CRL_I_ID_RETCON_ONCE};
  crl_vec olds = {0};
  crl_vec ks = {0};
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (!LLVMIsDeclaration(f)) continue;
    crl_intr k = crl_intrinsic_of_fn(f);
    for (size_t j = 0; j < sizeof kinds / sizeof *kinds; j++) {
      if (k != kinds[j]) continue;
      LLVMValueRef canon = crl_intrinsic_decl(m, k);
      /* In step, or not at all (out of memory: noted, left as it is). */
      if (canon != f && llvm21_form(f, k, LLVMGlobalGetValueType(canon)) &&
          crl_vec_push(&olds, f) == 0 && crl_vec_push(&ks, (void *)(uintptr_t)k) != 0)
        olds.n--;
    }
  }
  for (unsigned j = 0; j < olds.n && j < ks.n; j++)
    redeclare(m, b, olds.v[j], (crl_intr)(uintptr_t)ks.v[j]);
  unsigned n = olds.n;
  crl_vec_free(&olds);
  crl_vec_free(&ks);
  return n;
}

unsigned crl_repair_legacy_module(LLVMModuleRef m) {
  if (!m) return 0;
  unsigned repaired = 0;
  int old_dialect = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (has_string_attr(f, "coroutine.presplit")) old_dialect = 1;
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  repaired += repair_llvm21(m, b);
  crl_vec ends = {0};
  collect_ends(m, &ends);
  for (unsigned k = 0; k < ends.n; k++) {
    LLVMValueRef i = ends.v[k];
    if (LLVMGetTypeKind(LLVMTypeOf(i)) != LLVMVoidTypeKind) continue;
    size_t len = 0;
    LLVMGetValueName2(i, &len);
    if (len) {
      LLVMSetValueName2(i, "", 0);
      old_dialect = 1;
    }
    if (!LLVMGetFirstUse(i)) continue;
    old_dialect = 1;
    replace_end_result(m, b, i);
    repaired++;
  }
  crl_vec_free(&ends);
  LLVMDisposeBuilder(b);
  if (old_dialect) repaired += mark_presplit(m);
  return repaired;
}
