/* Suspend points of an async coroutine before the frame is planned: each
 * gets its resume function (declared now, so that llvm.coro.async.resume
 * can become its address, which the front end stores where the callee
 * finds it), its tail call at the end of the block before it (so the frame
 * is stored before that call, and its arguments are ordinary uses there),
 * and a placeholder for what it returns at the top of its resume block,
 * which each resume function replaces with its parameters. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "async_lowering/async_internal.h"
#include "irkit/oom.h"
#include "cloner/clone.h"
#include "irkit/blocks.h"
#include "irkit/valmap.h"

static int has_fn_string_attr(LLVMValueRef f, const char *k) {
  return LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, k,
                                       (unsigned)strlen(k)) != NULL;
}

static int named(LLVMValueRef v, const char *name) {
  size_t len = 0;
  const char *n = LLVMGetValueName2(v, &len);
  return len == strlen(name) && memcmp(n, name, len) == 0;
}

/* NAME.resume.N, or Swift's mangled suffixes (TQN_, TYN_) for Swift's own
 * context projections, as LLVM names them. */
static char *resume_name(crl_coro *c, const crl_async_susp *as, uint32_t s) {
  size_t len = 0;
  const char *base = LLVMGetValueName2(c->fn, &len);
  const char *fmt = "%.*s.resume.%u";
  if (named(as->projection, "__swift_async_resume_project_context")) fmt = "%.*sTQ%u_";
  else if (named(as->projection, "__swift_async_resume_get_context")) fmt = "%.*sTY%u_";
  size_t n = len + 32;
  char *name = crl_malloc(n);
  if (name) snprintf(name, n, fmt, (int)len, base, (unsigned)s);
  return name;
}

static void add_param_attr(crl_coro *c, LLVMValueRef f, unsigned param, const char *k) {
  unsigned kind = LLVMGetEnumAttributeKindForName(k, strlen(k));
  LLVMAddAttributeAtIndex(f, param + 1, LLVMCreateEnumAttribute(c->ctx, kind, 0));
}

/* The coroutine's calling convention and function attributes (LLVM's
 * rules: swiftasync on the context parameter, and swiftself where the
 * suspend says, only when the coroutine's own context is swiftasync; an
 * `async_entry` coroutine's parts that pop Swift's frame are `async_ret`). */
static LLVMValueRef declare_resume(crl_coro *c, const crl_async_susp *as, uint32_t s) {
  char *name = resume_name(c, as, s);
  unsigned n = LLVMCountStructElementTypes(as->result_t);
  LLVMTypeRef *pt = crl_malloc((n + 1) * sizeof *pt);
  if (!name || !pt) {
    free(name);
    free(pt);
    return NULL;
  }
  LLVMGetStructElementTypes(as->result_t, pt);
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(c->ctx), pt, n, 0);
  LLVMValueRef f = LLVMAddFunction(c->mod, name, fty);
  free(name);
  free(pt);
  LLVMSetLinkage(f, LLVMInternalLinkage);
  LLVMSetFunctionCallConv(f, LLVMGetFunctionCallConv(c->fn));
  unsigned skip[3] = {crl_presplit_kind(),
                      LLVMGetEnumAttributeKindForName("noreturn", 8), 0};
  crl_copy_fn_attrs(c->fn, f, skip);
  if (has_fn_string_attr(c->fn, "async_entry")) {
    LLVMRemoveStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, "async_entry", 11);
    if (named(as->projection, "__swift_async_resume_project_context"))
      LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                              LLVMCreateStringAttribute(c->ctx, "async_ret", 9, "", 0));
  }
  unsigned sa = LLVMGetEnumAttributeKindForName("swiftasync", 10);
  if (LLVMGetEnumAttributeAtIndex(c->fn, crl_async_of(c)->ctx_arg + 1, sa)) {
    add_param_attr(c, f, as->ctx_index, "swiftasync");
    if (as->self_index) add_param_attr(c, f, as->self_index, "swiftself");
  }
  return f;
}

/* Placeholders no suspend names resume nowhere (LLVM's CoroCleanup gives
 * them null), and saves have no meaning here: both go. The suspends' own
 * placeholders, kept as markers, stay. */
static void drop_strays(crl_coro *c, const crl_valmap *markers) {
  crl_vec stray = {0};
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(c->fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (crl_intrinsic_of(i) == CRL_I_ASYNC_RESUME && !crl_valmap_has(markers, i))
        crl_vec_push(&stray, i);
  for (unsigned k = 0; k < stray.n; k++) {
    LLVMReplaceAllUsesWith(stray.v[k], LLVMConstNull(c->ptr_t));
    LLVMInstructionEraseFromParent(stray.v[k]);
  }
  crl_vec_free(&stray);
  for (unsigned k = 0; k < c->shape->saves.n; k++) LLVMInstructionEraseFromParent(c->shape->saves.v[k]);
}

/* What coro.begin dominates: `out` takes the blocks the entry reaches
 * without passing through coro.begin's, `after` the instructions after it
 * in its block (looked up, not walked to: a function with N awaits in
 * coro.begin's block would make N walks of it). */
static int outside_begin(crl_coro *c, crl_valmap *out, crl_valmap *after) {
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(c->fn);
  LLVMBasicBlockRef begin_bb = LLVMGetInstructionParent(c->shape->begin);
  if (crl_valmap_init(out, 16) != 0 || crl_valmap_init(after, 16) != 0) return -1;
  for (LLVMValueRef i = LLVMGetNextInstruction(c->shape->begin); i; i = LLVMGetNextInstruction(i))
    if (crl_valmap_put(after, i, i) != 0) return -1;
  if (entry == begin_bb) return 0;
  crl_bvec work = {0};
  int oom = crl_valmap_put(out, entry, entry) != 0 || crl_bvec_push(&work, entry) != 0;
  while (work.n && !oom) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(work.v[--work.n]);
    unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
    for (unsigned k = 0; k < ns && !oom; k++) {
      LLVMBasicBlockRef to = LLVMGetSuccessor(t, k);
      if (to == begin_bb || crl_valmap_has(out, to)) continue;
      oom = crl_valmap_put(out, to, to) != 0 || crl_bvec_push(&work, to) != 0;
    }
  }
  crl_bvec_free(&work);
  return oom ? -1 : 0;
}

static int under_begin(crl_coro *c, const crl_valmap *outside, const crl_valmap *after,
                       LLVMValueRef i) {
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(i);
  if (bb == LLVMGetInstructionParent(c->shape->begin)) return crl_valmap_has(after, i);
  return !crl_valmap_has(outside, bb);
}

/* The resume function exists from its llvm.coro.async.resume on, and any
 * call given it from there (a continuation handed to an executor) may
 * resume the coroutine on another thread before this part reaches the
 * suspend's tail call. So the frame must be complete there: the call
 * stays, with no uses, as the point the rewrite stores the frame ahead of
 * (values made after it are stored where they are made), until the
 * split. Above coro.begin there is no frame yet: it moves to just after
 * coro.begin, the earliest point the frame can be stored. */
static int keep_markers(crl_coro *c, crl_valmap *markers) {
  crl_valmap outside = {0}, after = {0};
  if (outside_begin(c, &outside, &after) != 0 ||
      crl_valmap_init(markers, c->num_susp + 1) != 0) {
    crl_valmap_free(&outside);
    crl_valmap_free(&after);
    CRL_ERR(c, c->shape->id, "out of memory");
    return -1;
  }
  crl_async_state *st = crl_async_of(c);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c->ctx);
  int rc = 0;
  for (uint32_t s = 0; s < c->num_susp && rc == 0; s++) {
    LLVMValueRef m = st->susp[s].resume_call;
    if (!under_begin(c, &outside, &after, c->susp[s].call)) {
      CRL_ERR(c, c->susp[s].call, "suspend point is not dominated by llvm.coro.begin: "
                                  "there is no frame yet to keep its values in");
      rc = -1;
      break;
    }
    LLVMReplaceAllUsesWith(m, st->susp[s].resume_fn);
    if (!under_begin(c, &outside, &after, m)) {
      LLVMInstructionRemoveFromParent(m);
      LLVMPositionBuilderBefore(b, LLVMGetNextInstruction(c->shape->begin));
      LLVMInsertIntoBuilder(b, m);
    }
    if (crl_valmap_put(markers, m, m) != 0) {
      CRL_ERR(c, c->shape->id, "out of memory");
      rc = -1;
    }
  }
  LLVMDisposeBuilder(b);
  crl_valmap_free(&outside);
  crl_valmap_free(&after);
  return rc;
}

int crl_async_normalize(crl_coro *c) {
  crl_async_state *st = crl_async_of(c);
  /* Swifterror pointers go first: swiftc gives every async function that
   * calls a throwing one a swifterror alloca, which no frame may hold. */
  if (crl_swifterror_eliminate(c, &st->swe, 0, &c->shape->ends) != 0) return -1;
  for (uint32_t s = 0; s < c->num_susp; s++) {
    crl_async_susp *as = &st->susp[s];
    as->resume_fn = declare_resume(c, as, s);
    if (!as->resume_fn) {
      CRL_ERR(c, c->susp[s].call, "out of memory");
      return -1;
    }
  }
  crl_valmap markers = {0};
  int rc = keep_markers(c, &markers);
  if (rc == 0) drop_strays(c, &markers);
  crl_valmap_free(&markers);
  if (rc != 0 || crl_async_guard_locals(c) != 0) return -1;
  /* The coroutine's own context: each resume function has it from the
   * projection, so it never needs a frame slot. */
  c->frame_base = LLVMGetParam(c->fn, st->ctx_arg);
  unsigned nr = LLVMGetEnumAttributeKindForName("noreturn", 8);
  LLVMRemoveEnumAttributeAtIndex(c->fn, LLVMAttributeFunctionIndex, nr);
  return 0;
}

int crl_async_normalize_suspend(crl_coro *c, crl_suspend *sp) {
  crl_async_susp *as = &crl_async_of(c)->susp[sp->index];
  LLVMValueRef call = sp->call;
  LLVMPositionBuilderBefore(c->b, LLVMGetBasicBlockTerminator(sp->pre));
  as->tail = crl_async_build_call(c, c->b, as->fn, call, 4, call);
  if (!as->tail) return -1;
  /* Everything the resume functions need is in the frame before the
   * resume function can be handed over (keep_markers), so before the
   * call too: the callee may run them before it returns, or never return. */
  sp->save = as->resume_call;
  if (LLVMGetFirstUse(call)) {
    LLVMPositionBuilderBeforeInstrAndDbgRecords(c->b, crl_first_non_phi(sp->resume));
    sp->result = LLVMBuildFreeze(c->b, LLVMGetPoison(as->result_t), "async.result");
    LLVMReplaceAllUsesWith(call, sp->result);
  }
  LLVMInstructionEraseFromParent(call);
  return 0;
}
