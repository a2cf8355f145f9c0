/* llvm.coro.alloca.alloc / .get / .free: dynamically sized storage. Memory
 * that must outlive a suspend cannot be on the stack of the function that
 * returns there, so it comes from the id's allocation function and goes
 * back to its deallocation function; memory no suspend separates from its
 * uses stays on the stack. Which is which follows from the frame planner's
 * liveness: the storage is lowered to the allocation call first (its
 * address an ordinary value), and once the frame is planned, an address
 * that no frame field holds (neither it nor anything computed from it
 * lives across a suspend) becomes stack memory again. */
#include <llvm-c/DebugInfo.h>
#include <string.h>

#include "irkit/blocks.h"
#include "irkit/oom.h"
#include "retcon_lowering/retcon_internal.h"

/* A call of fn (a declared function value) with one argument, before `at`. */
static LLVMValueRef call1(crl_coro *c, LLVMValueRef fn, LLVMValueRef arg,
                          LLVMValueRef at, const char *name) {
  LLVMPositionBuilderBefore(c->b, at);
  LLVMValueRef call = LLVMBuildCall2(c->b, LLVMGlobalGetValueType(fn), fn, &arg, 1, name);
  LLVMInstructionSetDebugLoc(call, LLVMInstructionGetDebugLoc(at));
  return call;
}

static int lower_one(crl_coro *c, LLVMValueRef a, crl_retcon_dyn *d) {
  crl_retcon_state *st = crl_retcon_of(c);
  LLVMValueRef align = LLVMGetOperand(a, 1);
  unsigned long long al = LLVMIsAConstantInt(align) ? LLVMConstIntGetZExtValue(align) : 0;
  if (!al || (al & (al - 1)) || al > (1u << 29)) {
    CRL_ERR(c, a, "the alignment of llvm.coro.alloca.alloc must be a constant "
                  "power of two");
    return -1;
  }
  d->align = (uint32_t)al;
  /* Named after the token, so the frame report shows which storage. */
  size_t len = 0;
  const char *tn = LLVMGetValueName2(a, &len);
  d->name = len ? crl_name_dup(tn) : NULL;
  LLVMPositionBuilderBefore(c->b, a);
  d->mem = crl_retcon_call_alloc(c, LLVMGetOperand(a, 0), "coro.alloca");
  LLVMInstructionSetDebugLoc(d->mem, LLVMInstructionGetDebugLoc(a));
  crl_vec users = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(a); u; u = LLVMGetNextUse(u))
    crl_vec_push(&users, LLVMGetUser(u));
  int rc = 0;
  for (unsigned k = 0; k < users.n && rc == 0; k++) {
    LLVMValueRef user = users.v[k];
    switch (crl_intrinsic_of(user)) {
    case CRL_I_ALLOCA_GET:
      LLVMReplaceAllUsesWith(user, d->mem);
      LLVMInstructionEraseFromParent(user);
      break;
    case CRL_I_ALLOCA_FREE:
      rc = crl_vec_push(&d->frees, call1(c, st->dealloc_fn, d->mem, user, ""));
      LLVMInstructionEraseFromParent(user);
      break;
    default:
      CRL_ERR(c, user, "the token of llvm.coro.alloca.alloc may only be used by "
                       "llvm.coro.alloca.get and llvm.coro.alloca.free");
      rc = -1;
    }
  }
  crl_vec_free(&users);
  if (rc == 0) {
    LLVMInstructionEraseFromParent(a);
    if (d->name) LLVMSetValueName2(d->mem, d->name, strlen(d->name));
  }
  return rc;
}

int crl_retcon_lower_dyn_allocas(crl_coro *c) {
  crl_retcon_state *st = crl_retcon_of(c);
  unsigned n = 0;
  for (unsigned k = 0; k < c->shape->allocas_get.n; k++)
    n += crl_intrinsic_of(c->shape->allocas_get.v[k]) == CRL_I_ALLOCA_ALLOC;
  if (!n) return 0;
  st->dyn = crl_calloc(n, sizeof *st->dyn);
  if (!st->dyn) {
    CRL_ERR(c, c->shape->id, "out of memory");
    return -1;
  }
  /* The allocs first: lowering one erases its gets and frees, which the
   * list also holds. */
  crl_vec allocs = {0};
  for (unsigned k = 0; k < c->shape->allocas_get.n; k++)
    if (crl_intrinsic_of(c->shape->allocas_get.v[k]) == CRL_I_ALLOCA_ALLOC)
      crl_vec_push(&allocs, c->shape->allocas_get.v[k]);
  int rc = 0;
  for (unsigned k = 0; k < allocs.n && rc == 0; k++) {
    rc = lower_one(c, allocs.v[k], &st->dyn[k]);
    st->num_dyn = k + 1;
  }
  crl_vec_free(&allocs);
  return rc;
}

/* Values computed from the address (offsets, casts, selects and phis of
 * it): if any is kept in the frame, the memory must outlive a suspend. */
static int kept_in_frame(LLVMValueRef mem, const crl_valmap *fields) {
  crl_vec work = {0};
  crl_valmap seen;
  crl_valmap_init(&seen, 8);
  crl_vec_push(&work, mem);
  crl_valmap_put(&seen, mem, mem);
  int kept = 0;
  for (unsigned w = 0; w < work.n && !kept; w++) {
    LLVMValueRef v = work.v[w];
    if (crl_valmap_has(fields, v)) kept = 1;
    for (LLVMUseRef u = LLVMGetFirstUse(v); u && !kept; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      if (crl_valmap_has(&seen, user)) continue;
      if (LLVMIsAGetElementPtrInst(user) || LLVMIsACastInst(user) ||
          LLVMIsASelectInst(user) || LLVMIsAPHINode(user)) {
        crl_valmap_put(&seen, user, user);
        crl_vec_push(&work, user);
      }
    }
  }
  crl_vec_free(&work);
  crl_valmap_free(&seen);
  return kept;
}

static LLVMValueRef stack_intrinsic(crl_coro *c, const char *name) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  return LLVMGetIntrinsicDeclaration(c->mod, id, &c->ptr_t, 1);
}

/* stacksave; alloca i8, size; ... stackrestore at each free: the memory is
 * given back where the front end freed it, as on the heap. */
static void to_stack(crl_coro *c, crl_retcon_dyn *d) {
  LLVMValueRef save = stack_intrinsic(c, "llvm.stacksave");
  LLVMValueRef restore = stack_intrinsic(c, "llvm.stackrestore");
  /* The size as the allocation call has it now: the rewrite may have
   * given it a recomputed or reloaded value (coro.alloca.alloc's own
   * operand is no longer valid here). */
  LLVMValueRef size = LLVMGetOperand(d->mem, 0);
  LLVMPositionBuilderBefore(c->b, d->mem);
  LLVMValueRef sp = LLVMBuildCall2(c->b, LLVMGlobalGetValueType(save), save, NULL, 0, "");
  LLVMValueRef mem = LLVMBuildArrayAlloca(c->b, c->i8_t, size, "");
  LLVMSetAlignment(mem, d->align);
  for (unsigned k = 0; k < d->frees.n; k++) {
    LLVMValueRef f = d->frees.v[k];
    LLVMPositionBuilderBefore(c->b, f);
    LLVMBuildCall2(c->b, LLVMGlobalGetValueType(restore), restore, &sp, 1, "");
    LLVMInstructionEraseFromParent(f);
  }
  LLVMReplaceAllUsesWith(d->mem, mem);
  LLVMInstructionEraseFromParent(d->mem);
  const char *name = d->name ? d->name : "coro.alloca";
  LLVMSetValueName2(mem, name, strlen(name));
  d->mem = mem;
  d->frees.n = 0;
}

static int is_free_of(const crl_retcon_dyn *d, LLVMValueRef i) {
  for (unsigned k = 0; k < d->frees.n; k++)
    if (d->frees.v[k] == i) return 1;
  return 0;
}

/* Heap memory must go back on every path from its allocation to the end of
 * the coroutine (or to the allocation again, round a loop): otherwise it
 * leaks. The first instruction of such a path that is a coro.end or the
 * allocation, or NULL; one walk over what the allocation reaches. */
static LLVMValueRef leak_point(const crl_retcon_dyn *d) {
  crl_valmap seen;
  crl_valmap_init(&seen, 16);
  crl_bvec work = {0};
  LLVMValueRef bad = NULL;
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(d->mem);
  LLVMValueRef i = LLVMGetNextInstruction(d->mem);
  for (;;) {
    for (; i && !bad; i = LLVMGetNextInstruction(i)) {
      if (is_free_of(d, i)) break;
      if (i == d->mem || crl_intrinsic_of(i) == CRL_I_END) bad = i;
    }
    if (!i && !bad) {
      LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
      unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
      for (unsigned k = 0; k < ns; k++) {
        LLVMBasicBlockRef to = LLVMGetSuccessor(t, k);
        if (crl_valmap_has(&seen, to)) continue;
        crl_valmap_put(&seen, to, to);
        crl_bvec_push(&work, to);
      }
    }
    if (bad || !work.n) break;
    bb = work.v[--work.n];
    i = LLVMGetFirstInstruction(bb);
  }
  crl_bvec_free(&work);
  crl_valmap_free(&seen);
  return bad;
}

int crl_retcon_localize_dyn_allocas(crl_coro *c) {
  crl_retcon_state *st = crl_retcon_of(c);
  if (!st->num_dyn) return 0;
  crl_valmap fields;
  if (crl_valmap_init(&fields, c->frame.num_fields) != 0) {
    CRL_ERR(c, c->shape->id, "out of memory");
    return -1;
  }
  for (uint32_t f = 0; f < c->frame.num_fields; f++)
    if (c->frame.fields[f].value) crl_valmap_put(&fields, c->frame.fields[f].value, c->frame.fields[f].value);
  int rc = 0;
  for (unsigned k = 0; k < st->num_dyn && rc == 0; k++) {
    crl_retcon_dyn *d = &st->dyn[k];
    if (!kept_in_frame(d->mem, &fields)) {
      to_stack(c, d);
      continue;
    }
    LLVMValueRef at = leak_point(d);
    if (!at) continue;
    CRL_ERR(c, at, "storage from llvm.coro.alloca.alloc (%s) lives across a suspend, "
            "so it comes from the allocation function, but a path from it reaches "
            "this instruction without llvm.coro.alloca.free: it would leak",
            d->name ? d->name : "unnamed");
    rc = -1;
  }
  crl_valmap_free(&fields);
  return rc;
}
