#include "switch_lowering/switch_dispatch.h"

#include <stdio.h>
#include <string.h>

#include "ir/blocks.h"
#include "ir/clone.h"
#include "ir/debug_info.h"
#include "ir/feasible.h"
#include "ir/frame_plan.h"
#include "targets/targets.h"

typedef enum { FN_RAMP, FN_RESUME, FN_DESTROY, FN_CLEANUP } fn_kind;

typedef struct clone_ctx {
  crl_coro *c;
  LLVMValueRef fn, frame;
  LLVMBuilderRef entry_b; /* positioned at the end of the clone's entry */
  crl_clone_opts *o;
  LLVMBasicBlockRef sink; /* `unreachable`: successors the clone never takes */
} clone_ctx;

/* Values a clone uses but does not contain: the frame, allocas that stayed
 * on the stack (fresh ones in the clone) and address arithmetic on them
 * (recomputed at the clone's entry). Anything else is a value that should
 * have been spilled: an internal error. */
static LLVMValueRef missing(LLVMValueRef v, void *vctx) {
  clone_ctx *x = vctx;
  crl_coro *c = x->c;
  if (v == c->begin) return x->frame;
  if (v == c->id) return LLVMConstNull(LLVMTypeOf(v));
  if (LLVMValueIsBasicBlock(v)) return LLVMBasicBlockAsValue(x->sink);
  if (LLVMIsAAllocaInst(v)) {
    LLVMValueRef a = LLVMBuildAlloca(x->entry_b, LLVMGetAllocatedType(v), "");
    LLVMSetAlignment(a, LLVMGetAlignment(v));
    return a;
  }
  if (LLVMIsAInstruction(v) && crl_is_remat(c, v)) {
    /* Operands first, so they are defined before the clone. */
    unsigned n = LLVMGetNumOperands(v); /* a call's callee is an operand too */
    LLVMValueRef ops[8];
    if (n > 8) return NULL;
    for (unsigned k = 0; k < n; k++) {
      LLVMValueRef op = LLVMGetOperand(v, k);
      ops[k] = op;
      if (LLVMIsAConstant(op)) continue;
      LLVMValueRef m = crl_valmap_get(x->o->map, op);
      if (!m) m = missing(op, vctx);
      if (!m) return NULL;
      crl_valmap_put(x->o->map, op, m);
      ops[k] = m;
    }
    LLVMValueRef cl = LLVMInstructionClone(v);
    LLVMInsertIntoBuilderWithName(x->entry_b, cl, "");
    for (unsigned k = 0; k < n; k++) LLVMSetOperand(cl, k, ops[k]);
    return cl;
  }
  return NULL;
}

/* A field's address at the clone's entry: the ramp's address, recomputed
 * there once and shared with the clone's other uses of it (unless those
 * were cloned inside a loop, where the entry cannot use them). */
static LLVMValueRef entry_field_addr(clone_ctx *x, LLVMBasicBlockRef entry,
                                     uint32_t field) {
  LLVMValueRef ra = crl_ramp_field_addr(x->c, field);
  LLVMValueRef a = crl_valmap_get(x->o->map, ra);
  if (a && (!LLVMIsAInstruction(a) || LLVMGetInstructionParent(a) == entry)) return a;
  int mapped = a != NULL;
  a = missing(ra, x);
  if (a && !mapped) crl_valmap_put(x->o->map, ra, a);
  return a;
}

/* The suspend index's address at the clone's entry; NULL after an
 * internal-error diagnostic. */
static LLVMValueRef entry_index_addr(clone_ctx *x, LLVMBasicBlockRef entry) {
  crl_coro *c = x->c;
  LLVMValueRef a = entry_field_addr(x, entry, c->field_index);
  if (!a)
    CRL_ERR(c, crl_ramp_field_addr(c, c->field_index),
            "internal error: the suspend index's address cannot be recomputed");
  return a;
}

/* Whether a frame variable can be declared from the slot holding the
 * frame's address: its field sits at a fixed offset and its expression is
 * empty (one LLVM-C cannot read, so cannot extend). */
static int from_frame_slot(crl_coro *c, crl_di *di, const crl_frame_var *v) {
  return !c->fields[v->field].region && crl_di_expr_is_empty(di->dib, v->expr);
}

/* The frame's variables, declared at the clone's entry as LLVM does: from
 * a stack slot holding the frame's address, which stays valid in the
 * whole function even unoptimized. Any other is declared on its field's
 * address. */
static void declare_frame_vars(clone_ctx *x, crl_di *di, LLVMBasicBlockRef entry) {
  crl_coro *c = x->c;
  if (!di->sp || !c->num_frame_vars) return;
  LLVMValueRef *addr = calloc(c->num_frame_vars, sizeof *addr);
  if (!addr) return;
  for (unsigned k = 0; k < c->num_frame_vars; k++)
    if (!from_frame_slot(c, di, &c->frame_vars[k]))
      addr[k] = entry_field_addr(x, entry, c->frame_vars[k].field);
  LLVMValueRef slot = LLVMBuildAlloca(x->entry_b, c->ptr_t, "frame.debug");
  LLVMValueRef st = LLVMBuildStore(x->entry_b, x->frame, slot);
  for (unsigned k = 0; k < c->num_frame_vars; k++) {
    crl_frame_var *v = &c->frame_vars[k];
    LLVMMetadataRef var = crl_di_var(di, v->var), loc = crl_di_loc(di, v->loc);
    if (from_frame_slot(c, di, v))
      LLVMDIBuilderInsertDeclareRecordBefore(
          di->dib, slot, var, crl_di_frame_expr(di->dib, c->fields[v->field].offset),
          loc, st);
    else if (addr[k])
      LLVMDIBuilderInsertDeclareRecordBefore(di->dib, addr[k], var, v->expr, loc, st);
  }
  free(addr);
}

/* Cloning stops at a non-unwind coro.end: the clone returns there. */
static int stop_at_end(LLVMValueRef inst, void *ctx) {
  (void)ctx;
  return crl_is_fallthrough_end(inst);
}

static int ends_clone(LLVMBasicBlockRef bb) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
    if (crl_is_fallthrough_end(i)) return 1;
  return 0;
}

/* What every suspend returns when this clone enters at it. */
static LLVMValueRef suspend_result(crl_coro *c, fn_kind kind) {
  return LLVMConstInt(c->i8_t, kind == FN_RESUME ? 0 : 1, 0);
}

/* The blocks a clone can run, entering every suspend point it dispatches
 * to with its known suspend result (what follows a non-unwind coro.end is
 * the ramp's alone), and the phis that are constant there. */
static int clone_blocks_for(crl_coro *c, fn_kind kind, crl_feasible *out) {
  crl_feasible_seed *seeds = malloc((c->num_susp ? c->num_susp : 1) * sizeof *seeds);
  if (!seeds) return -1;
  LLVMValueRef mode = suspend_result(c, kind);
  unsigned n = 0;
  for (uint32_t s = 0; s < c->num_susp; s++) {
    /* Resuming at the final suspend is undefined: no entry there. */
    if (kind == FN_RESUME && c->susp[s].is_final) continue;
    seeds[n++] = (crl_feasible_seed){c->susp[s].resume, c->susp[s].phi, mode};
  }
  int rc = crl_feasible_run(c->fn, seeds, n, ends_clone, out);
  free(seeds);
  return rc;
}

/* Non-unwind coro.end leaves a clone: everything after it goes. */
static void end_to_return(crl_coro *c, LLVMValueRef end) {
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(end);
  LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
  if (t) {
    unsigned ns = LLVMGetNumSuccessors(t);
    for (unsigned k = 0; k < ns; k++)
      crl_remove_phi_entries(LLVMGetSuccessor(t, k), bb);
  }
  LLVMValueRef i = LLVMGetNextInstruction(end);
  while (i) {
    LLVMValueRef nx = LLVMGetNextInstruction(i);
    if (LLVMGetTypeKind(LLVMTypeOf(i)) != LLVMVoidTypeKind)
      LLVMReplaceAllUsesWith(i, LLVMGetPoison(LLVMTypeOf(i)));
    LLVMInstructionEraseFromParent(i);
    i = nx;
  }
  LLVMPositionBuilderAtEnd(c->b, bb);
  LLVMBuildRetVoid(c->b);
  LLVMInstructionEraseFromParent(end);
}

static int final_index(crl_coro *c) {
  for (uint32_t s = 0; s < c->num_susp; s++)
    if (c->susp[s].is_final) return (int)s;
  return -1;
}

/* Unwinding out of a resume function: the coroutine is done. */
static void mark_done(crl_coro *c, LLVMValueRef end, LLVMValueRef frame,
                      LLVMValueRef index_addr) {
  LLVMPositionBuilderBefore(c->b, end);
  LLVMBuildStore(c->b, LLVMConstNull(c->ptr_t), frame);
  int fi = final_index(c);
  if (fi >= 0)
    LLVMBuildStore(c->b, LLVMConstInt(c->index_t, (unsigned long long)fi, 0), index_addr);
}

static int is_unwind_end(LLVMValueRef end) {
  LLVMValueRef u = LLVMGetOperand(end, 1);
  return LLVMIsAConstantInt(u) && LLVMConstIntGetZExtValue(u) != 0;
}

/* Lowers the intrinsics whose meaning depends on which function they are
 * in; `frame` is the frame pointer there, `index_addr` the suspend index's
 * address in a clone. */
static int lower_in_fn(crl_coro *c, LLVMValueRef fn, fn_kind kind,
                       LLVMValueRef frame, LLVMValueRef index_addr) {
  crl_vec todo = {0};
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i))
      /* A split callee's markers (its ramp inlined here, elision markers
       * kept) are left for CoroElide. */
      if (crl_intrinsic_of(i) != CRL_I_NONE && !crl_is_split_marker(i))
        crl_vec_push(&todo, i);
  for (unsigned n = 0; n < todo.n; n++) {
    LLVMValueRef i = todo.v[n];
    crl_intr k = crl_intrinsic_of(i);
    LLVMValueRef repl = NULL;
    switch (k) {
    case CRL_I_END:
      if (kind == FN_RAMP) {
        LLVMInstructionEraseFromParent(i);
      } else if (is_unwind_end(i)) {
        mark_done(c, i, frame, index_addr);
        LLVMInstructionEraseFromParent(i);
      } else {
        end_to_return(c, i);
      }
      continue;
    case CRL_I_IS_IN_RAMP:
      repl = LLVMConstInt(c->i1_t, kind == FN_RAMP, 0);
      break;
    case CRL_I_ALLOC:
      /* In the ramp, an elision marker: CoroElide turns it false. */
      if (kind == FN_RAMP && c->opts->keep_elision_markers) continue;
      repl = LLVMConstInt(c->i1_t, kind == FN_RAMP, 0);
      break;
    case CRL_I_FREE:
      if (kind == FN_RAMP && c->opts->keep_elision_markers) continue;
      repl = kind == FN_CLEANUP ? LLVMConstNull(c->ptr_t) : LLVMGetOperand(i, 1);
      break;
    case CRL_I_SIZE:
      repl = LLVMConstInt(LLVMTypeOf(i), c->frame_size, 0);
      break;
    case CRL_I_ALIGN:
      repl = LLVMConstInt(LLVMTypeOf(i), c->frame_align, 0);
      break;
    default:
      continue;
    }
    LLVMReplaceAllUsesWith(i, repl);
    LLVMInstructionEraseFromParent(i);
  }
  crl_vec_free(&todo);
  return 0;
}

/* Symmetric transfer: the awaiter handed back a coroutine to run next. In
 * a resume function that is a tail call (musttail, so chains of transfers
 * never grow the stack); in the ramp an ordinary call. */
static void transfer(crl_coro *c, LLVMBasicBlockRef pre, LLVMValueRef handle,
                     LLVMBasicBlockRef resume, int in_clone) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(pre);
  LLVMPositionBuilderBefore(c->b, t);
  LLVMValueRef fp = LLVMBuildLoad2(c->b, c->ptr_t, handle, "");
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(c->ctx), &c->ptr_t, 1, 0);
  LLVMValueRef call = LLVMBuildCall2(c->b, fty, fp, &handle, 1, "");
  LLVMSetInstructionCallConv(call, LLVMFastCallConv);
  /* The await's location: once the callee is known it may be inlined. */
  LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(handle);
  LLVMInstructionSetDebugLoc(fp, loc);
  LLVMInstructionSetDebugLoc(call, loc);
  if (!in_clone) return;
  LLVMSetTailCallKind(call, crl_target_supports_musttail(LLVMGetTarget(c->mod))
                                ? LLVMTailCallKindMustTail
                                : LLVMTailCallKindTail);
  crl_remove_phi_entries(resume, pre);
  LLVMBuildRetVoid(c->b);
  LLVMInstructionEraseFromParent(t);
}

/* The clone's value for a suspend's landing phi: a phi to give the
 * dispatch's entry, or NULL when the phi folded to the known result. */
static LLVMValueRef landing_phi(crl_valmap *map, crl_suspend *sp) {
  LLVMValueRef phi = crl_valmap_get(map, sp->phi);
  return phi && LLVMIsAPHINode(phi) ? phi : NULL;
}

static void add_dispatch(crl_coro *c, LLVMValueRef fn, fn_kind kind,
                         crl_valmap *map, LLVMBuilderRef eb,
                         LLVMBasicBlockRef entry, LLVMBasicBlockRef sink,
                         LLVMValueRef frame, LLVMValueRef iaddr) {
  LLVMValueRef mode = suspend_result(c, kind);
  LLVMBasicBlockRef from = entry;
  int fi = final_index(c);
  LLVMPositionBuilderAtEnd(eb, entry);
  if (fi >= 0 && kind != FN_RESUME) {
    /* The final suspend stores no index (that would cost every resume a
     * merged store): its null resume pointer identifies it, as in LLVM. */
    LLVMBasicBlockRef disp = LLVMAppendBasicBlockInContext(c->ctx, fn, "dispatch");
    LLVMValueRef rf = LLVMBuildLoad2(eb, c->ptr_t, frame, "resume.fn");
    LLVMValueRef done = LLVMBuildIsNull(eb, rf, "at.final");
    LLVMBasicBlockRef fb = crl_valmap_get(map, c->susp[fi].resume);
    LLVMBuildCondBr(eb, done, fb, disp);
    LLVMValueRef phi = landing_phi(map, &c->susp[fi]);
    if (phi) LLVMAddIncoming(phi, &mode, &entry, 1);
    LLVMPositionBuilderAtEnd(eb, disp);
    from = disp;
  }
  LLVMValueRef idx = LLVMBuildLoad2(eb, c->index_t, iaddr, "index");
  LLVMValueRef sw = LLVMBuildSwitch(eb, idx, sink, c->num_susp);
  for (uint32_t s = 0; s < c->num_susp; s++) {
    /* Resuming at the final suspend is undefined, and destroying there is
     * handled above: no case, so a generator's dispatch is one compare. */
    if (c->susp[s].is_final) continue;
    LLVMBasicBlockRef rb = crl_valmap_get(map, c->susp[s].resume);
    LLVMAddCase(sw, LLVMConstInt(c->index_t, s, 0), rb);
    LLVMValueRef phi = landing_phi(map, &c->susp[s]);
    if (phi) LLVMAddIncoming(phi, &mode, &from, 1);
  }
}

/* A clone returns only where the coroutine suspends or reaches a
 * fall-through coro.end (both made later). A return of the ramp's own that
 * a clone can still reach (past an unwind coro.end off any landing pad,
 * say) cannot run there: it becomes unreachable, as in LLVM's clones. */
static void drop_ramp_returns(LLVMValueRef fn, LLVMBuilderRef b) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    if (!t || !LLVMIsAReturnInst(t)) continue;
    LLVMPositionBuilderBefore(b, t);
    LLVMBuildUnreachable(b);
    LLVMInstructionEraseFromParent(t);
  }
}

static int build_clone(crl_coro *c, LLVMValueRef fn, fn_kind kind,
                       const crl_feasible *run) {
  LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(c->ctx, fn, "entry");
  LLVMBasicBlockRef sink = LLVMAppendBasicBlockInContext(c->ctx, fn, "unreachable");
  LLVMBuilderRef eb = LLVMCreateBuilderInContext(c->ctx);
  LLVMPositionBuilderAtEnd(eb, sink);
  LLVMBuildUnreachable(eb);
  LLVMPositionBuilderAtEnd(eb, entry);
  LLVMValueRef frame = LLVMGetParam(fn, 0);
  /* The map takes every cloned instruction and block. */
  size_t expect = run->nconsts + run->n + 16;
  for (unsigned k = 0; k < run->n; k++) expect += crl_count_instructions(run->blocks[k]);
  crl_valmap map;
  crl_valmap_init(&map, expect);
  crl_valmap_put(&map, c->begin, frame);
  /* Phis the clone knows are constant are not cloned: their branches fold. */
  for (unsigned k = 0; k < run->nconsts; k++)
    crl_valmap_put(&map, run->const_phis[k], run->const_vals[k]);
  crl_di di;
  crl_di_begin(&di, c->fn, fn);
  crl_clone_opts o = {&map, missing, NULL, NULL, NULL, stop_at_end, NULL, &di};
  clone_ctx x = {c, fn, frame, eb, &o, sink};
  o.missing_ctx = &x;
  int rc = crl_clone_blocks(c->fn, fn, run->blocks, run->n, &o);
  if (rc != 0) {
    CRL_ERR(c, o.bad_user,
            "internal error: a value used after a suspend was not kept in the "
            "frame: %s",
            o.bad_operand ? LLVMPrintValueToString(o.bad_operand) : "?");
  }
  LLVMValueRef iaddr = NULL;
  if (rc == 0) {
    drop_ramp_returns(fn, eb);
    LLVMPositionBuilderAtEnd(eb, entry);
    LLVMMoveBasicBlockAfter(sink, LLVMGetLastBasicBlock(fn));
    iaddr = entry_index_addr(&x, entry);
    if (!iaddr) rc = -1;
  }
  if (rc == 0) {
    declare_frame_vars(&x, &di, entry);
    add_dispatch(c, fn, kind, &map, eb, entry, sink, frame, iaddr);
    for (uint32_t s = 0; s < c->num_susp; s++) {
      crl_suspend *sp = &c->susp[s];
      if (!sp->handle) continue;
      /* A pre-suspend block the clone never runs maps to the sink. */
      LLVMBasicBlockRef pre = crl_valmap_get(&map, sp->pre);
      LLVMValueRef h = crl_valmap_get(&map, sp->handle);
      if (pre && pre != sink && h)
        transfer(c, pre, h, crl_valmap_get(&map, sp->resume), 1);
    }
    lower_in_fn(c, fn, kind, frame, iaddr);
    crl_simplify_cfg(fn);
    crl_di_relocate(&di, fn);
  }
  crl_di_end(&di);
  crl_valmap_free(&map);
  LLVMDisposeBuilder(eb);
  return rc;
}

int crl_switch_build_clones(crl_coro *c) {
  LLVMValueRef fns[3] = {c->resume_fn, c->destroy_fn, c->cleanup_fn};
  fn_kind kinds[3] = {FN_RESUME, FN_DESTROY, FN_CLEANUP};
  crl_feasible run = {0};
  int rc = 0;
  for (int k = 0; k < 3 && rc == 0; k++) {
    /* Destroy and cleanup enter alike: one analysis serves both. */
    if (k != 2) {
      crl_feasible_free(&run);
      if (clone_blocks_for(c, kinds[k], &run)) {
        CRL_ERR(c, c->id, "out of memory");
        rc = -1;
        break;
      }
    }
    rc = build_clone(c, fns[k], kinds[k], &run);
  }
  crl_feasible_free(&run);
  return rc;
}

/* coro.id's fourth operand: the constant array CoroElide reads. */
static void set_info(crl_coro *c) {
  LLVMValueRef fns[3] = {c->resume_fn, c->destroy_fn, c->cleanup_fn};
  LLVMValueRef arr = LLVMConstArray2(c->ptr_t, fns, 3);
  size_t len = 0;
  const char *base = LLVMGetValueName2(c->fn, &len);
  char *name = malloc(len + 16);
  snprintf(name, len + 16, "%.*s.resumers", (int)len, base);
  LLVMValueRef g = LLVMAddGlobal(c->mod, LLVMTypeOf(arr), name);
  free(name);
  LLVMSetInitializer(g, arr);
  LLVMSetGlobalConstant(g, 1);
  LLVMSetLinkage(g, LLVMPrivateLinkage);
  LLVMSetOperand(c->id, 3, g);
}

int crl_switch_finish_ramp(crl_coro *c) {
  for (uint32_t s = 0; s < c->num_susp; s++)
    if (c->susp[s].handle)
      transfer(c, c->susp[s].pre, c->susp[s].handle, c->susp[s].resume, 0);
  lower_in_fn(c, c->fn, FN_RAMP, c->begin, NULL);
  /* Only now: with its clone array, this coroutine's own markers would
   * read as a split callee's, which lower_in_fn leaves alone. */
  if (c->resume_fn) set_info(c);
  crl_simplify_cfg(c->fn);
  /* Reloads on the ramp's suspend paths are dead once those paths fold;
   * blocks may have been deleted, so look them up from the live IR. */
  crl_valmap mine;
  crl_valmap_init(&mine, c->reloads.n);
  for (unsigned k = 0; k < c->reloads.n; k++)
    crl_valmap_put(&mine, c->reloads.v[k], c->reloads.v[k]);
  crl_vec dead = {0};
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(c->fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i))
      if (!LLVMGetFirstUse(i) && crl_valmap_has(&mine, i))
        crl_vec_push(&dead, i);
  for (unsigned k = 0; k < dead.n; k++) LLVMInstructionEraseFromParent(dead.v[k]);
  crl_vec_free(&dead);
  crl_valmap_free(&mine);
  c->reloads.n = 0;
  return 0;
}
