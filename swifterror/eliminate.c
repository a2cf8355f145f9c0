/* Swifterror arguments and allocas of a coroutine, whatever its ABI
 * (swifterror.h says why they cannot stay as they are).
 *
 * What such a pointer holds becomes a variable, promoted to SSA values
 * where it can be (promote.c; the frame planner spills them like any
 * other), and markers note where a function of the split deals with a
 * real slot:
 *   - around each call that takes the pointer, the value goes into the
 *     slot before the call and is read back after it (the callee gets the
 *     slot itself);
 *   - for the argument only: on entry the value is what the ramp's caller
 *     passed, before each suspend and each coro.end it goes into the slot
 *     of the function's caller, and after each suspend it is what the
 *     caller of the function now running passed (a returned-continuation
 *     prototype's swifterror parameter), or null when that caller passes
 *     none (LLVM reads an uninitialized slot there).
 * slots.c turns markers into slot loads and stores once the functions
 * exist. */
#include <llvm-c/DebugInfo.h>
#include <stdio.h>
#include <string.h>

#include "irkit/blocks.h"
#include "irkit/oom.h"
#include "swifterror/promote.h"
#include "swifterror/swifterror.h"

static unsigned attr_kind(void) {
  return LLVMGetEnumAttributeKindForName("swifterror", 10);
}

/* Is operand k of call `call` passed as a swifterror argument (on the call
 * or, for a direct call, on the callee's parameter, as the verifier asks)? */
int crl_swifterror_operand(LLVMValueRef call, unsigned k) {
  if (k >= LLVMGetNumArgOperands(call)) return 0;
  if (LLVMGetCallSiteEnumAttribute(call, k + 1, attr_kind())) return 1;
  LLVMValueRef callee = LLVMGetCalledValue(call);
  return LLVMIsAFunction(callee) && k < LLVMCountParams(callee) &&
         LLVMGetEnumAttributeAtIndex(callee, k + 1, attr_kind()) != NULL;
}

/* The operand through which `user` passes v as a swifterror argument, or
 * UINT32_MAX (a load or a store through v). */
static unsigned call_operand(LLVMValueRef user, LLVMValueRef v) {
  if (!LLVMIsACallInst(user) && !LLVMIsAInvokeInst(user)) return UINT32_MAX;
  unsigned n = LLVMGetNumArgOperands(user);
  for (unsigned k = 0; k < n; k++)
    if (LLVMGetOperand(user, k) == v && crl_swifterror_operand(user, k)) return k;
  return UINT32_MAX;
}

static LLVMValueRef load_value(crl_coro *c, LLVMValueRef var, LLVMTypeRef t) {
  LLVMValueRef v = LLVMBuildLoad2(c->b, t, var, "");
  LLVMSetAlignment(v, LLVMABIAlignmentOfType(c->td, t));
  return v;
}

static void store_value(crl_coro *c, LLVMValueRef v, LLVMValueRef var) {
  LLVMSetAlignment(LLVMBuildStore(c->b, v, var),
                   LLVMABIAlignmentOfType(c->td, LLVMTypeOf(v)));
}

/* At the builder's position: the variable's value into the slot (the
 * marker's result is the slot). NULL out of memory. */
static LLVMValueRef emit_set(crl_coro *c, crl_swifterror *w, LLVMValueRef var, LLVMTypeRef t,
                             int local) {
  LLVMValueRef fn = crl_swifterror_marker(c, w, 0, local, 0, t);
  if (!fn) return NULL;
  LLVMValueRef v = load_value(c, var, t);
  return LLVMBuildCall2(c->b, LLVMGlobalGetValueType(fn), fn, &v, 1, "");
}

/* At the builder's position: the slot's value into the variable (for an
 * `entry` get: the caller's, or null; swifterror.h). */
static int emit_get(crl_coro *c, crl_swifterror *w, LLVMValueRef var, LLVMTypeRef t, int local,
                    int entry) {
  LLVMValueRef fn = crl_swifterror_marker(c, w, 1, local, entry, t);
  if (!fn) return -1;
  size_t len = 0;
  const char *name = LLVMGetValueName2(var, &len);
  store_value(c, LLVMBuildCall2(c->b, LLVMGlobalGetValueType(fn), fn, NULL, 0, name), var);
  return 0;
}

/* Where code after `call` goes: the next instruction, or for an invoke
 * the top of its normal destination (on an edge of its own when that has
 * other predecessors: the swifterror value is defined there only). */
static LLVMValueRef after_call(LLVMValueRef call) {
  if (!LLVMIsAInvokeInst(call)) return LLVMGetNextInstruction(call);
  LLVMBasicBlockRef from = LLVMGetInstructionParent(call), to = LLVMGetNormalDest(call);
  unsigned preds = 0;
  for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(to)); u; u = LLVMGetNextUse(u))
    preds++;
  if (preds != 1) to = crl_split_edge(from, to, "swifterror.cont");
  return crl_first_non_phi(to);
}

/* A call taking the pointer gets the slot; the value goes there before the
 * call and comes back after it. */
static int wrap_call(crl_coro *c, crl_swifterror *w, LLVMValueRef call, unsigned k,
                     LLVMValueRef var, LLVMTypeRef t, int local) {
  LLVMPositionBuilderBefore(c->b, call);
  LLVMSetCurrentDebugLocation2(c->b, LLVMInstructionGetDebugLoc(call));
  LLVMValueRef slot = emit_set(c, w, var, t, local);
  if (!slot) return -1;
  LLVMSetOperand(call, k, slot);
  LLVMPositionBuilderBefore(c->b, after_call(call));
  return emit_get(c, w, var, t, local, 0);
}

/* The variable that will hold what a swifterror pointer points to: an
 * alloca at `at`. */
static LLVMValueRef new_variable(crl_coro *c, LLVMTypeRef t, LLVMValueRef at,
                                 const char *name) {
  LLVMPositionBuilderBefore(c->b, at);
  LLVMSetCurrentDebugLocation2(c->b, NULL);
  LLVMValueRef var = LLVMBuildAlloca(c->b, t, name);
  LLVMSetAlignment(var, LLVMABIAlignmentOfType(c->td, t));
  return var;
}

/* Every call taking ptr is wrapped, then everything else (loads and stores
 * through it, debug records) uses the variable instead. */
static int adopt_uses(crl_coro *c, crl_swifterror *w, LLVMValueRef ptr, LLVMValueRef var,
                      LLVMTypeRef t, int local) {
  crl_vec calls = {0};
  int rc = 0;
  for (LLVMUseRef u = LLVMGetFirstUse(ptr); u; u = LLVMGetNextUse(u))
    if (call_operand(LLVMGetUser(u), ptr) != UINT32_MAX) rc |= crl_vec_push(&calls, LLVMGetUser(u));
  for (unsigned k = 0; k < calls.n && rc == 0; k++)
    rc = wrap_call(c, w, calls.v[k], call_operand(calls.v[k], ptr), var, t, local);
  crl_vec_free(&calls);
  LLVMSetCurrentDebugLocation2(c->b, NULL);
  if (rc == 0) LLVMReplaceAllUsesWith(ptr, var);
  return rc;
}

/* The argument's value: what the caller passed on entry; handed to the
 * caller's slot before each suspend and end; after each suspend, what the
 * caller of the function now running passed (null if none). */
static int eliminate_arg(crl_coro *c, crl_swifterror *w, LLVMValueRef arg, crl_vec *vars,
                         const crl_vec *ends) {
  LLVMTypeRef t = c->ptr_t;
  size_t len = 0;
  const char *an = LLVMGetValueName2(arg, &len);
  char *name = crl_malloc(len + 16);
  if (!name) return -1;
  snprintf(name, len + 16, "%.*s.value", (int)len, len ? an : "swifterror");
  LLVMValueRef var = new_variable(c, t, crl_first_non_phi(LLVMGetEntryBasicBlock(c->fn)), name);
  free(name);
  if (crl_vec_push(vars, var) != 0) return -1;
  /* Before anything reads it: the caller's value. */
  LLVMPositionBuilderBefore(c->b, LLVMGetNextInstruction(var));
  if (emit_get(c, w, var, t, 0, 1) != 0 || adopt_uses(c, w, arg, var, t, 0) != 0) return -1;
  for (uint32_t s = 0; s < c->num_susp; s++) {
    LLVMValueRef call = c->susp[s].call;
    LLVMPositionBuilderBefore(c->b, call);
    LLVMSetCurrentDebugLocation2(c->b, LLVMInstructionGetDebugLoc(call));
    if (!emit_set(c, w, var, t, 0)) return -1;
    LLVMPositionBuilderBefore(c->b, LLVMGetNextInstruction(call));
    if (emit_get(c, w, var, t, 0, 1) != 0) return -1;
  }
  for (unsigned k = 0; k < ends->n; k++) {
    LLVMValueRef end = ends->v[k];
    LLVMPositionBuilderBefore(c->b, end);
    LLVMSetCurrentDebugLocation2(c->b, LLVMInstructionGetDebugLoc(end));
    if (!emit_set(c, w, var, t, 0)) return -1;
  }
  LLVMSetCurrentDebugLocation2(c->b, NULL);
  return 0;
}

/* Where allocas are printed: a scratch function of a module of its own,
 * made on first use (LLVM cannot print a detached instruction). */
typedef struct probe_fn { LLVMModuleRef m; LLVMBasicBlockRef bb; } probe_fn;

/* Whether alloca `a` says `swifterror` when printed: LLVM-C has no query
 * for the flag. A copy without metadata is printed from the scratch
 * function, which needs no numbering of the coroutine's values or of its
 * module's metadata. */
static int printed_swifterror(crl_coro *c, probe_fn *pf, LLVMValueRef a) {
  if (!pf->m) {
    pf->m = LLVMModuleCreateWithNameInContext("swifterror probe", c->ctx);
    LLVMTypeRef ft = LLVMFunctionType(LLVMVoidTypeInContext(c->ctx), NULL, 0, 0);
    pf->bb = LLVMAppendBasicBlockInContext(c->ctx, LLVMAddFunction(pf->m, "probe", ft), "");
  }
  LLVMValueRef probe = LLVMInstructionClone(a);
  size_t n = 0;
  LLVMValueMetadataEntry *md = LLVMInstructionGetAllMetadataOtherThanDebugLoc(probe, &n);
  for (size_t k = 0; k < n; k++)
    LLVMSetMetadata(probe, LLVMValueMetadataEntriesGetKind(md, (unsigned)k), NULL);
  if (md) LLVMDisposeValueMetadataEntries(md);
  LLVMInstructionSetDebugLoc(probe, NULL);
  LLVMPositionBuilderAtEnd(c->b, pf->bb);
  LLVMInsertIntoBuilderWithName(c->b, probe, "probe");
  char *text = LLVMPrintValueToString(probe);
  int yes = text && strstr(text, "alloca swifterror ") != NULL;
  LLVMDisposeMessage(text);
  LLVMInstructionEraseFromParent(probe);
  return yes;
}

/* A swifterror alloca: one passed as a swifterror argument (the verifier
 * allows no other alloca there), or one only loaded and stored that is
 * marked so (no frame or copy may take its address either). Such allocas
 * hold a pointer. */
static int is_swifterror_alloca(crl_coro *c, probe_fn *pf, LLVMValueRef a) {
  if (LLVMGetTypeKind(LLVMGetAllocatedType(a)) != LLVMPointerTypeKind) return 0;
  for (LLVMUseRef u = LLVMGetFirstUse(a); u; u = LLVMGetNextUse(u))
    if (call_operand(LLVMGetUser(u), a) != UINT32_MAX) return 1;
  return printed_swifterror(c, pf, a);
}

static int eliminate_alloca(crl_coro *c, crl_swifterror *w, LLVMValueRef a, crl_vec *vars) {
  size_t len = 0;
  char *name = crl_name_dup(LLVMGetValueName2(a, &len));
  if (!name) return -1;
  LLVMSetValueName2(a, "", 0);
  LLVMTypeRef t = LLVMGetAllocatedType(a);
  LLVMValueRef var = new_variable(c, t, a, name);
  free(name);
  LLVMSetAlignment(var, LLVMGetAlignment(a));
  if (crl_vec_push(vars, var) != 0 || adopt_uses(c, w, a, var, t, 1) != 0) return -1;
  LLVMInstructionEraseFromParent(a);
  return 0;
}

/* The variables become values where they can (crl_promotable), as LLVM
 * promotes them; one CFG serves them all. */
static int promote_all(crl_coro *c, const crl_vec *vars) {
  crl_fn_cfg f;
  int rc = crl_fn_cfg_build(&f, c->fn);
  for (unsigned k = 0; k < vars->n && rc == 0; k++)
    if (crl_promotable(vars->v[k])) rc = crl_promote_alloca(c, &f, vars->v[k]);
  crl_fn_cfg_free(&f);
  return rc;
}

LLVMValueRef crl_swifterror_param(LLVMValueRef fn) {
  unsigned n = LLVMCountParams(fn);
  for (unsigned k = 0; k < n; k++)
    if (LLVMGetEnumAttributeAtIndex(fn, k + 1, attr_kind())) return LLVMGetParam(fn, k);
  return NULL;
}

/* Slots are plain pointers here (address space 0, as on every target
 * corolower knows); another would need casts the verifier forbids. */
static int check_slot_type(crl_coro *c, LLVMValueRef v, LLVMValueRef at, const char *what) {
  if (LLVMTypeOf(v) == c->ptr_t) return 0;
  CRL_ERR(c, at, "%s is not a pointer in address space 0: not supported", what);
  return -1;
}

int crl_swifterror_eliminate(crl_coro *c, crl_swifterror *w, int resumed_slots,
                             const crl_vec *ends) {
  LLVMValueRef arg = resumed_slots ? crl_swifterror_param(c->fn) : NULL;
  if (arg && LLVMGetFirstUse(arg)) {
    if (check_slot_type(c, arg, c->shape->id, "the coroutine's swifterror argument") != 0) return -1;
    w->arg = arg;
  }
  crl_vec allocas = {0};
  probe_fn pf = {0};
  int rc = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(c->fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (LLVMIsAAllocaInst(i) && is_swifterror_alloca(c, &pf, i)) rc |= crl_vec_push(&allocas, i);
  if (pf.m) LLVMDisposeModule(pf.m);
  for (unsigned k = 0; k < allocas.n && rc == 0; k++)
    rc = check_slot_type(c, allocas.v[k], allocas.v[k], "a swifterror alloca");
  crl_vec vars = {0};
  if (rc == 0 && w->arg) rc = eliminate_arg(c, w, w->arg, &vars, ends);
  for (unsigned k = 0; k < allocas.n && rc == 0; k++)
    rc = eliminate_alloca(c, w, allocas.v[k], &vars);
  if (rc == 0 && vars.n) rc = promote_all(c, &vars);
  crl_vec_free(&vars);
  crl_vec_free(&allocas);
  if (rc && crl_result_ok(c->res)) CRL_ERR(c, c->shape->id, "out of memory");
  return rc;
}
