/* The returned-continuation ABI's rules. Everything the split relies on is
 * checked here, so malformed input gets a diagnostic naming the function
 * and the instruction (LLVM 22 asserts, aborts or writes a broken module
 * on most of it; tests/malformed/LLVM22_RETCON.md has the table). Reads the
 * id's operands into the state on the way. */
#include <stdio.h>

#include "cloner/split_clone.h"
#include "irkit/blocks.h"
#include "retcon_lowering/retcon_internal.h"

/* Casts around a function operand (old typed-pointer input). */
static LLVMValueRef strip_casts(LLVMValueRef v) {
  while (v && ((LLVMIsAConstantExpr(v) &&
                (LLVMGetConstOpcode(v) == LLVMBitCast ||
                 LLVMGetConstOpcode(v) == LLVMAddrSpaceCast)) ||
               LLVMIsABitCastInst(v) || LLVMIsAAddrSpaceCastInst(v)))
    v = LLVMGetOperand(v, 0);
  return v;
}

static int is_ptr(LLVMTypeRef t) { return LLVMGetTypeKind(t) == LLVMPointerTypeKind; }

/* A printable type, for messages (malloc'd by LLVM). */
#define TYPE_STR(t) LLVMPrintTypeToString(t)

/* Size and alignment: constants the frame can be checked against, room
 * for at least the pointer an allocated frame leaves in the buffer. */
static int read_buffer(crl_coro *c, crl_retcon_state *st) {
  LLVMValueRef size = LLVMGetOperand(c->shape->id, 0), align = LLVMGetOperand(c->shape->id, 1);
  if (!LLVMIsAConstantInt(size) || !LLVMIsAConstantInt(align)) {
    CRL_ERR(c, c->shape->id, "the buffer's size and alignment (operands 1 and 2 of %s) "
            "must be constant integers", crl_intrinsic_name(crl_intrinsic_of(c->shape->id)));
    return -1;
  }
  uint64_t ps = LLVMPointerSize(c->td);
  st->buf_size = LLVMConstIntGetZExtValue(size);
  unsigned long long a = LLVMConstIntGetZExtValue(align);
  if (a == 0 || (a & (a - 1)) || a > (1u << 29)) {
    CRL_ERR(c, c->shape->id, "the buffer's alignment (%llu) is not a power of two", a);
    return -1;
  }
  st->buf_align = (uint32_t)a;
  /* A buffer aligned below a pointer still holds one (stored with the
   * buffer's alignment), as LLVM's own tests have it. */
  if (st->buf_size < ps) {
    CRL_ERR(c, c->shape->id,
            "the buffer's size (%llu bytes) is smaller than a pointer (%llu bytes): "
            "an allocated frame keeps its address there",
            (unsigned long long)st->buf_size, (unsigned long long)ps);
    return -1;
  }
  st->buffer = LLVMGetOperand(c->shape->id, 2);
  return 0;
}

/* The result sequence: the coroutine's return type, or its elements; the
 * first is where the continuation goes (a pointer), the rest are yielded. */
static int read_result_sequence(crl_coro *c, crl_retcon_state *st) {
  LLVMTypeRef rt = LLVMGetReturnType(LLVMGlobalGetValueType(c->fn));
  st->ret_t = rt;
  if (LLVMGetTypeKind(rt) == LLVMStructTypeKind && LLVMCountStructElementTypes(rt) > 0) {
    st->cont_t = LLVMStructGetTypeAtIndex(rt, 0);
    st->num_yields = LLVMCountStructElementTypes(rt) - 1;
  } else {
    st->cont_t = rt;
    st->num_yields = 0;
  }
  if (!is_ptr(st->cont_t)) {
    char *t = TYPE_STR(rt);
    CRL_ERR(c, c->shape->id,
            "a returned-continuation coroutine must return a pointer (the "
            "continuation) or a struct whose first element is one; it returns %s", t);
    LLVMDisposeMessage(t);
    return -1;
  }
  return 0;
}

static int read_prototype(crl_coro *c, crl_retcon_state *st) {
  LLVMValueRef p = strip_casts(LLVMGetOperand(c->shape->id, 3));
  if (!p || !LLVMIsAFunction(p)) {
    CRL_ERR(c, c->shape->id, "the continuation prototype (operand 4) must be a function");
    return -1;
  }
  st->proto = p;
  LLVMTypeRef ft = LLVMGlobalGetValueType(p);
  unsigned np = LLVMCountParams(p);
  if (np == 0 || !is_ptr(LLVMTypeOf(LLVMGetParam(p, 0)))) {
    CRL_ERR(c, c->shape->id, "the continuation prototype @%s must take the buffer (a "
            "pointer) as its first parameter", LLVMGetValueName(p));
    return -1;
  }
  st->num_extra = np - 1;
  LLVMTypeRef prt = LLVMGetReturnType(ft);
  /* A yield-once continuation returns void, or what coro.end.results
   * gives (checked at the ends). */
  if (!st->once && prt != st->ret_t) {
    char *a = TYPE_STR(prt), *b = TYPE_STR(st->ret_t);
    CRL_ERR(c, c->shape->id,
            "the continuation prototype @%s returns %s, but the coroutine returns "
            "%s: each continuation returns the next one and the yielded values, "
            "as the coroutine does", LLVMGetValueName(p), a, b);
    LLVMDisposeMessage(a);
    LLVMDisposeMessage(b);
    return -1;
  }
  return 0;
}

/* Typed frame allocation (swiftc's EmitTypeMallocForCoroFrame): a type id
 * after the id's six operands, which the allocation function takes after
 * the size (swift_coroFrameAlloc(size, type id)), as Swift's own LLVM
 * calls it for the frame and for coro.alloca storage alike. */
static int read_type_id(crl_coro *c, crl_retcon_state *st) {
  int bad = 0;
  st->type_id = crl_id_type_id(c->shape->id, &bad);
  if (!bad) return 0;
  CRL_ERR(c, c->shape->id, "what follows the deallocation function (operand 6) must be "
          "one integer constant: the type id of typed frame allocation (swiftc's "
          "EmitTypeMallocForCoroFrame), which the allocation function takes "
          "after the size");
  return -1;
}

/* The allocation function: (integer size) -> ptr, or with a type id
 * (integer size, the type id's type) -> ptr. */
static int alloc_fn_ok(const crl_retcon_state *st, LLVMTypeRef at) {
  unsigned want = st->type_id ? 2 : 1;
  if (!at || LLVMCountParamTypes(at) != want || LLVMIsFunctionVarArg(at) ||
      !is_ptr(LLVMGetReturnType(at)))
    return 0;
  LLVMTypeRef p[2];
  LLVMGetParamTypes(at, p);
  return LLVMGetTypeKind(p[0]) == LLVMIntegerTypeKind &&
         (!st->type_id || p[1] == LLVMTypeOf(st->type_id));
}

static int read_alloc_fns(crl_coro *c, crl_retcon_state *st) {
  LLVMValueRef a = strip_casts(LLVMGetOperand(c->shape->id, 4));
  LLVMValueRef d = strip_casts(LLVMGetOperand(c->shape->id, 5));
  LLVMTypeRef at = a && LLVMIsAFunction(a) ? LLVMGlobalGetValueType(a) : NULL;
  LLVMTypeRef dt = d && LLVMIsAFunction(d) ? LLVMGlobalGetValueType(d) : NULL;
  LLVMTypeRef p;
  if (read_type_id(c, st) != 0) return -1;
  if (!alloc_fn_ok(st, at) && st->type_id) {
    char *ts = TYPE_STR(LLVMTypeOf(st->type_id));
    CRL_ERR(c, c->shape->id, "the allocation function (operand 5) must be a function "
            "taking an integer (the size) and %s (the type id that follows the "
            "deallocation function: typed frame allocation, swiftc's "
            "EmitTypeMallocForCoroFrame) and returning a pointer", ts);
    LLVMDisposeMessage(ts);
    return -1;
  }
  if (!alloc_fn_ok(st, at)) {
    int two = at && LLVMCountParamTypes(at) == 2;
    CRL_ERR(c, c->shape->id, "the allocation function (operand 5) must be a function "
            "taking one integer (the size) and returning a pointer%s",
            two ? " (one taking the size and a type id, as swift_coroFrameAlloc "
                  "does, needs the type id of typed frame allocation after the "
                  "deallocation function: swiftc's EmitTypeMallocForCoroFrame)"
                : "");
    return -1;
  }
  if (!dt || LLVMCountParamTypes(dt) != 1 || LLVMIsFunctionVarArg(dt) ||
      LLVMGetTypeKind(LLVMGetReturnType(dt)) != LLVMVoidTypeKind ||
      (LLVMGetParamTypes(dt, &p), !is_ptr(p))) {
    CRL_ERR(c, c->shape->id, "the deallocation function (operand 6) must be a function "
            "taking one pointer and returning void");
    return -1;
  }
  st->alloc_fn = a;
  st->dealloc_fn = d;
  return 0;
}

/* What llvm.coro.suspend.retcon returns: the continuation's parameters
 * after the buffer (one: itself; several: a struct of them; none: void). */
static int result_type_ok(const crl_retcon_state *st, LLVMTypeRef t) {
  if (st->num_extra == 0) return LLVMGetTypeKind(t) == LLVMVoidTypeKind;
  if (st->num_extra == 1 && t == LLVMTypeOf(LLVMGetParam(st->proto, 1))) return 1;
  if (LLVMGetTypeKind(t) != LLVMStructTypeKind ||
      LLVMCountStructElementTypes(t) != st->num_extra)
    return 0;
  for (unsigned k = 0; k < st->num_extra; k++)
    if (LLVMStructGetTypeAtIndex(t, k) != LLVMTypeOf(LLVMGetParam(st->proto, k + 1)))
      return 0;
  return 1;
}

static int check_suspend(const crl_coro *c, const crl_retcon_state *st, LLVMValueRef call) {
  if (crl_intrinsic_of(call) != CRL_I_SUSPEND_RETCON) {
    CRL_ERR(c, call, "a returned-continuation coroutine (%s) may only suspend "
            "with llvm.coro.suspend.retcon", crl_intrinsic_name(crl_intrinsic_of(c->shape->id)));
    return -1;
  }
  unsigned n = LLVMGetNumArgOperands(call);
  if (n != st->num_yields) {
    CRL_ERR(c, call, "the suspend yields %u value%s, but the coroutine's result "
            "sequence has %u after the continuation", n, n == 1 ? "" : "s",
            st->num_yields);
    return -1;
  }
  for (unsigned k = 0; k < n; k++) {
    LLVMTypeRef have = LLVMTypeOf(LLVMGetOperand(call, k));
    LLVMTypeRef want = LLVMStructGetTypeAtIndex(st->ret_t, k + 1);
    if (have == want) continue;
    char *a = TYPE_STR(have), *b = TYPE_STR(want);
    CRL_ERR(c, call, "yielded value %u is %s, but the coroutine's result "
            "sequence has %s there", k + 1, a, b);
    LLVMDisposeMessage(a);
    LLVMDisposeMessage(b);
    return -1;
  }
  /* An unused result may have any type (LLVM does not look at it). */
  if (LLVMGetFirstUse(call) && !result_type_ok(st, LLVMTypeOf(call))) {
    char *a = TYPE_STR(LLVMTypeOf(call));
    CRL_ERR(c, call, "the suspend's result is %s, but the continuation prototype "
            "@%s passes %u value%s after the buffer (the suspend returns void, "
            "that value, or a struct of them)", a, LLVMGetValueName(st->proto),
            st->num_extra, st->num_extra == 1 ? "" : "s");
    LLVMDisposeMessage(a);
    return -1;
  }
  return 0;
}

int crl_retcon_swifterror_elem(const crl_retcon_state *st, unsigned k) {
  unsigned kind = LLVMGetEnumAttributeKindForName("swifterror", 10);
  return LLVMGetEnumAttributeAtIndex(st->proto, k + 2, kind) != NULL;
}

/* A use the verifier allows of a swifterror value: loading through it,
 * storing through it (never storing it). */
static int swifterror_use_ok(LLVMValueRef v, LLVMValueRef user) {
  if (LLVMIsALoadInst(user)) return 1;
  return LLVMIsAStoreInst(user) && LLVMGetOperand(user, 0) != v;
}

static int check_swifterror_value(const crl_coro *c, LLVMValueRef v) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (swifterror_use_ok(v, user)) continue;
    CRL_ERR(c, user, "a value the continuation receives in a swifterror "
            "parameter may only be loaded from or stored through (the "
            "verifier allows nothing else of a swifterror value once it is "
            "that parameter)");
    return -1;
  }
  return 0;
}

/* The suspend's result elements that become swifterror parameters of the
 * continuation: no aggregate may hold them, and they are valid until the
 * next suspend only (normalization tells the planner never to keep them:
 * crl_retcon_swifterror_elem). */
static int check_swifterror(const crl_coro *c, const crl_retcon_state *st, LLVMValueRef call) {
  for (unsigned k = 0; k < st->num_extra; k++) {
    if (!crl_retcon_swifterror_elem(st, k)) continue;
    if (LLVMGetTypeKind(LLVMTypeOf(call)) != LLVMStructTypeKind)
      return check_swifterror_value(c, call);
    if (st->num_extra == 1 && LLVMGetFirstUse(call)) {
      CRL_ERR(c, call, "the continuation's one value after the buffer is "
              "swifterror: the suspend must return it as it is, not in a struct");
      return -1;
    }
    for (LLVMUseRef u = LLVMGetFirstUse(call); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      if (!LLVMIsAExtractValueInst(user) || LLVMGetNumIndices(user) != 1) {
        CRL_ERR(c, user, "the suspend's result holds a swifterror value (element "
                "%u), so it may only be taken apart with extractvalue", k);
        return -1;
      }
      if (LLVMGetIndices(user)[0] == k && check_swifterror_value(c, user) != 0) return -1;
    }
  }
  return 0;
}

/* What a yield-once continuation returns where the coroutine ends: the
 * prototype's return type, from the values of llvm.coro.end.results. */
static int check_results(const crl_coro *c, const crl_retcon_state *st, LLVMValueRef end) {
  LLVMValueRef tok = LLVMGetNumArgOperands(end) > 2 ? LLVMGetOperand(end, 2) : NULL;
  int has = tok && crl_intrinsic_of(tok) == CRL_I_END_RESULTS;
  if (tok && !has && !LLVMIsAConstantTokenNone(tok)) {
    CRL_ERR(c, end, "the third operand of llvm.coro.end must be none or "
            "llvm.coro.end.results");
    return -1;
  }
  if (!has) {
    LLVMTypeRef prt = LLVMGetReturnType(LLVMGlobalGetValueType(st->proto));
    if (!st->once || LLVMGetTypeKind(prt) == LLVMVoidTypeKind ||
        !crl_is_fallthrough_end(end))
      return 0;
    char *t = TYPE_STR(prt);
    CRL_ERR(c, end, "the continuation returns %s (its prototype's type), but "
            "this llvm.coro.end gives no llvm.coro.end.results", t);
    LLVMDisposeMessage(t);
    return -1;
  }
  if (!st->once) {
    CRL_ERR(c, tok, "llvm.coro.end.results is for yield-once coroutines "
            "(llvm.coro.id.retcon.once): a finished multi-suspend coroutine "
            "returns a null continuation");
    return -1;
  }
  if (!crl_is_fallthrough_end(end)) {
    CRL_ERR(c, end, "an unwind llvm.coro.end cannot give results "
                    "(llvm.coro.end.results): it falls through to the unwinding");
    return -1;
  }
  LLVMTypeRef prt = LLVMGetReturnType(LLVMGlobalGetValueType(st->proto));
  unsigned n = LLVMGetNumArgOperands(tok);
  int ok;
  if (LLVMGetTypeKind(prt) == LLVMVoidTypeKind) ok = n == 0;
  else if (n == 1 && LLVMTypeOf(LLVMGetOperand(tok, 0)) == prt) ok = 1;
  else if (LLVMGetTypeKind(prt) == LLVMStructTypeKind &&
           LLVMCountStructElementTypes(prt) == n) {
    ok = 1;
    for (unsigned k = 0; k < n; k++)
      ok &= LLVMTypeOf(LLVMGetOperand(tok, k)) == LLVMStructGetTypeAtIndex(prt, k);
  } else ok = 0;
  if (!ok) {
    char *t = TYPE_STR(prt);
    CRL_ERR(c, tok, "the results (%u value%s) do not match the continuation "
            "prototype @%s's return type %s", n, n == 1 ? "" : "s",
            LLVMGetValueName(st->proto), t);
    LLVMDisposeMessage(t);
    return -1;
  }
  return 0;
}

/* Intrinsics of other ABIs, and the ends. */
static int check_intrinsics(const crl_coro *c, const crl_retcon_state *st) {
  if (c->shape->allocs.n || c->shape->frees.n) {
    LLVMValueRef i = c->shape->allocs.n ? c->shape->allocs.v[0] : c->shape->frees.v[0];
    CRL_ERR(c, i, "%s is not supported in a returned-continuation coroutine: "
            "the lowering allocates the frame when it does not fit the buffer, "
            "and frees it where the coroutine ends", crl_intrinsic_name(crl_intrinsic_of(i)));
    return -1;
  }
  for (unsigned k = 0; k < c->shape->ends.n; k++) {
    LLVMValueRef e = c->shape->ends.v[k];
    if (crl_intrinsic_of(e) != CRL_I_END) {
      CRL_ERR(c, e, "%s in a returned-continuation coroutine",
              crl_intrinsic_name(crl_intrinsic_of(e)));
      return -1;
    }
    if (!LLVMIsAConstantInt(LLVMGetOperand(e, 1))) {
      CRL_ERR(c, e, "the unwind operand of llvm.coro.end must be a constant");
      return -1;
    }
    if (check_results(c, st, e) != 0) return -1;
  }
  return 0;
}

/* A yield-once coroutine suspends once: no path may run from one suspend
 * to another (itself included, round a loop). One walk from every point
 * after a suspend; a non-unwind coro.end stops it. */
static int check_once_paths(const crl_coro *c) {
  crl_valmap seen;
  crl_valmap_init(&seen, 16);
  crl_bvec work = {0};
  int rc = 0, oom = 0;
  LLVMValueRef bad = NULL;
  for (uint32_t s = 0; s < c->num_susp && !bad; s++) {
    LLVMValueRef i = LLVMGetNextInstruction(c->susp[s].call);
    for (; i && !bad; i = LLVMGetNextInstruction(i)) {
      if (crl_is_fallthrough_end(i)) break;
      if (crl_intrinsic_of(i) == CRL_I_SUSPEND_RETCON) bad = i;
    }
    if (!i) oom |= crl_bvec_push(&work, LLVMGetInstructionParent(c->susp[s].call));
  }
  while (work.n && !bad) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(work.v[--work.n]);
    unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
    for (unsigned k = 0; k < ns && !bad; k++) {
      LLVMBasicBlockRef to = LLVMGetSuccessor(t, k);
      if (crl_valmap_has(&seen, to)) continue;
      crl_valmap_put(&seen, to, to);
      LLVMValueRef i = LLVMGetFirstInstruction(to);
      for (; i && !bad; i = LLVMGetNextInstruction(i)) {
        if (crl_is_fallthrough_end(i)) break;
        if (crl_intrinsic_of(i) == CRL_I_SUSPEND_RETCON) bad = i;
      }
      if (!i) oom |= crl_bvec_push(&work, to);
    }
  }
  if (bad) {
    CRL_ERR(c, bad, "a yield-once coroutine (llvm.coro.id.retcon.once) can reach "
                    "this suspend after another one: it must suspend exactly once");
    rc = -1;
  } else if (oom) {
    CRL_ERR(c, c->shape->id, "out of memory");
    rc = -1;
  }
  crl_bvec_free(&work);
  crl_valmap_free(&seen);
  return rc;
}

/* The coroutine leaves only by suspending or through llvm.coro.end: a
 * plain return would skip freeing an allocated frame (and would not be the
 * continuations' return). Code after a non-unwind coro.end never runs. */
static int check_returns(const crl_coro *c) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(c->fn); bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    if (!t || !LLVMIsAReturnInst(t) || crl_block_ends_clone(bb)) continue;
    CRL_ERR(c, t, "a returned-continuation coroutine returns only by suspending "
                  "or through a non-unwind llvm.coro.end, not with ret");
    return -1;
  }
  return 0;
}

/* Yield-once: reaching the non-unwind coro.end without having suspended is
 * undefined behaviour, and the ramp has no continuation to return there.
 * One walk from coro.begin that stops at suspends. */
static int check_once_suspends_first(const crl_coro *c) {
  crl_valmap seen;
  crl_valmap_init(&seen, 16);
  crl_bvec work = {0};
  LLVMValueRef bad = NULL;
  int oom = 0;
  LLVMBasicBlockRef first = LLVMGetInstructionParent(c->shape->begin);
  LLVMValueRef i = LLVMGetNextInstruction(c->shape->begin);
  for (;;) {
    for (; i && !bad; i = LLVMGetNextInstruction(i)) {
      if (crl_intrinsic_of(i) == CRL_I_SUSPEND_RETCON) break;
      if (crl_is_fallthrough_end(i)) bad = i;
    }
    if (!i && !bad) {
      LLVMValueRef t = LLVMGetBasicBlockTerminator(first);
      unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
      for (unsigned k = 0; k < ns; k++) {
        LLVMBasicBlockRef to = LLVMGetSuccessor(t, k);
        if (crl_valmap_has(&seen, to)) continue;
        oom |= crl_valmap_put(&seen, to, to) | crl_bvec_push(&work, to);
      }
    }
    if (bad || !work.n) break;
    first = work.v[--work.n];
    i = LLVMGetFirstInstruction(first);
  }
  crl_bvec_free(&work);
  crl_valmap_free(&seen);
  if (bad) {
    CRL_ERR(c, bad, "a yield-once coroutine (llvm.coro.id.retcon.once) can reach "
                    "this llvm.coro.end without suspending: it must suspend once first");
    return -1;
  }
  if (oom) CRL_ERR(c, c->shape->id, "out of memory");
  return oom ? -1 : 0;
}

/* The continuations' swifterror parameter, if the prototype has one: the
 * slot their caller passes (swifterror/), a plain pointer as there. */
static int read_swifterror_param(crl_coro *c, crl_retcon_state *st) {
  for (unsigned k = 0; k < st->num_extra && !st->swe_param; k++)
    if (crl_retcon_swifterror_elem(st, k)) st->swe_param = k + 1;
  if (!st->swe_param || LLVMTypeOf(LLVMGetParam(st->proto, st->swe_param)) == c->ptr_t)
    return 0;
  CRL_ERR(c, c->shape->id, "the continuation prototype's swifterror parameter is not a pointer "
                    "in address space 0: not supported");
  return -1;
}

int crl_retcon_read(crl_coro *c, crl_retcon_state *st) {
  return read_buffer(c, st) || read_result_sequence(c, st) || read_prototype(c, st) ||
                 read_alloc_fns(c, st) || read_swifterror_param(c, st)
             ? -1
             : 0;
}

int crl_retcon_validate(const crl_coro *c) {
  const crl_retcon_state *st = crl_retcon_view(c);
  for (uint32_t s = 0; s < c->num_susp; s++)
    if (check_suspend(c, st, c->susp[s].call) != 0 ||
        check_swifterror(c, st, c->susp[s].call) != 0)
      return -1;
  if (check_intrinsics(c, st) != 0 || check_returns(c) != 0) return -1;
  if (!st->once) return 0;
  return check_once_suspends_first(c) || check_once_paths(c) ? -1 : 0;
}
