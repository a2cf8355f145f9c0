/* Shape: find a coroutine's intrinsics and check what every ABI needs
 * (each ABI's own rules are its lowering's validate hook).
 * Anything malformed is a diagnostic naming the function and instruction;
 * nothing here changes the IR except filling in implicit frame handles. */
#include "coro/coro.h"

#include <string.h>
#include "irkit/oom.h"

static crl_abi abi_of_id(crl_intr k) {
  switch (k) {
  case CRL_I_ID: return CRL_ABI_SWITCH;
  case CRL_I_ID_RETCON: return CRL_ABI_RETCON;
  case CRL_I_ID_RETCON_ONCE: return CRL_ABI_RETCON_ONCE;
  case CRL_I_ID_ASYNC: return CRL_ABI_ASYNC;
  default: return CRL_ABI_NONE;
  }
}

static int is_suspend(crl_intr k) {
  return k == CRL_I_SUSPEND || k == CRL_I_SUSPEND_RETCON ||
         k == CRL_I_SUSPEND_ASYNC;
}

static int record(crl_coro *c, crl_shape *sh, LLVMValueRef i, crl_intr k) {
  crl_abi abi = abi_of_id(k);
  if (abi) {
    if (sh->id) {
      CRL_ERR(c, i, "a coroutine must have exactly one coroutine id; another is %s",
              crl_intrinsic_name(crl_intrinsic_of(sh->id)));
      return -1;
    }
    sh->id = i;
    sh->abi = abi;
    return 0;
  }
  switch (k) {
  case CRL_I_BEGIN:
  case CRL_I_BEGIN_CUSTOM_ABI:
    if (sh->begin) {
      CRL_ERR(c, i, "a coroutine must have exactly one llvm.coro.begin");
      return -1;
    }
    sh->begin = i;
    return 0;
  case CRL_I_ALLOC: return crl_vec_push(&sh->allocs, i);
  case CRL_I_FREE: return crl_vec_push(&sh->frees, i);
  case CRL_I_SIZE: return crl_vec_push(&sh->sizes, i);
  case CRL_I_ALIGN: return crl_vec_push(&sh->aligns, i);
  case CRL_I_SAVE: return crl_vec_push(&sh->saves, i);
  case CRL_I_END:
  case CRL_I_END_ASYNC: return crl_vec_push(&sh->ends, i);
  case CRL_I_IS_IN_RAMP: return crl_vec_push(&sh->in_ramps, i);
  case CRL_I_ALLOCA_ALLOC:
  case CRL_I_ALLOCA_GET:
  case CRL_I_ALLOCA_FREE: return crl_vec_push(&sh->allocas_get, i);
  default: return 0;
  }
}

static int collect(crl_coro *c, crl_shape *sh) {
  crl_vec susp = {0};
  int rc = 0, oom = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(c->fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      crl_intr k = crl_intrinsic_of(i);
      /* A split coroutine's ramp inlined here: its markers are not ours. */
      if (k == CRL_I_NONE || k == CRL_I_LIFETIME_START ||
          k == CRL_I_LIFETIME_END || crl_is_split_marker(i))
        continue;
      if (LLVMIsAInvokeInst(i) && k != CRL_I_AWAIT_SUSPEND_VOID &&
          k != CRL_I_AWAIT_SUSPEND_BOOL && k != CRL_I_AWAIT_SUSPEND_HANDLE) {
        CRL_ERR(c, i, "%s cannot be invoked", crl_intrinsic_name(k));
        rc = -1;
        continue;
      }
      if (is_suspend(k) && crl_vec_push(&susp, i) != 0) oom = 1;
      if (record(c, sh, i, k) != 0) rc = -1;
    }
  c->num_susp = susp.n;
  c->susp = crl_calloc(susp.n ? susp.n : 1, sizeof *c->susp);
  if (oom || !c->susp) {
    CRL_ERR(c, NULL, "out of memory collecting the coroutine's intrinsics");
    c->num_susp = 0;
    rc = -1;
  }
  for (unsigned s = 0; s < c->num_susp; s++) {
    c->susp[s].call = susp.v[s];
    c->susp[s].index = s;
  }
  crl_vec_free(&susp);
  return rc;
}

/* The front end may pass null where the frame handle is meant (coro.save,
 * coro.end, coro.frame); LLVM's CoroEarly fills them in, and so do we. */
static void fill_handles(crl_coro *c) {
  crl_vec frames = {0};
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(c->fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      crl_intr k = crl_intrinsic_of(i);
      if (k == CRL_I_FRAME) crl_vec_push(&frames, i);
      if ((k == CRL_I_SAVE || k == CRL_I_END || k == CRL_I_END_ASYNC) &&
          LLVMIsAConstantPointerNull(LLVMGetOperand(i, 0)))
        LLVMSetOperand(i, 0, c->shape->begin);
    }
  for (unsigned n = 0; n < frames.n; n++) {
    LLVMReplaceAllUsesWith(frames.v[n], c->shape->begin);
    LLVMInstructionEraseFromParent(frames.v[n]);
  }
  crl_vec_free(&frames);
}

/* Past a non-unwind coro.end the coroutine is over: clones return there,
 * and the analyses take what follows for ramp-only code. A suspend that
 * can still be reached (a coro.end ahead of the body, say) has no meaning;
 * LLVM aborts on such input. One walk from all such ends together. */
static int check_after_end(crl_coro *c) {
  crl_valmap seen;
  crl_valmap_init(&seen, 16);
  crl_bvec work = {0};
  int oom = 0;
  for (unsigned n = 0; n < c->shape->ends.n; n++) {
    LLVMValueRef e = c->shape->ends.v[n];
    if (!crl_is_fallthrough_end(e)) continue;
    for (LLVMValueRef i = LLVMGetNextInstruction(e); i; i = LLVMGetNextInstruction(i))
      if (crl_valmap_has(&seen, i)) break;
      else crl_valmap_put(&seen, i, i);
    oom |= crl_bvec_push(&work, LLVMGetInstructionParent(e));
  }
  while (work.n) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(work.v[--work.n]);
    unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
    for (unsigned k = 0; k < ns; k++) {
      LLVMBasicBlockRef to = LLVMGetSuccessor(t, k);
      if (crl_valmap_has(&seen, to)) continue;
      crl_valmap_put(&seen, to, to);
      oom |= crl_bvec_push(&work, to);
    }
  }
  int rc = 0;
  if (oom) {
    CRL_ERR(c, NULL, "out of memory following the coroutine's ends");
    rc = -1;
  }
  for (uint32_t s = 0; s < c->num_susp && rc == 0; s++) {
    LLVMValueRef call = c->susp[s].call;
    if (crl_valmap_has(&seen, call) ||
        crl_valmap_has(&seen, LLVMGetInstructionParent(call))) {
      CRL_ERR(c, call, "a suspend point can be reached after a non-unwind "
                       "llvm.coro.end, where the coroutine has ended");
      rc = -1;
    }
  }
  crl_bvec_free(&work);
  crl_valmap_free(&seen);
  return rc;
}

/* Did collect find a coroutine intrinsic other than an id, begin or
 * suspend? */
static int has_other_intrinsics(const crl_shape *sh) {
  const crl_vec *vs[] = {&sh->allocs, &sh->frees, &sh->sizes, &sh->aligns, &sh->ends,
                         &sh->in_ramps, &sh->saves, &sh->allocas_get};
  for (size_t i = 0; i < sizeof vs / sizeof *vs; i++)
    if (vs[i]->n) return 1;
  return 0;
}

/* Did collect find any coroutine intrinsic at all? */
static int has_intrinsics(const crl_coro *c, const crl_shape *sh) {
  return has_other_intrinsics(sh) || sh->id || sh->begin || c->num_susp;
}

int crl_shape_build(crl_coro *c, crl_shape *sh) {
  memset(sh, 0, sizeof *sh);
  c->shape = sh;
  if (collect(c, sh) != 0) return -1;
  /* presplitcoroutine on a function without any coroutine intrinsic: there
   * is nothing to lower, and LLVM leaves such a function as it is. */
  if (!has_intrinsics(c, sh)) return 1;
  if (!sh->id) {
    CRL_ERR(c, c->num_susp ? c->susp[0].call : NULL,
            "presplit coroutine has no coroutine id (llvm.coro.id*)");
    return -1;
  }
  /* An id and nothing else, not even a use of it: no coroutine (LLVM's
   * passes drop the id and leave the function as it is). */
  if (!sh->begin && sh->id && !c->num_susp && !LLVMGetFirstUse(sh->id) &&
      !has_other_intrinsics(sh)) {
    LLVMInstructionEraseFromParent(sh->id);
    sh->id = NULL;
    return 1;
  }
  if (!sh->begin) {
    CRL_ERR(c, c->num_susp ? c->susp[0].call : sh->id,
            "coroutine never calls llvm.coro.begin");
    return -1;
  }
  if (LLVMGetOperand(sh->begin, 0) != sh->id) {
    CRL_ERR(c, sh->begin, "llvm.coro.begin does not take this coroutine's id");
    return -1;
  }
  fill_handles(c);
  return check_after_end(c);
}

unsigned crl_presplit_kind(void) {
  static const char name[] = "presplitcoroutine";
  return LLVMGetEnumAttributeKindForName(name, sizeof name - 1);
}

int crl_is_presplit(LLVMValueRef fn) {
  return LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                                     crl_presplit_kind()) != NULL;
}

void crl_set_presplit(LLVMValueRef fn, int on) {
  unsigned kind = crl_presplit_kind();
  if (!on) {
    LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind);
    return;
  }
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
  LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                          LLVMCreateEnumAttribute(ctx, kind, 0));
}

/* Found through the id declarations' uses, in their (deterministic) use
 * order, so modules without such ids cost no walk. */
unsigned crl_mark_coroutines(LLVMModuleRef m) {
  unsigned marked = 0;
  for (LLVMValueRef d = LLVMGetFirstFunction(m); d; d = LLVMGetNextFunction(d)) {
    if (!LLVMIsDeclaration(d) || !crl_id_implies_coroutine(crl_intrinsic_of_fn(d)))
      continue;
    for (LLVMUseRef u = LLVMGetFirstUse(d); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef i = LLVMGetUser(u);
      if (!LLVMIsAInstruction(i) || crl_intrinsic_of(i) == CRL_I_NONE) continue;
      LLVMValueRef f = LLVMGetBasicBlockParent(LLVMGetInstructionParent(i));
      if (crl_is_presplit(f)) continue;
      crl_set_presplit(f, 1);
      marked++;
    }
  }
  return marked;
}

void crl_shape_free(crl_shape *sh) {
  crl_vec *vs[] = {&sh->allocs, &sh->frees, &sh->sizes, &sh->aligns, &sh->ends,
                   &sh->in_ramps, &sh->saves, &sh->allocas_get};
  for (size_t i = 0; i < sizeof vs / sizeof *vs; i++) crl_vec_free(vs[i]);
}

void crl_coro_free(crl_coro *c) {
  crl_vec_free(&c->frame.dead_allocas);
  crl_vec_free(&c->pinned_allocas);
  crl_valmap_free(&c->unstorable);
  free(c->susp);
  c->susp = NULL;
  if (c->b) LLVMDisposeBuilder(c->b);
  c->b = NULL;
}

/* Coroutine intrinsics that only make sense inside a presplit coroutine. */
static int coroutine_only(crl_intr k) {
  return abi_of_id(k) || is_suspend(k) || k == CRL_I_BEGIN ||
         k == CRL_I_SAVE || k == CRL_I_ALLOC || k == CRL_I_FREE ||
         k == CRL_I_END || k == CRL_I_END_ASYNC || k == CRL_I_IS_IN_RAMP ||
         k == CRL_I_AWAIT_SUSPEND_VOID || k == CRL_I_AWAIT_SUSPEND_BOOL ||
         k == CRL_I_AWAIT_SUSPEND_HANDLE || k == CRL_I_FRAME ||
         k == CRL_I_SIZE || k == CRL_I_ALIGN;
}

int crl_check_outside_coroutines(LLVMModuleRef m, crl_result *res) {
  int rc = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f) || crl_is_presplit(f)) continue;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb;
         bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
           i = LLVMGetNextInstruction(i)) {
        crl_intr k = crl_intrinsic_of(i);
        if (coroutine_only(k) && !crl_is_split_marker(i)) {
          crl_diagf(res, CRL_SEV_ERROR, f, i,
                    "%s outside a presplit coroutine (the function lacks the "
                    "presplitcoroutine attribute)",
                    crl_intrinsic_name(k));
          rc = -1;
        }
      }
  }
  return rc;
}
