/* Tail calls: every part of an async coroutine ends in a musttail call of
 * the function its suspend or coro.end.async names, then `ret void`. Only
 * a real tail call keeps a chain of awaits from growing the stack, so
 * where the target's rules (targets/) do not allow one, that is an error,
 * never a plain call. */
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "async_lowering/async_internal.h"
#include "cloner/split_clone.h"
#include "irkit/blocks.h"
#include "irkit/oom.h"
#include "targets/targets.h"

/* The bit or pointer cast LLVM's CoroSplit inserts for an argument whose
 * type differs from the parameter's (validate checked it exists). */
static LLVMValueRef coerce(LLVMBuilderRef b, LLVMValueRef v, LLVMTypeRef to) {
  LLVMTypeRef from = LLVMTypeOf(v);
  if (from == to) return v;
  if (LLVMGetTypeKind(from) == LLVMPointerTypeKind) return LLVMBuildPtrToInt(b, v, to, "");
  if (LLVMGetTypeKind(to) == LLVMPointerTypeKind) return LLVMBuildIntToPtr(b, v, to, "");
  return LLVMBuildBitCast(b, v, to, "");
}

/* The callee's parameter attributes on the call too: musttail compares the
 * call's ABI attributes (swiftself, ...) with the caller's. */
static void copy_param_attrs(LLVMValueRef fn, LLVMValueRef call, unsigned np) {
  for (unsigned k = 0; k < np; k++) {
    unsigned n = LLVMGetAttributeCountAtIndex(fn, k + 1);
    if (!n) continue;
    LLVMAttributeRef *a = crl_malloc(n * sizeof *a);
    if (!a) {
      crl_oom_note();
      return;
    }
    LLVMGetAttributesAtIndex(fn, k + 1, a);
    for (unsigned j = 0; j < n; j++) LLVMAddCallSiteAttribute(call, k + 1, a[j]);
    free(a);
  }
}

LLVMValueRef crl_async_build_call(crl_coro *c, LLVMBuilderRef b, LLVMValueRef fn,
                                  LLVMValueRef from, unsigned first_arg,
                                  LLVMValueRef loc_of) {
  LLVMTypeRef ft = LLVMGlobalGetValueType(fn);
  unsigned np = LLVMCountParamTypes(ft);
  LLVMTypeRef *pt = crl_malloc((np + 1) * sizeof *pt);
  LLVMValueRef *args = crl_malloc((np + 1) * sizeof *args);
  if (!pt || !args) {
    free(pt);
    free(args);
    CRL_ERR(c, from, "out of memory");
    return NULL;
  }
  LLVMGetParamTypes(ft, pt);
  for (unsigned k = 0; k < np; k++)
    args[k] = coerce(b, LLVMGetOperand(from, first_arg + k), pt[k]);
  LLVMValueRef call = LLVMBuildCall2(b, ft, fn, args, np, "");
  free(pt);
  free(args);
  LLVMSetInstructionCallConv(call, LLVMGetFunctionCallConv(fn));
  copy_param_attrs(fn, call, np);
  LLVMInstructionSetDebugLoc(call, LLVMInstructionGetDebugLoc(loc_of));
  return call;
}

/* Parameter attributes that change how an argument is passed: musttail
 * between conventions that need matching signatures needs them equal. */
static int same_abi_attrs(LLVMValueRef fn, LLVMValueRef call, unsigned np) {
  static const char *const kinds[] = {"sret", "byval", "inalloca", "inreg",
                                      "swiftself", "swiftasync", "swifterror",
                                      "preallocated", "byref", "alignstack"};
  for (unsigned k = 0; k < np; k++)
    for (size_t j = 0; j < sizeof kinds / sizeof *kinds; j++) {
      unsigned kind = LLVMGetEnumAttributeKindForName(kinds[j], strlen(kinds[j]));
      int in_fn = LLVMGetEnumAttributeAtIndex(fn, k + 1, kind) != NULL;
      int in_call = LLVMGetCallSiteEnumAttribute(call, k + 1, kind) != NULL;
      if (in_fn != in_call) return 0;
    }
  return 1;
}

static int same_signature(LLVMValueRef fragment, LLVMValueRef call) {
  LLVMTypeRef ft = LLVMGlobalGetValueType(fragment);
  return ft == LLVMGetCalledFunctionType(call) &&
         same_abi_attrs(fragment, call, LLVMCountParamTypes(ft));
}

void crl_async_ret_after(crl_coro *c, LLVMValueRef inst) {
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(inst);
  LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
  unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
  for (unsigned k = 0; k < ns; k++) crl_remove_phi_entries(LLVMGetSuccessor(t, k), bb);
  for (LLVMValueRef i = LLVMGetNextInstruction(inst); i;) {
    LLVMValueRef nx = LLVMGetNextInstruction(i);
    if (LLVMGetTypeKind(LLVMTypeOf(i)) != LLVMVoidTypeKind)
      LLVMReplaceAllUsesWith(i, LLVMGetPoison(LLVMTypeOf(i)));
    LLVMInstructionEraseFromParent(i);
    i = nx;
  }
  LLVMPositionBuilderAtEnd(c->b, bb);
  LLVMBuildRetVoid(c->b);
}

/* call sits in fragment (or in code about to be moved there). */
static int tail_ok(crl_coro *c, LLVMValueRef fragment, LLVMValueRef call,
                   const char **why) {
  return crl_target_can_musttail(c->target, call, same_signature(fragment, call), why);
}

int crl_async_check_tail(crl_coro *c, LLVMValueRef fragment, LLVMValueRef call,
                         LLVMValueRef blame) {
  const char *why = NULL;
  if (tail_ok(c, fragment, call, &why)) return 0;
  size_t fl = 0, tl = 0;
  const char *fname = LLVMGetValueName2(fragment, &fl);
  const char *tname = LLVMGetValueName2(LLVMGetCalledValue(call), &tl);
  CRL_ERR(c, blame,
          "@%.*s cannot tail-call @%.*s with a guaranteed tail call on %s: %s (calling "
          "conventions %u and %u; musttail needs one on both sides, and the same "
          "signature unless it is swifttailcc or tailcc); async functions need "
          "guaranteed tail calls, and a function that is not defined here cannot be "
          "inlined instead",
          (int)fl, fname, tl ? (int)tl : 9, tl ? tname : "(pointer)", c->target->name,
          why ? why : "not allowed", LLVMGetFunctionCallConv(fragment),
          LLVMGetInstructionCallConv(call));
  return -1;
}

int crl_async_make_tail(crl_coro *c, LLVMValueRef fragment, LLVMValueRef call,
                        LLVMValueRef blame) {
  LLVMValueRef next = LLVMGetNextInstruction(call);
  if (!next || !LLVMIsAReturnInst(next)) crl_async_ret_after(c, call);
  if (tail_ok(c, fragment, call, NULL)) {
    LLVMSetTailCallKind(call, LLVMTailCallKindMustTail);
    return 0;
  }
  /* No tail call to it can be guaranteed here: its body instead. */
  LLVMSetTailCallKind(call, LLVMTailCallKindNone);
  int rc = crl_async_inline_tail(c, fragment, call, blame);
  return rc > 0 ? crl_async_check_tail(c, fragment, call, blame) : rc;
}

/* A non-unwind end: the coroutine is over; coro.end.async with a function
 * tail-calls it with the end's remaining arguments. */
static int lower_end(crl_coro *c, LLVMValueRef fn, LLVMValueRef end) {
  if (crl_intrinsic_of(end) == CRL_I_END_ASYNC && LLVMGetNumArgOperands(end) > 2) {
    LLVMValueRef target = crl_async_strip_casts(LLVMGetOperand(end, 2));
    LLVMPositionBuilderBefore(c->b, end);
    LLVMValueRef call = crl_async_build_call(c, c->b, target, end, 3, end);
    if (!call) return -1;
    return crl_async_make_tail(c, fn, call, end);
  }
  crl_end_to_return(c, end, NULL);
  return 0;
}

int crl_async_lower_in_fn(crl_coro *c, LLVMValueRef fn, int in_ramp,
                          const crl_async_tail *tails, unsigned num_tails) {
  crl_async_state *st = crl_async_of(c);
  for (unsigned k = 0; k < num_tails; k++)
    if (crl_async_make_tail(c, fn, tails[k].call, st->susp[tails[k].susp].tail) != 0)
      return -1;
  crl_vec todo = {0};
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (crl_intrinsic_of(i) != CRL_I_NONE && crl_vec_push(&todo, i) != 0) {
        crl_vec_free(&todo);
        CRL_ERR(c, c->shape->id, "out of memory");
        return -1;
      }
  /* Last first: lowering an end erases what follows it in its block, which
   * may hold intrinsics still to come in this list. */
  int rc = 0;
  for (unsigned n = todo.n; n-- > 0 && rc == 0;) {
    LLVMValueRef i = todo.v[n];
    crl_intr k = crl_intrinsic_of(i);
    if (k == CRL_I_END || k == CRL_I_END_ASYNC) {
      /* Unwinding out of an async function leaves its context as it is. */
      if (crl_is_fallthrough_end(i)) rc = lower_end(c, fn, i);
      else LLVMInstructionEraseFromParent(i);
      continue;
    }
    LLVMValueRef repl = crl_neutral_intrinsic_value(c, i, in_ramp);
    if (!repl) continue;
    LLVMReplaceAllUsesWith(i, repl);
    LLVMInstructionEraseFromParent(i);
  }
  crl_vec_free(&todo);
  return rc;
}
