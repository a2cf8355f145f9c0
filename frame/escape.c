/* What a coroutine's values and allocas are used for, block by block: the
 * blocks using a value, and for an alloca whether its address escapes,
 * which users read it, overwrite it whole or in part, and its lifetime
 * markers (the facts candidates.c builds liveness inputs from). */
#include <string.h>

#include "frame/frame_plan.h"
#include "irkit/blocks.h"
#include "irkit/oom.h"

void crl_use_add(crl_use_list *u, uint32_t b) {
  if (u->n == u->cap) {
    uint32_t cap = u->cap ? 2 * u->cap : 8;
    uint32_t *nb = crl_realloc(u->b, cap * sizeof *nb);
    if (!nb) {
      u->oom = 1;
      return;
    }
    u->b = nb;
    u->cap = cap;
  }
  u->b[u->n++] = b;
}

/* Blocks where v is used; phi uses count at the end of the incoming block. */
void crl_value_uses(crl_plan *p, LLVMValueRef v, crl_use_list *out) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user)) continue;
    if (LLVMIsAPHINode(user)) {
      unsigned n = LLVMCountIncoming(user);
      for (unsigned k = 0; k < n; k++)
        if (LLVMGetIncomingValue(user, k) == v) {
          uint32_t b = crl_block_id(p, LLVMGetIncomingBlock(user, k));
          if (!crl_plan_ramp_only_use(p, b, user)) crl_use_add(out, b);
        }
    } else {
      uint32_t b = crl_block_id(p, LLVMGetInstructionParent(user));
      if (!crl_plan_ramp_only_use(p, b, user)) crl_use_add(out, b);
    }
  }
}



/* Does `user` (reached through `v`, the object's own address when v == a)
 * write every byte of `a`, `size` bytes, reading none of them? A store of
 * the whole type, or a memset / memcpy / memmove into it with a constant
 * length covering it (and, for a copy, not from it). */
static int overwrites_all(LLVMTargetDataRef td, LLVMValueRef a, LLVMValueRef v,
                          LLVMValueRef user, uint64_t size) {
  if (v != a || !size) return 0;
  if (LLVMIsAStoreInst(user))
    return LLVMGetOperand(user, 1) == v && LLVMGetOperand(user, 0) != v &&
           LLVMABISizeOfType(td, LLVMTypeOf(LLVMGetOperand(user, 0))) >= size &&
           LLVMStoreSizeOfType(td, LLVMTypeOf(LLVMGetOperand(user, 0))) >= size;
  if (!LLVMIsACallInst(user)) return 0;
  LLVMValueRef callee = LLVMGetCalledValue(user);
  unsigned id = LLVMIsAFunction(callee) ? LLVMGetIntrinsicID(callee) : 0;
  if (!id || (id != LLVMLookupIntrinsicID("llvm.memset", 11) &&
              id != LLVMLookupIntrinsicID("llvm.memcpy", 11) &&
              id != LLVMLookupIntrinsicID("llvm.memmove", 12) &&
              id != LLVMLookupIntrinsicID("llvm.memcpy.inline", 18) &&
              id != LLVMLookupIntrinsicID("llvm.memset.inline", 18)))
    return 0;
  LLVMValueRef len = LLVMGetOperand(user, 2);
  if (LLVMGetOperand(user, 0) != v || !LLVMIsAConstantInt(len) ||
      LLVMConstIntGetZExtValue(len) < size)
    return 0;
  return LLVMGetOperand(user, 1) != v;
}

/* Does passing `v` as argument `k` of `call` leave a copy of the pointer
 * behind? Not when the parameter is captures(none) (at the call or on the
 * callee), nor for a byval parameter, which receives a copy of the bytes. */
static int call_captures(LLVMValueRef call, LLVMValueRef v, unsigned k) {
  if (LLVMGetOperand(call, k) != v) return 0;
  if (k >= LLVMGetNumArgOperands(call)) return 1; /* the callee itself */
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(call));
  unsigned byval = LLVMGetEnumAttributeKindForName("byval", 5);
  unsigned captures = LLVMGetEnumAttributeKindForName("captures", 8);
  if (LLVMGetCallSiteEnumAttribute(call, k + 1, byval)) return 0;
  LLVMAttributeRef a = LLVMGetCallSiteEnumAttribute(call, k + 1, captures);
  if (a && LLVMGetEnumAttributeValue(a) == 0) return 0;
  LLVMValueRef callee = LLVMGetCalledValue(call);
  if (LLVMIsAFunction(callee) && k < LLVMCountParams(callee)) {
    a = LLVMGetEnumAttributeAtIndex(callee, k + 1, captures);
    if (a && LLVMGetEnumAttributeValue(a) == 0) return 0;
  }
  (void)ctx;
  return 1;
}

/* Does `call` keep a copy of pointer `v` past the call? */
static int call_escapes(LLVMValueRef call, LLVMValueRef v) {
  unsigned n = LLVMGetNumOperands(call);
  for (unsigned k = 0; k < n; k++)
    if (call_captures(call, v, k)) return 1;
  return 0;
}

/* The constant byte offset a GEP adds, or -1 when an index is not a
 * constant. */
static int64_t gep_offset(LLVMTargetDataRef td, LLVMValueRef gep) {
  LLVMTypeRef t = LLVMGetGEPSourceElementType(gep);
  unsigned n = LLVMGetNumOperands(gep);
  int64_t off = 0;
  for (unsigned k = 1; k < n; k++) {
    LLVMValueRef ix = LLVMGetOperand(gep, k);
    if (!LLVMIsAConstantInt(ix)) return -1;
    long long i = LLVMConstIntGetSExtValue(ix);
    if (k == 1) {
      off += i * (int64_t)LLVMABISizeOfType(td, t);
      continue;
    }
    LLVMTypeKind kind = LLVMGetTypeKind(t);
    if (kind == LLVMStructTypeKind) {
      if (i < 0 || (unsigned)i >= LLVMCountStructElementTypes(t)) return -1;
      off += (int64_t)LLVMOffsetOfElement(td, t, (unsigned)i);
      t = LLVMStructGetTypeAtIndex(t, (unsigned)i);
    } else if (kind == LLVMArrayTypeKind || kind == LLVMVectorTypeKind) {
      t = LLVMGetElementType(t);
      off += i * (int64_t)LLVMABISizeOfType(td, t);
    } else {
      return -1;
    }
  }
  return off;
}

/* Records the bytes a partial store writes, when they are known. */
static void note_partial(LLVMTargetDataRef td, crl_alloca_info *ai, LLVMValueRef st,
                         int64_t off, uint64_t size) {
  if (ai->partials.n > ai->part_cap) {
    unsigned cap = ai->partials.n * 2;
    uint64_t *m = crl_realloc(ai->part_mask, cap * sizeof *m);
    if (!m) {
      ai->uses.oom = 1;
      return;
    }
    ai->part_mask = m;
    ai->part_cap = cap;
  }
  uint64_t mask = 0;
  uint64_t w = LLVMStoreSizeOfType(td, LLVMTypeOf(LLVMGetOperand(st, 0)));
  if (size <= 64 && off >= 0 && (uint64_t)off + w <= size && w > 0)
    mask = (w == 64 ? ~0ULL : ((1ULL << w) - 1)) << off;
  ai->part_mask[ai->partials.n - 1] = mask;
}

/* Pushes an address derived from the object, with its byte offset. */
static int push_addr(crl_vec *work, int64_t **off, unsigned *cap, LLVMValueRef v,
                     int64_t at) {
  if (work->n == *cap) {
    int64_t *no = crl_realloc(*off, 2 * *cap * sizeof *no);
    if (!no) return -1;
    *off = no;
    *cap *= 2;
  }
  if (crl_vec_push(work, v)) return -1;
  (*off)[work->n - 1] = at;
  return 0;
}

/* Uses of an alloca (or a byval argument) through address arithmetic count
 * as its own uses. A pointer that escapes (stored, passed to a call that
 * may keep it, cast to an integer) may be used anywhere until the lifetime
 * ends. Memory intrinsics and captures(none) or byval parameters only use
 * the memory during the call. */
void crl_alloca_uses(crl_plan *p, LLVMTargetDataRef td, LLVMValueRef a,
                        crl_alloca_info *ai) {
  crl_vec work = {0};
  uint64_t size = 0;
  if (LLVMIsAAllocaInst(a) && LLVMIsAConstantInt(LLVMGetOperand(a, 0)))
    size = LLVMABISizeOfType(td, LLVMGetAllocatedType(a)) *
           LLVMConstIntGetZExtValue(LLVMGetOperand(a, 0));
  ai->full_mask = size && size <= 64 ? (size == 64 ? ~0ULL : (1ULL << size) - 1) : 0;
  /* Byte offset of each address in the worklist from `a` (-1: unknown),
   * pushed in step with it. */
  int64_t *woff = crl_malloc(8 * sizeof *woff);
  unsigned woff_cap = woff ? 8 : 0;
  if (!woff) ai->uses.oom = 1;
  else woff[0] = 0;
  crl_vec_push(&work, a);
  for (unsigned w = 0; w < work.n && woff; w++) {
    LLVMValueRef v = work.v[w];
    int64_t here = woff[w];
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      if (!LLVMIsAInstruction(user)) continue;
      uint32_t ub = crl_block_id(p, LLVMGetInstructionParent(user));
      if (!LLVMIsAPHINode(user) && crl_plan_ramp_only_use(p, ub, user)) continue;
      crl_intr k = crl_intrinsic_of(user);
      if (k == CRL_I_LIFETIME_START) {
        ai->starts++;
        crl_use_add(&ai->users, ub);
        if (crl_vec_push(&ai->markers, user)) ai->uses.oom = 1;
        continue;
      }
      if (k == CRL_I_LIFETIME_END) {
        ai->has_end = 1;
        crl_use_add(&ai->uses, ub);
        crl_use_add(&ai->users, ub);
        if (crl_vec_push(&ai->markers, user)) ai->uses.oom = 1;
        continue;
      }
      if (LLVMIsAPHINode(user)) {
        unsigned n = LLVMCountIncoming(user);
        for (unsigned e = 0; e < n; e++)
          if (LLVMGetIncomingValue(user, e) == v) {
            uint32_t ib = crl_block_id(p, LLVMGetIncomingBlock(user, e));
            if (!crl_plan_ramp_only_use(p, ib, user)) {
              crl_use_add(&ai->uses, ib);
              crl_use_add(&ai->users, ib);
            }
          }
        ai->escapes = 1;
        continue;
      }
      crl_use_add(&ai->uses, ub);
      crl_use_add(&ai->users, ub);
      if (LLVMIsAGetElementPtrInst(user) || LLVMIsABitCastInst(user) ||
          LLVMIsAAddrSpaceCastInst(user)) {
        int64_t d = LLVMIsAGetElementPtrInst(user) ? gep_offset(td, user) : 0;
        if (push_addr(&work, &woff, &woff_cap, user, here < 0 || d < 0 ? -1 : here + d))
          ai->uses.oom = 1;
      } else if (overwrites_all(td, a, v, user, size)) {
        if (crl_vec_push(&ai->overwrites, user)) ai->uses.oom = 1;
      } else if (LLVMIsAStoreInst(user)) {
        /* A partial store reads nothing; storing the address escapes. */
        if (LLVMGetOperand(user, 0) == v) ai->escapes = 1;
        else if (crl_vec_push(&ai->partials, user)) ai->uses.oom = 1;
        else note_partial(td, ai, user, here, size);
      } else {
        if (crl_vec_push(&ai->reads, user)) ai->uses.oom = 1;
        if (LLVMIsALoadInst(user)) {
        } else if (LLVMIsACallInst(user) || LLVMIsAInvokeInst(user)) {
          if (call_escapes(user, v)) ai->escapes = 1;
        } else {
          ai->escapes = 1;
          if (LLVMIsASelectInst(user) && push_addr(&work, &woff, &woff_cap, user, -1))
            ai->uses.oom = 1;
        }
      }
    }
  }
  crl_vec_free(&work);
  free(woff);
}

/* Blocks whose last lifetime marker of the alloca is a start (gen) or an
 * end (kill). Markers of one block are ordered by walking it, which only
 * blocks holding several markers of the same alloca need. */
void crl_marker_gen_kill(crl_plan *p, const crl_vec *markers, crl_use_list *gen,
                            crl_use_list *kill) {
  for (unsigned k = 0; k < markers->n; k++) {
    LLVMValueRef m = markers->v[k];
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(m);
    int last = 1;
    for (unsigned j = 0; j < markers->n && last; j++)
      if (j != k && LLVMGetInstructionParent(markers->v[j]) == bb &&
          crl_comes_before(m, markers->v[j]))
        last = 0;
    if (!last) continue;
    crl_use_add(crl_intrinsic_of(m) == CRL_I_LIFETIME_START ? gen : kill,
            crl_block_id(p, bb));
  }
}
