/* Before a coroutine's frame is planned: folds that keep values out of
 * the frame, the few an optimising front end's pipeline would have done
 * before its coroutine splitter runs (swiftc -O runs SROA, instcombine and
 * simplifycfg first; its -emit-irgen output, what corolower is given, has
 * none of that). Each is exact, local and linear:
 *  - an element read back from a vector or aggregate built by a chain of
 *    insertelement / insertvalue is the value inserted (or the constant's
 *    element): the whole vector is otherwise kept across a suspend when
 *    only its elements are used after it;
 *  - an arithmetic-with-overflow intrinsic whose overflow bit is unused is
 *    the plain operation: `add %i, 1` is recomputed after a suspend from
 *    %i, where an extractvalue of an intrinsic call is a second value
 *    kept in the frame;
 *  - branches, switches and phis on constants, and the blocks they cut
 *    off (swiftc guards code with `br i1 true` even at -O):
 *    crl_fold_constants.
 * Nothing here touches a coroutine intrinsic's call; blocks that become
 * unreachable go before the coroutine's shape is taken. */
#include <string.h>

#include "frame/frame.h"
#include "irkit/blocks.h"
#include "irkit/vec.h"

/* Bound on the links of an insert chain followed per read: keeps the
 * cost linear whatever the chains' length. */
#define CHAIN_MAX 64

static int const_index(LLVMValueRef v, unsigned long long *out) {
  if (!LLVMIsAConstantInt(v) || LLVMGetIntTypeWidth(LLVMTypeOf(v)) > 64) return 0;
  *out = LLVMConstIntGetZExtValue(v);
  return 1;
}

/* The element `idx` of a fixed-length vector built by insertelements on
 * a constant, or NULL when unknown. */
static LLVMValueRef vector_element(LLVMValueRef vec, unsigned long long idx) {
  LLVMTypeRef t = LLVMTypeOf(vec);
  if (LLVMGetTypeKind(t) != LLVMVectorTypeKind || idx >= LLVMGetVectorSize(t)) return NULL;
  for (int k = 0; k < CHAIN_MAX; k++) {
    if (LLVMIsAConstant(vec)) return LLVMGetAggregateElement(vec, (unsigned)idx);
    unsigned long long j;
    if (!LLVMIsAInsertElementInst(vec) || !const_index(LLVMGetOperand(vec, 2), &j)) return NULL;
    if (j == idx) return LLVMGetOperand(vec, 1);
    vec = LLVMGetOperand(vec, 0);
  }
  return NULL;
}

/* Field path `idx[0..n)` of an aggregate built by insertvalues on a
 * constant, or NULL when unknown (an insert of an enclosing or enclosed
 * field ends the search). */
static LLVMValueRef aggregate_field(LLVMValueRef agg, const unsigned *idx, unsigned n) {
  for (int k = 0; k < CHAIN_MAX; k++) {
    if (LLVMIsAConstant(agg)) {
      for (unsigned i = 0; agg && i < n; i++) agg = LLVMGetAggregateElement(agg, idx[i]);
      return agg;
    }
    if (!LLVMIsAInsertValueInst(agg)) return NULL;
    unsigned m = LLVMGetNumIndices(agg), i = 0;
    const unsigned *in = LLVMGetIndices(agg);
    while (i < m && i < n && in[i] == idx[i]) i++;
    if (i == m && m == n) return LLVMGetOperand(agg, 1);
    if (i == m || i == n) return NULL;
    agg = LLVMGetOperand(agg, 0);
  }
  return NULL;
}

static LLVMValueRef extracted(LLVMValueRef x) {
  unsigned long long idx;
  if (LLVMIsAExtractElementInst(x))
    return const_index(LLVMGetOperand(x, 1), &idx) ? vector_element(LLVMGetOperand(x, 0), idx)
                                                   : NULL;
  return aggregate_field(LLVMGetOperand(x, 0), LLVMGetIndices(x), LLVMGetNumIndices(x));
}

/* The intrinsic IDs of {s,u}{add,sub,mul}.with.overflow, and the plain
 * operation each stands for. */
static const struct {
  const char *name;
  LLVMOpcode op;
} overflow_ops[] = {
    {"llvm.sadd.with.overflow", LLVMAdd}, {"llvm.uadd.with.overflow", LLVMAdd},
    {"llvm.ssub.with.overflow", LLVMSub}, {"llvm.usub.with.overflow", LLVMSub},
    {"llvm.smul.with.overflow", LLVMMul}, {"llvm.umul.with.overflow", LLVMMul},
};
#define NUM_OVERFLOW_OPS (sizeof overflow_ops / sizeof *overflow_ops)

static int overflow_op(LLVMValueRef i, const unsigned *ids, LLVMOpcode *op) {
  LLVMValueRef f = LLVMIsACallInst(i) ? LLVMGetCalledValue(i) : NULL;
  unsigned id = f && LLVMIsAFunction(f) ? LLVMGetIntrinsicID(f) : 0;
  for (unsigned k = 0; id && k < NUM_OVERFLOW_OPS; k++)
    if (ids[k] == id) {
      *op = overflow_ops[k].op;
      return 1;
    }
  return 0;
}

/* Is every user of the call an extractvalue, those of the overflow bit
 * unused? */
static int overflow_unused(LLVMValueRef call) {
  for (LLVMUseRef u = LLVMGetFirstUse(call); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef x = LLVMGetUser(u);
    if (!LLVMIsAExtractValueInst(x) || LLVMGetNumIndices(x) != 1) return 0;
    if (LLVMGetIndices(x)[0] != 0 && LLVMGetFirstUse(x)) return 0;
  }
  return 1;
}

/* The call becomes its plain operation; its extractvalues go. */
static void plain_arithmetic(LLVMBuilderRef b, LLVMValueRef call, LLVMOpcode op) {
  LLVMPositionBuilderBefore(b, call);
  LLVMValueRef v = LLVMBuildBinOp(b, op, LLVMGetOperand(call, 0), LLVMGetOperand(call, 1), "");
  crl_vec xs = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(call); u; u = LLVMGetNextUse(u))
    if (crl_vec_push(&xs, LLVMGetUser(u)) != 0) {
      crl_vec_free(&xs);
      LLVMInstructionEraseFromParent(v);
      return; /* left as it was */
    }
  for (unsigned k = 0; k < xs.n; k++) {
    if (LLVMGetIndices(xs.v[k])[0] == 0) LLVMReplaceAllUsesWith(xs.v[k], v);
    LLVMInstructionEraseFromParent(xs.v[k]);
  }
  crl_vec_free(&xs);
  LLVMInstructionEraseFromParent(call);
}

/* The instructions to look at, collected first (folding erases some).
 * dead: llvm.coro.end.results no coro.end takes (on a path that ends in
 * `unreachable`), which has no effect: no ABI's lowering meets it. */
static int collect(LLVMValueRef fn, const unsigned *ids, crl_vec *reads, crl_vec *inserts,
                   crl_vec *calls, crl_vec *dead) {
  int rc = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      LLVMOpcode op;
      if (LLVMIsAExtractElementInst(i) || LLVMIsAExtractValueInst(i)) rc |= crl_vec_push(reads, i);
      else if (LLVMIsAInsertElementInst(i) || LLVMIsAInsertValueInst(i))
        rc |= crl_vec_push(inserts, i);
      else if (overflow_op(i, ids, &op)) rc |= crl_vec_push(calls, i);
      else if (crl_intrinsic_of(i) == CRL_I_END_RESULTS && !LLVMGetFirstUse(i))
        rc |= crl_vec_push(dead, i);
    }
  return rc;
}

void crl_frame_simplify(LLVMValueRef fn) {
  unsigned ids[NUM_OVERFLOW_OPS];
  for (unsigned k = 0; k < NUM_OVERFLOW_OPS; k++)
    ids[k] = LLVMLookupIntrinsicID(overflow_ops[k].name, strlen(overflow_ops[k].name));
  crl_vec reads = {0}, inserts = {0}, calls = {0}, dead = {0};
  /* Out of memory part way: fold what was collected (each fold stands
   * alone). */
  collect(fn, ids, &reads, &inserts, &calls, &dead);
  for (unsigned k = 0; k < dead.n; k++) LLVMInstructionEraseFromParent(dead.v[k]);
  crl_vec_free(&dead);
  for (unsigned k = 0; k < reads.n; k++) {
    LLVMValueRef v = extracted(reads.v[k]);
    if (!v || LLVMTypeOf(v) != LLVMTypeOf(reads.v[k])) continue;
    LLVMReplaceAllUsesWith(reads.v[k], v);
    LLVMInstructionEraseFromParent(reads.v[k]);
  }
  /* Chains nothing reads any more go, last link first. */
  for (unsigned k = inserts.n; k-- > 0;)
    if (!LLVMGetFirstUse(inserts.v[k])) LLVMInstructionEraseFromParent(inserts.v[k]);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(LLVMGetGlobalParent(fn)));
  for (unsigned k = 0; k < calls.n; k++) {
    LLVMOpcode op;
    if (overflow_op(calls.v[k], ids, &op) && overflow_unused(calls.v[k]))
      plain_arithmetic(b, calls.v[k], op);
  }
  LLVMDisposeBuilder(b);
  crl_vec_free(&reads);
  crl_vec_free(&inserts);
  crl_vec_free(&calls);
  crl_fold_constants(fn);
}
