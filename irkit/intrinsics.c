#include "irkit/intrinsics.h"

#include <stdatomic.h>
#include <string.h>
#include <threads.h>

static const char *const names[CRL_I_COUNT] = {
    [CRL_I_ID] = "llvm.coro.id",
    [CRL_I_ID_RETCON] = "llvm.coro.id.retcon",
    [CRL_I_ID_RETCON_ONCE] = "llvm.coro.id.retcon.once",
    [CRL_I_ID_ASYNC] = "llvm.coro.id.async",
    [CRL_I_ALLOC] = "llvm.coro.alloc",
    [CRL_I_BEGIN] = "llvm.coro.begin",
    [CRL_I_BEGIN_CUSTOM_ABI] = "llvm.coro.begin.custom.abi",
    [CRL_I_FREE] = "llvm.coro.free",
    [CRL_I_SIZE] = "llvm.coro.size",
    [CRL_I_ALIGN] = "llvm.coro.align",
    [CRL_I_SAVE] = "llvm.coro.save",
    [CRL_I_SUSPEND] = "llvm.coro.suspend",
    [CRL_I_SUSPEND_RETCON] = "llvm.coro.suspend.retcon",
    [CRL_I_SUSPEND_ASYNC] = "llvm.coro.suspend.async",
    [CRL_I_END] = "llvm.coro.end",
    [CRL_I_END_ASYNC] = "llvm.coro.end.async",
    [CRL_I_END_RESULTS] = "llvm.coro.end.results",
    [CRL_I_FRAME] = "llvm.coro.frame",
    [CRL_I_DONE] = "llvm.coro.done",
    [CRL_I_PROMISE] = "llvm.coro.promise",
    [CRL_I_RESUME] = "llvm.coro.resume",
    [CRL_I_DESTROY] = "llvm.coro.destroy",
    [CRL_I_NOOP] = "llvm.coro.noop",
    [CRL_I_SUBFN_ADDR] = "llvm.coro.subfn.addr",
    [CRL_I_IS_IN_RAMP] = "llvm.coro.is_in_ramp",
    [CRL_I_AWAIT_SUSPEND_VOID] = "llvm.coro.await.suspend.void",
    [CRL_I_AWAIT_SUSPEND_BOOL] = "llvm.coro.await.suspend.bool",
    [CRL_I_AWAIT_SUSPEND_HANDLE] = "llvm.coro.await.suspend.handle",
    [CRL_I_PREPARE_ASYNC] = "llvm.coro.prepare.async",
    [CRL_I_PREPARE_RETCON] = "llvm.coro.prepare.retcon",
    [CRL_I_ASYNC_RESUME] = "llvm.coro.async.resume",
    [CRL_I_ASYNC_SIZE_REPLACE] = "llvm.coro.async.size.replace",
    [CRL_I_ASYNC_CONTEXT_ALLOC] = "llvm.coro.async.context.alloc",
    [CRL_I_ASYNC_CONTEXT_DEALLOC] = "llvm.coro.async.context.dealloc",
    [CRL_I_ALLOCA_ALLOC] = "llvm.coro.alloca.alloc",
    [CRL_I_ALLOCA_GET] = "llvm.coro.alloca.get",
    [CRL_I_ALLOCA_FREE] = "llvm.coro.alloca.free",
    [CRL_I_OUTSIDE_FRAME] = "llvm.coro.outside.frame",
    [CRL_I_PARAM] = "llvm.coro.param",
    [CRL_I_LIFETIME_START] = "llvm.lifetime.start",
    [CRL_I_LIFETIME_END] = "llvm.lifetime.end",
};

/* Intrinsic IDs are fixed for a given libLLVM; look them up once (once per
 * process, safely when several threads lower at the same time). An ID of 0
 * means this LLVM does not know the intrinsic, which then never matches. */
static unsigned ids[CRL_I_COUNT];
static once_flag ids_once = ONCE_FLAG_INIT;

/* The reverse map, for IDs below CRL_KIND_TABLE (LLVM numbers its
 * target-independent intrinsics first, so ours are all there); an ID above
 * falls back to a scan. Walks over whole functions ask about every call. */
#define CRL_KIND_TABLE 4096u
static unsigned char kind_of_id[CRL_KIND_TABLE];
/* Set (release) once both tables are written. */
static atomic_int ids_ready;

static void lookup_ids(void) {
  for (int k = 1; k < CRL_I_COUNT; k++) {
    ids[k] = LLVMLookupIntrinsicID(names[k], strlen(names[k]));
    if (ids[k] && ids[k] < CRL_KIND_TABLE) kind_of_id[ids[k]] = (unsigned char)k;
  }
  atomic_store_explicit(&ids_ready, 1, memory_order_release);
}

/* call_once alone would do for C11. The acquire load after it says the
 * same to ThreadSanitizer, which does not see glibc's call_once (not one of
 * the calls it intercepts) and would take a thread that waited there and
 * then read the tables for a race; before it, it skips the call. */
static void init_ids(void) {
  if (atomic_load_explicit(&ids_ready, memory_order_acquire)) return;
  call_once(&ids_once, lookup_ids);
  (void)atomic_load_explicit(&ids_ready, memory_order_acquire);
}

crl_intr crl_intrinsic_of_fn(LLVMValueRef fn) {
  if (!fn || !LLVMIsAFunction(fn)) return CRL_I_NONE;
  unsigned id = LLVMGetIntrinsicID(fn);
  if (!id) return CRL_I_NONE;
  init_ids();
  if (id < CRL_KIND_TABLE) return (crl_intr)kind_of_id[id];
  for (int k = 1; k < CRL_I_COUNT; k++)
    if (ids[k] == id) return (crl_intr)k;
  return CRL_I_NONE;
}

crl_intr crl_intrinsic_of(LLVMValueRef inst) {
  if (!inst) return CRL_I_NONE;
  /* One call answers both "is it an instruction" and "call or invoke". */
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  if (op != LLVMCall && op != LLVMInvoke) return CRL_I_NONE;
  return crl_intrinsic_of_fn(LLVMGetCalledValue(inst));
}

const char *crl_intrinsic_name(crl_intr k) {
  return k > 0 && k < CRL_I_COUNT ? names[k] : "?";
}

LLVMValueRef crl_intrinsic_decl(LLVMModuleRef m, crl_intr k) {
  init_ids();
  return LLVMGetIntrinsicDeclaration(m, ids[k], NULL, 0);
}

int crl_is_coro_intrinsic(crl_intr k) {
  return k != CRL_I_NONE && k != CRL_I_LIFETIME_START &&
         k != CRL_I_LIFETIME_END;
}

int crl_id_implies_coroutine(crl_intr k) {
  return k == CRL_I_ID_RETCON || k == CRL_I_ID_RETCON_ONCE || k == CRL_I_ID_ASYNC;
}

static int is_split_id(LLVMValueRef id) {
  if (crl_intrinsic_of(id) != CRL_I_ID || LLVMGetNumArgOperands(id) < 4) return 0;
  LLVMValueRef info = LLVMGetOperand(id, 3);
  if (!LLVMIsAGlobalVariable(info)) return 0;
  LLVMValueRef init = LLVMGetInitializer(info);
  return init && LLVMIsAConstantArray(init);
}

int crl_is_split_marker(LLVMValueRef call) {
  switch (crl_intrinsic_of(call)) {
  case CRL_I_ID: return is_split_id(call);
  case CRL_I_BEGIN:
  case CRL_I_ALLOC:
  case CRL_I_FREE: return is_split_id(LLVMGetOperand(call, 0));
  default: return 0;
  }
}

int crl_is_fallthrough_end(LLVMValueRef inst) {
  crl_intr k = crl_intrinsic_of(inst);
  if (k != CRL_I_END && k != CRL_I_END_ASYNC) return 0;
  LLVMValueRef u = LLVMGetOperand(inst, 1);
  return LLVMIsAConstantInt(u) && LLVMConstIntGetZExtValue(u) == 0;
}
