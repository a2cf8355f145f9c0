/* The async ABI's rules: what llvm.coro.id.async, llvm.coro.suspend.async
 * and llvm.coro.end.async must look like for the split to mean anything.
 * Each broken rule is a diagnostic naming the function and instruction
 * (LLVM 22 aborts, crashes or writes a broken module on most of them:
 * tests/malformed/inputs/async_*.ll say which). What is read on the way
 * (sizes, indices, functions) goes into the lowering's state. */
#include <stdlib.h>
#include <string.h>

#include "async_lowering/async_internal.h"
#include "irkit/oom.h"
#include "targets/targets.h"

static int is_ptr(LLVMTypeRef t) { return LLVMGetTypeKind(t) == LLVMPointerTypeKind; }

/* The argument a call or invoke returns: one its call site or its callee
 * marks `returned`. */
static LLVMValueRef returned_arg(LLVMValueRef call) {
  unsigned kind = LLVMGetEnumAttributeKindForName("returned", 8);
  LLVMValueRef callee = LLVMGetCalledValue(call);
  int known = callee && LLVMIsAFunction(callee);
  unsigned n = LLVMGetNumArgOperands(call);
  for (unsigned k = 0; k < n; k++)
    if (LLVMGetCallSiteEnumAttribute(call, k + 1, kind) ||
        (known && LLVMGetEnumAttributeAtIndex(callee, k + 1, kind)))
      return LLVMGetOperand(call, k);
  return NULL;
}

static int zero_indices(LLVMValueRef gep) {
  unsigned n = LLVMGetNumOperands(gep);
  for (unsigned k = 1; k < n; k++) {
    LLVMValueRef i = LLVMGetOperand(gep, k);
    if (!LLVMIsAConstantInt(i) || !LLVMIsNull(i)) return 0;
  }
  return 1;
}

/* The pointer `v` is a view of, one step down; NULL when it is none. */
static LLVMValueRef strip_one(LLVMValueRef v) {
  LLVMOpcode op;
  if (LLVMIsAConstantExpr(v)) op = LLVMGetConstOpcode(v);
  else if (LLVMIsAInstruction(v)) op = LLVMGetInstructionOpcode(v);
  else return NULL;
  if (op == LLVMBitCast || op == LLVMAddrSpaceCast)
    return is_ptr(LLVMTypeOf(LLVMGetOperand(v, 0))) ? LLVMGetOperand(v, 0) : NULL;
  if (op == LLVMGetElementPtr) return zero_indices(v) ? LLVMGetOperand(v, 0) : NULL;
  if (op == LLVMCall || op == LLVMInvoke) return returned_arg(v);
  return NULL;
}

/* LLVM's passes read the functions and globals these intrinsics name
 * through every such view, constant or instruction (old typed-pointer IR
 * is full of casts); so does the lowering. Bounded: unreachable code may
 * hold a cycle of casts. */
LLVMValueRef crl_async_strip_casts(LLVMValueRef v) {
  for (unsigned steps = 0; v && steps < 64 && is_ptr(LLVMTypeOf(v)); steps++) {
    LLVMValueRef down = strip_one(v);
    if (!down) break;
    v = down;
  }
  return v;
}

/* How the IR writes a global's name: @name, or @N for an unnamed one
 * (numbered as LLVM's printer numbers it). */
char *crl_async_global_ref(LLVMValueRef g) {
  char *text = LLVMPrintValueToString(g);
  const char *eq = text ? strstr(text, " = ") : NULL;
  size_t len = eq ? (size_t)(eq - text) : 0;
  char *ref = crl_malloc(len + 1);
  if (ref) {
    memcpy(ref, text, len);
    ref[len] = 0;
  }
  LLVMDisposeMessage(text);
  return ref;
}

static int const_u64(LLVMValueRef v, uint64_t *out) {
  if (!LLVMIsAConstantInt(v)) return 0;
  *out = LLVMConstIntGetZExtValue(v);
  return 1;
}

/* A pointer, or an integer as wide (LLVM casts either to the context). */
static int ptr_like(const crl_coro *c, LLVMTypeRef t) {
  return is_ptr(t) || (LLVMGetTypeKind(t) == LLVMIntegerTypeKind &&
                       LLVMGetIntTypeWidth(t) == 8 * LLVMPointerSize(c->td));
}

/* Two i32 fields, the second 4 bytes in (where callers and
 * llvm.coro.async.context.alloc read the size): swiftc's packed
 * <{ i32, i32 }>, or the unpacked { i32, i32 } other front ends write
 * (LLVM writes field 1 of any struct; a layout that moves it elsewhere
 * would leave callers reading something else). */
int crl_async_is_afp_type(LLVMTargetDataRef td, LLVMTypeRef t) {
  if (LLVMGetTypeKind(t) != LLVMStructTypeKind || LLVMIsOpaqueStruct(t) ||
      LLVMCountStructElementTypes(t) != 2)
    return 0;
  for (unsigned k = 0; k < 2; k++) {
    LLVMTypeRef f = LLVMStructGetTypeAtIndex(t, k);
    if (LLVMGetTypeKind(f) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(f) != 32) return 0;
  }
  return LLVMOffsetOfElement(td, t, 1) == 4;
}

/* The initializer a global of that type can have its size written into. */
int crl_async_is_afp_init(LLVMValueRef init) {
  return init && (LLVMIsAConstantStruct(init) || LLVMIsAConstantAggregateZero(init));
}

/* The same struct type with field 1 replaced by `size`, field 0 kept. */
LLVMValueRef crl_async_afp_with_size(LLVMValueRef g, LLVMValueRef size) {
  LLVMValueRef init = LLVMGetInitializer(g);
  LLVMTypeRef t = LLVMGlobalGetValueType(g);
  LLVMValueRef rel = LLVMIsAConstantStruct(init) ? LLVMGetOperand(init, 0)
                                                 : LLVMConstNull(LLVMStructGetTypeAtIndex(t, 0));
  LLVMValueRef fields[2] = {rel, size};
  if (LLVMGetStructName(t)) return LLVMConstNamedStruct(t, fields, 2);
  return LLVMConstStructInContext(LLVMGetTypeContext(t), fields, 2, LLVMIsPackedStruct(t));
}

/* Constant or not: swiftc emits every async function pointer as a mutable
 * global (often in a read-only section), and LLVM writes the final size
 * into its initializer either way. Named or not, too. */
static int read_afp(crl_coro *c, crl_async_state *st) {
  LLVMValueRef g = crl_async_strip_casts(LLVMGetOperand(c->shape->id, 3));
  if (!g || !LLVMIsAGlobalVariable(g)) {
    CRL_ERR(c, c->shape->id, "the async function pointer (operand 4 of llvm.coro.id.async) "
                      "must be a global variable");
    return -1;
  }
  LLVMValueRef init = LLVMGetInitializer(g);
  if (!crl_async_is_afp_type(c->td, LLVMGlobalGetValueType(g)) ||
      !crl_async_is_afp_init(init)) {
    CRL_ERR(c, c->shape->id, "the async function pointer must be a global defined as a "
                      "struct of two i32, <{ i32, i32 }> or { i32, i32 } (relative "
                      "function pointer, context size at offset 4), so that its "
                      "context size can be set");
    return -1;
  }
  st->afp = g;
  return 0;
}

static int read_id(crl_coro *c, crl_async_state *st) {
  uint64_t size, align, arg;
  if (!const_u64(LLVMGetOperand(c->shape->id, 0), &size)) {
    CRL_ERR(c, c->shape->id, "the initial context size (operand 1 of llvm.coro.id.async) "
                      "must be a constant");
    return -1;
  }
  /* 0 claims no alignment: LLVM reads it as 1 (ConstantInt's alignment
   * value), so spills are stored unaligned and aligned allocas realigned
   * at run time. Anything else that is no power of two has no meaning
   * (LLVM would assert, or silently round it down without assertions). */
  if (!const_u64(LLVMGetOperand(c->shape->id, 1), &align) ||
      (align & (align - 1)) || align > (1u << 29)) {
    CRL_ERR(c, c->shape->id, "the context alignment (operand 2 of llvm.coro.id.async) must "
                      "be a constant power of two, or 0 for none");
    return -1;
  }
  if (align == 0) align = 1;
  unsigned np = LLVMCountParams(c->fn);
  if (!const_u64(LLVMGetOperand(c->shape->id, 2), &arg) || arg >= np ||
      !ptr_like(c, LLVMTypeOf(LLVMGetParam(c->fn, (unsigned)arg)))) {
    CRL_ERR(c, c->shape->id, "the context parameter index (operand 3 of llvm.coro.id.async) "
                      "must be a constant naming a pointer (or pointer-sized integer) "
                      "parameter of the function (it has %u parameters)", np);
    return -1;
  }
  if (LLVMGetTypeKind(LLVMGetReturnType(LLVMGlobalGetValueType(c->fn))) !=
      LLVMVoidTypeKind) {
    CRL_ERR(c, c->shape->id, "an async coroutine must return void: its parts end in a "
                      "musttail call and `ret void`");
    return -1;
  }
  st->header_size = size;
  st->ctx_align = (uint32_t)align;
  st->ctx_arg = (unsigned)arg;
  return read_afp(c, st);
}

/* Can a value of type `from` be passed where `to` is expected? The same
 * type, or a pointer for a pointer-sized integer or back (LLVM's CoroSplit
 * casts anything castable; a double passed as an i64 or an i32 as a
 * pointer is a front-end bug it hides). */
static int coercible(const crl_coro *c, LLVMTypeRef from, LLVMTypeRef to) {
  if (from == to) return 1;
  return (is_ptr(from) && ptr_like(c, to)) || (is_ptr(to) && ptr_like(c, from));
}

/* The function a suspend or end tail-calls, with its arguments from
 * operand `first` of `call` on: a void, non-variadic function taking them
 * (`exact`: no more arguments than parameters). Returns it, or NULL after
 * a diagnostic. */
static LLVMValueRef check_tail_fn(const crl_coro *c, LLVMValueRef call, unsigned fn_op,
                                  int exact, const char *what) {
  LLVMValueRef fn = crl_async_strip_casts(LLVMGetOperand(call, fn_op));
  if (!fn || !LLVMIsAFunction(fn)) {
    CRL_ERR(c, call, "the function %s tail-calls (operand %u) must be a function",
            what, fn_op + 1);
    return NULL;
  }
  LLVMTypeRef ft = LLVMGlobalGetValueType(fn);
  if (LLVMGetTypeKind(LLVMGetReturnType(ft)) != LLVMVoidTypeKind || LLVMIsFunctionVarArg(ft)) {
    CRL_ERR(c, call, "the function %s tail-calls must return void and take a fixed "
                     "number of arguments", what);
    return NULL;
  }
  unsigned np = LLVMCountParamTypes(ft);
  unsigned na = LLVMGetNumArgOperands(call) - (fn_op + 1);
  if (na < np || (exact && na != np)) {
    CRL_ERR(c, call, "the function %s tail-calls takes %u arguments but %u are given",
            what, np, na);
    return NULL;
  }
  LLVMTypeRef *pt = crl_malloc((np ? np : 1) * sizeof *pt);
  if (!pt) {
    CRL_ERR(c, call, "out of memory");
    return NULL;
  }
  LLVMGetParamTypes(ft, pt);
  int bad = -1;
  for (unsigned k = 0; k < np && bad < 0; k++)
    if (!coercible(c, LLVMTypeOf(LLVMGetOperand(call, fn_op + 1 + k)), pt[k]))
      bad = (int)k;
  free(pt);
  if (bad >= 0) {
    CRL_ERR(c, call, "argument %d of the function %s tail-calls does not have its "
                     "parameter's type", bad + 1, what);
    return NULL;
  }
  return fn;
}

/* The function an alias stands for, through casts and further aliases. */
static LLVMValueRef aliased_function(LLVMValueRef v) {
  for (unsigned k = 0; v && LLVMIsAGlobalAlias(v) && k < 64; k++)
    v = crl_async_strip_casts(LLVMAliasGetAliasee(v));
  return v && LLVMIsAFunction(v) ? v : NULL;
}

/* One pointer argument, the callee's context, must be a valid call: one
 * pointer parameter (its address space may differ: the context is cast),
 * variadic or not, or none and variadic. */
static int takes_context(LLVMTypeRef ft) {
  unsigned np = LLVMCountParamTypes(ft);
  if (np == 0) return LLVMIsFunctionVarArg(ft);
  LLVMTypeRef param = NULL;
  if (np == 1) LLVMGetParamTypes(ft, &param);
  return param && is_ptr(param);
}

/* Operand 3, as LLVM reads it: through casts, the function each resume
 * function calls on the callee's context to get the coroutine's (any
 * pointer it returns is cast to the context's type). An alias is called
 * as itself, with its function's type and convention. */
static int read_projection(crl_coro *c, LLVMValueRef sp, crl_async_susp *as) {
  LLVMValueRef p = crl_async_strip_casts(LLVMGetOperand(sp, 2));
  LLVMValueRef fn = p && LLVMIsAFunction(p) ? p : aliased_function(p);
  if (!fn) {
    CRL_ERR(c, sp, "the context projection function (operand 3 of "
                   "llvm.coro.suspend.async) must be a function, or an alias of one, "
                   "seen through casts: its type and calling convention must be known "
                   "to call it");
    return -1;
  }
  LLVMTypeRef ft = LLVMGlobalGetValueType(fn);
  if (!takes_context(ft)) {
    CRL_ERR(c, sp, "the context projection function (operand 3 of "
                   "llvm.coro.suspend.async) cannot be called with the callee's context "
                   "alone: it must take one pointer parameter");
    return -1;
  }
  if (!is_ptr(LLVMGetReturnType(ft))) {
    CRL_ERR(c, sp, "the context projection function (operand 3 of "
                   "llvm.coro.suspend.async) must return a pointer: the coroutine's "
                   "context, in which its frame is");
    return -1;
  }
  as->projection = p;
  as->projection_fn = fn;
  return 0;
}

/* Operand 2: this suspend's own llvm.coro.async.resume. */
static int read_resume(crl_coro *c, LLVMValueRef sp, crl_async_susp *as) {
  LLVMValueRef r = crl_async_strip_casts(LLVMGetOperand(sp, 1));
  if (crl_intrinsic_of(r) != CRL_I_ASYNC_RESUME ||
      LLVMGetBasicBlockParent(LLVMGetInstructionParent(r)) != c->fn) {
    CRL_ERR(c, sp, "the resume function operand (operand 2 of llvm.coro.suspend.async) "
                   "must be a call of llvm.coro.async.resume in this function");
    return -1;
  }
  as->resume_call = r;
  return 0;
}

/* The struct it returns is the resume function's parameter list; the
 * leading i32 names the context parameter (low byte) and swiftself's
 * (the rest, 0 for none). */
static int read_result(crl_coro *c, LLVMValueRef sp, crl_async_susp *as) {
  LLVMTypeRef t = LLVMTypeOf(sp);
  unsigned n = LLVMGetTypeKind(t) == LLVMStructTypeKind ? LLVMCountStructElementTypes(t) : 0;
  uint64_t idx;
  if (!n) {
    CRL_ERR(c, sp, "llvm.coro.suspend.async must return a struct of the resume "
                   "function's parameters, the callee's context among them");
    return -1;
  }
  if (!const_u64(LLVMGetOperand(sp, 0), &idx)) {
    CRL_ERR(c, sp, "the context argument index (operand 1 of llvm.coro.suspend.async) "
                   "must be a constant");
    return -1;
  }
  unsigned ctx = (unsigned)(idx & 0xff);
  uint64_t self = idx >> 8;
  if (ctx >= n || !is_ptr(LLVMStructGetTypeAtIndex(t, ctx))) {
    CRL_ERR(c, sp, "the context index %u (low byte of operand 1) names no pointer "
                   "element of the suspend's result (it has %u)", ctx, n);
    return -1;
  }
  if (self && (self >= n || self == ctx ||
               !is_ptr(LLVMStructGetTypeAtIndex(t, (unsigned)self)))) {
    CRL_ERR(c, sp, "the swiftself index %llu (second byte of operand 1) names no "
                   "pointer element of the suspend's result other than the context",
            (unsigned long long)self);
    return -1;
  }
  as->result_t = t;
  as->ctx_index = ctx;
  as->self_index = (unsigned)self;
  return 0;
}

static int read_suspend(crl_coro *c, uint32_t s) {
  crl_async_susp *as = &crl_async_of(c)->susp[s];
  LLVMValueRef sp = c->susp[s].call;
  if (crl_intrinsic_of(sp) != CRL_I_SUSPEND_ASYNC) {
    CRL_ERR(c, sp, "an async coroutine (llvm.coro.id.async) suspends with "
                   "llvm.coro.suspend.async only");
    return -1;
  }
  if (read_result(c, sp, as) || read_resume(c, sp, as) || read_projection(c, sp, as))
    return -1;
  as->fn = check_tail_fn(c, sp, 3, 0, "llvm.coro.suspend.async");
  return as->fn ? 0 : -1;
}

/* Each suspend resumes in a function of its own: one resume placeholder
 * cannot stand for two of them. */
static int check_resume_unique(const crl_coro *c) {
  crl_valmap seen;
  if (crl_valmap_init(&seen, c->num_susp + 1) != 0) {
    CRL_ERR(c, c->shape->id, "out of memory");
    return -1;
  }
  int rc = 0;
  for (uint32_t s = 0; s < c->num_susp && rc == 0; s++) {
    LLVMValueRef r = crl_async_view(c)->susp[s].resume_call;
    if (crl_valmap_has(&seen, r)) {
      CRL_ERR(c, c->susp[s].call, "two suspend points share one llvm.coro.async.resume; "
                                  "each needs its own");
      rc = -1;
    }
    crl_valmap_put(&seen, r, r);
  }
  crl_valmap_free(&seen);
  return rc;
}

static int check_end(const crl_coro *c, LLVMValueRef e) {
  crl_intr k = crl_intrinsic_of(e);
  if (!LLVMIsAConstantInt(LLVMGetOperand(e, 1))) {
    CRL_ERR(c, e, "the unwind flag of %s must be a constant", crl_intrinsic_name(k));
    return -1;
  }
  if (k == CRL_I_END) {
    if (!LLVMIsAConstantTokenNone(LLVMGetOperand(e, 2))) {
      CRL_ERR(c, e, "an async coroutine returns nothing: llvm.coro.end takes no "
                    "results (token none) there");
      return -1;
    }
    return 0;
  }
  if (LLVMGetNumArgOperands(e) < 3) return 0;
  return check_tail_fn(c, e, 2, 1, "llvm.coro.end.async") ? 0 : -1;
}

/* Intrinsics of other ABIs that have no meaning here. */
static int check_foreign(const crl_coro *c) {
  const crl_vec *vs[] = {&c->shape->allocs, &c->shape->frees, &c->shape->allocas_get};
  for (size_t k = 0; k < sizeof vs / sizeof *vs; k++)
    if (vs[k]->n) {
      LLVMValueRef i = vs[k]->v[0];
      CRL_ERR(c, i, "%s has no meaning in an async coroutine, whose frame lives in "
                    "its async context", crl_intrinsic_name(crl_intrinsic_of(i)));
      return -1;
    }
  for (unsigned k = 0; k < c->shape->saves.n; k++)
    if (LLVMGetFirstUse(c->shape->saves.v[k])) {
      CRL_ERR(c, c->shape->saves.v[k], "llvm.coro.save has no meaning in an async coroutine");
      return -1;
    }
  return 0;
}

/* Resume functions get swiftasync on their context parameter when the
 * coroutine's own has it: the target must know the attribute. */
static int check_target(const crl_coro *c) {
  unsigned kind = LLVMGetEnumAttributeKindForName("swiftasync", 10);
  unsigned arg = crl_async_view(c)->ctx_arg;
  if (!LLVMGetEnumAttributeAtIndex(c->fn, arg + 1, kind) || c->target->swiftasync)
    return 0;
  CRL_ERR(c, c->shape->id, "the context parameter is swiftasync, which target %s does not "
                    "support", c->target->name);
  return -1;
}

/* Every part ends in a guaranteed tail call: a target (or a function
 * without the target feature) that cannot make one is refused up front,
 * rather than lowered into calls that grow the stack with every await;
 * so is a target whose backend is known to miscompile those tail calls
 * (its async_refusal). */
static int check_tail_calls(const crl_coro *c) {
  const char *why = crl_target_async_refusal(c->target);
  if (why) {
    CRL_ERR(c, c->shape->id, "async coroutines are not lowered for %s: %s", c->target->name, why);
    return -1;
  }
  if (crl_target_tail_calls(c->target, c->fn, &why)) return 0;
  CRL_ERR(c, c->shape->id, "async coroutines need guaranteed tail calls, which %s cannot make "
                    "here: %s", c->target->name, why);
  return -1;
}

int crl_async_read(crl_coro *c, crl_async_state *st) {
  if (read_id(c, st) != 0) return -1;
  for (uint32_t s = 0; s < c->num_susp; s++)
    if (read_suspend(c, s) != 0) return -1;
  return 0;
}

int crl_async_validate(const crl_coro *c) {
  if (check_tail_calls(c) != 0 || check_foreign(c) != 0 || check_target(c) != 0) return -1;
  if (check_resume_unique(c) != 0) return -1;
  for (unsigned k = 0; k < c->shape->ends.n; k++)
    if (check_end(c, c->shape->ends.v[k]) != 0) return -1;
  return 0;
}
