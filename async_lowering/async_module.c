/* The async ABI's module-level intrinsics, wherever they are called:
 *   early: llvm.coro.prepare.async(f) is f (it only kept f from being
 *          inlined before its split); llvm.coro.async.context.alloc(afp,
 *          task) and .dealloc(ctx) become calls of the allocator the
 *          options name (LLVM 22 leaves them, which no code generator
 *          selects: tests/async/README.md has the contract);
 *   late:  llvm.coro.async.size.replace(target, source) gives target's
 *          async function pointer source's final context size, once every
 *          size is final; what is left of llvm.coro.async.resume (outside
 *          any coroutine) is null, as LLVM's CoroCleanup makes it. */
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "async_lowering/async_internal.h"
#include "irkit/valmap.h"

/* Calls of intrinsic k, found through its declaration's uses. */
static int calls_of(LLVMModuleRef m, crl_intr k, crl_vec *out) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (!LLVMIsDeclaration(f) || crl_intrinsic_of_fn(f) != k) continue;
    for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef i = LLVMGetUser(u);
      if (crl_intrinsic_of(i) == k && crl_vec_push(out, i) != 0) return -1;
    }
  }
  return 0;
}

/* The same calls in module order (function order, then position), which
 * use lists do not keep: size replacements may chain. */
static int calls_in_order(LLVMModuleRef m, crl_intr k, crl_vec *out) {
  crl_vec any = {0};
  crl_valmap fns;
  int rc = calls_of(m, k, &any);
  if (rc == 0 && any.n == 0) return 0;
  if (rc == 0) rc = crl_valmap_init(&fns, any.n);
  if (rc != 0) {
    crl_vec_free(&any);
    return -1;
  }
  for (unsigned n = 0; n < any.n; n++) {
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(any.v[n]));
    crl_valmap_put(&fns, fn, fn);
  }
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f && rc == 0; f = LLVMGetNextFunction(f)) {
    if (!crl_valmap_has(&fns, f)) continue;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
        if (crl_intrinsic_of(i) == k && crl_vec_push(out, i) != 0) rc = -1;
  }
  crl_valmap_free(&fns);
  crl_vec_free(&any);
  return rc;
}

static LLVMValueRef fn_of(LLVMValueRef inst) {
  return LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst));
}

static int oom(const crl_module_ctx *m) {
  crl_diagf(m->res, CRL_SEV_ERROR, NULL, NULL, "out of memory");
  return -1;
}

static void prepare_async(crl_vec *calls) {
  for (unsigned n = 0; n < calls->n; n++) {
    LLVMReplaceAllUsesWith(calls->v[n], LLVMGetOperand(calls->v[n], 0));
    LLVMInstructionEraseFromParent(calls->v[n]);
  }
}

/* The allocator or deallocator the options name (Swift's runtime's
 * swift_task_alloc / swift_task_dealloc by default), with the type its
 * calls use; NULL after a diagnostic. */
static LLVMValueRef allocator(const crl_module_ctx *m, LLVMValueRef at, const char *name,
                              LLVMTypeRef fty, const char *fallback) {
  crl_intr k = crl_intrinsic_of(at);
  if (!name || !*name) name = fallback;
  LLVMValueRef f = LLVMGetNamedFunction(m->mod, name);
  if (!f) return LLVMAddFunction(m->mod, name, fty);
  if (LLVMGlobalGetValueType(f) != fty) {
    crl_diagf(m->res, CRL_SEV_ERROR, fn_of(at), at,
              "the context %s @%s is declared with another type than %s",
              k == CRL_I_ASYNC_CONTEXT_ALLOC ? "allocator" : "deallocator", name,
              k == CRL_I_ASYNC_CONTEXT_ALLOC ? "ptr (ptr, iN) (task, size)" : "void (ptr)");
    return NULL;
  }
  return f;
}

/* context.alloc(afp, task): NAME(task, size), the size loaded from the
 * async function pointer's field 1 where the call is, at run time. */
static int context_alloc(const crl_module_ctx *m, LLVMBuilderRef b, LLVMValueRef call) {
  LLVMContextRef ctx = LLVMGetModuleContext(m->mod);
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(m->mod);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0), iptr = LLVMIntPtrTypeInContext(ctx, td);
  LLVMTypeRef params[2] = {ptr, iptr};
  LLVMTypeRef fty = LLVMFunctionType(ptr, params, 2, 0);
  LLVMValueRef f = allocator(m, call, m->opts->async_context_alloc, fty, "swift_task_alloc");
  if (!f) return -1;
  LLVMPositionBuilderBefore(b, call);
  LLVMTypeRef i8 = LLVMInt8TypeInContext(ctx), i32 = LLVMInt32TypeInContext(ctx);
  LLVMValueRef four = LLVMConstInt(LLVMInt64TypeInContext(ctx), 4, 0);
  LLVMValueRef at = LLVMBuildInBoundsGEP2(b, i8, LLVMGetOperand(call, 0), &four, 1, "");
  LLVMValueRef size = LLVMBuildLoad2(b, i32, at, "async.context.size");
  LLVMSetAlignment(size, 4);
  LLVMValueRef args[2] = {LLVMGetOperand(call, 1), LLVMBuildZExt(b, size, iptr, "")};
  LLVMValueRef nc = LLVMBuildCall2(b, fty, f, args, 2, "");
  LLVMInstructionSetDebugLoc(nc, LLVMInstructionGetDebugLoc(call));
  LLVMReplaceAllUsesWith(call, nc);
  LLVMInstructionEraseFromParent(call);
  return 0;
}

static int context_dealloc(const crl_module_ctx *m, LLVMBuilderRef b, LLVMValueRef call) {
  LLVMContextRef ctx = LLVMGetModuleContext(m->mod);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(ctx), &ptr, 1, 0);
  LLVMValueRef f = allocator(m, call, m->opts->async_context_dealloc, fty,
                             "swift_task_dealloc");
  if (!f) return -1;
  LLVMPositionBuilderBefore(b, call);
  LLVMValueRef arg = LLVMGetOperand(call, 0);
  LLVMValueRef nc = LLVMBuildCall2(b, fty, f, &arg, 1, "");
  LLVMInstructionSetDebugLoc(nc, LLVMInstructionGetDebugLoc(call));
  LLVMInstructionEraseFromParent(call);
  return 0;
}

int crl_async_module_early(const crl_module_ctx *m) {
  crl_vec prep = {0}, alloc = {0}, dealloc = {0};
  int rc = 0;
  if (calls_of(m->mod, CRL_I_PREPARE_ASYNC, &prep) != 0 ||
      calls_in_order(m->mod, CRL_I_ASYNC_CONTEXT_ALLOC, &alloc) != 0 ||
      calls_in_order(m->mod, CRL_I_ASYNC_CONTEXT_DEALLOC, &dealloc) != 0)
    rc = oom(m);
  if (rc == 0) prepare_async(&prep);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m->mod));
  for (unsigned n = 0; n < alloc.n && rc == 0; n++) rc = context_alloc(m, b, alloc.v[n]);
  for (unsigned n = 0; n < dealloc.n && rc == 0; n++) rc = context_dealloc(m, b, dealloc.v[n]);
  LLVMDisposeBuilder(b);
  crl_vec_free(&prep);
  crl_vec_free(&alloc);
  crl_vec_free(&dealloc);
  return rc;
}

/* An async function pointer operand: a global defined as a struct of
 * two i32 (crl_async_is_afp_type). */
static LLVMValueRef afp_global(const crl_module_ctx *m, LLVMValueRef v) {
  LLVMValueRef g = crl_async_strip_casts(v);
  if (!g || !LLVMIsAGlobalVariable(g)) return NULL;
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(m->mod);
  if (!crl_async_is_afp_type(td, LLVMGlobalGetValueType(g))) return NULL;
  return crl_async_is_afp_init(LLVMGetInitializer(g)) ? g : NULL;
}

static LLVMValueRef size_of_afp(LLVMValueRef g) {
  LLVMValueRef init = LLVMGetInitializer(g);
  return LLVMIsAConstantStruct(init)
             ? LLVMGetOperand(init, 1)
             : LLVMConstNull(LLVMInt32TypeInContext(LLVMGetTypeContext(LLVMTypeOf(g))));
}

static int size_replace(const crl_module_ctx *m, LLVMValueRef call) {
  LLVMValueRef target = afp_global(m, LLVMGetOperand(call, 0));
  LLVMValueRef source = afp_global(m, LLVMGetOperand(call, 1));
  if (!target || !source) {
    crl_diagf(m->res, CRL_SEV_ERROR, fn_of(call), call,
              "both operands of llvm.coro.async.size.replace must be async function "
              "pointers: globals defined as a struct of two i32 (the %s is not)",
              target ? "source" : "target");
    return -1;
  }
  LLVMSetInitializer(target, crl_async_afp_with_size(target, size_of_afp(source)));
  LLVMInstructionEraseFromParent(call);
  return 0;
}

int crl_async_module_late(const crl_module_ctx *m) {
  crl_vec repl = {0}, resume = {0};
  int rc = 0;
  if (calls_in_order(m->mod, CRL_I_ASYNC_SIZE_REPLACE, &repl) != 0 ||
      calls_of(m->mod, CRL_I_ASYNC_RESUME, &resume) != 0)
    rc = oom(m);
  /* What will be put back keeps its intrinsics, and their effects. */
  for (unsigned n = 0; n < repl.n && rc == 0; n++)
    if (!m->put_back || !crl_valmap_has(m->put_back, fn_of(repl.v[n])))
      rc = size_replace(m, repl.v[n]);
  for (unsigned n = 0; n < resume.n && rc == 0; n++) {
    if (m->put_back && crl_valmap_has(m->put_back, fn_of(resume.v[n]))) continue;
    LLVMReplaceAllUsesWith(resume.v[n], LLVMConstNull(LLVMTypeOf(resume.v[n])));
    LLVMInstructionEraseFromParent(resume.v[n]);
  }
  crl_vec_free(&repl);
  crl_vec_free(&resume);
  return rc;
}
