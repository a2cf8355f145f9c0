/* The split functions' shared cloner (see split_clone.h). */
#include "cloner/split_clone.h"
#include "irkit/oom.h"

#include <stdlib.h>
#include <string.h>

#include "frame/frame.h"
#include "irkit/blocks.h"
#include "cloner/frame_debug.h"
#include "cloner/records.h"

/* Values a clone uses but does not contain: the frame, allocas that stayed
 * on the stack (fresh ones in the clone) and address arithmetic on them
 * (recomputed at the clone's entry). Anything else is a value that should
 * have been spilled: an internal error. */
/* The variables declared on stack alloca `orig` are declared on the
 * clone's own copy `copy`, at its entry, as a debugger needs them in
 * resumed code. */
static void declare_stack_vars(crl_split_clone *x, LLVMValueRef orig, LLVMValueRef copy) {
  crl_coro *c = x->c;
  if (!x->has_di || !x->di.sp || !c->frame.stack_var_of.cap) return;
  for (uint32_t k = crl_valmap_get_id(&c->frame.stack_var_of, orig); k != UINT32_MAX;
       k = c->frame.stack_vars[k].next) {
    const crl_stack_var *v = &c->frame.stack_vars[k];
    LLVMMetadataRef var = crl_di_var(&x->di, v->var), loc = crl_di_loc(&x->di, v->loc);
    if (var && loc)
      LLVMDIBuilderInsertDeclareRecordAtEnd(x->di.dib, copy, var, v->expr, loc, x->entry);
  }
}

static LLVMValueRef missing(LLVMValueRef v, void *vctx);

/* The clone's own copy of stack alloca v, at its entry: a copy of the
 * instruction itself, so that what LLVM-C cannot build or set (the element
 * count of `alloca T, i32 N`, the swifterror and inalloca flags, the
 * address space) stays as the input has it. A count that is no constant
 * must be one the clone can compute at its entry; NULL after a diagnostic
 * if it cannot. */
static LLVMValueRef fresh_alloca(crl_split_clone *x, LLVMValueRef v) {
  LLVMValueRef n = LLVMGetOperand(v, 0);
  if (!LLVMIsAConstant(n)) {
    LLVMValueRef m = crl_valmap_get(&x->map, n);
    if (!m && !(m = missing(n, x))) {
      CRL_ERR(x->c, v, "the alloca's element count is computed at run time and "
                       "the alloca is used after a suspend: the resumed code "
                       "cannot compute it again (not supported)");
      x->reported = 1;
      return NULL;
    }
    crl_valmap_put(&x->map, n, m);
    n = m;
  }
  LLVMValueRef a = LLVMInstructionClone(v);
  /* Its location is the ramp's; the clone's entry has none. */
  LLVMInstructionSetDebugLoc(a, NULL);
  crl_drop_assign_id(a, LLVMGetMDKindIDInContext(LLVMGetTypeContext(LLVMTypeOf(v)),
                                                 "DIAssignID", 10));
  LLVMInsertIntoBuilderWithName(x->entry_b, a, "");
  LLVMSetOperand(a, 0, n);
  declare_stack_vars(x, v, a);
  return a;
}

static LLVMValueRef missing(LLVMValueRef v, void *vctx) {
  crl_split_clone *x = vctx;
  crl_coro *c = x->c;
  if (v == c->shape->begin) return x->frame;
  if (v == c->frame_base && v) return x->frame_base;
  if (v == c->shape->id) return LLVMConstNull(LLVMTypeOf(v));
  if (LLVMValueIsBasicBlock(v)) return LLVMBasicBlockAsValue(x->sink);
  if (LLVMIsAAllocaInst(v)) return fresh_alloca(x, v);
  if (LLVMIsAInstruction(v) && crl_is_remat(c, v)) {
    /* Operands first, so they are defined before the clone. */
    unsigned n = LLVMGetNumOperands(v); /* a call's callee is an operand too */
    LLVMValueRef ops[8];
    if (n > 8) return NULL;
    for (unsigned k = 0; k < n; k++) {
      LLVMValueRef op = LLVMGetOperand(v, k);
      ops[k] = op;
      if (LLVMIsAConstant(op)) continue;
      LLVMValueRef m = crl_valmap_get(&x->map, op);
      if (!m) m = missing(op, vctx);
      if (!m) return NULL;
      crl_valmap_put(&x->map, op, m);
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
LLVMValueRef crl_split_clone_field_addr(crl_split_clone *x, uint32_t field) {
  LLVMBasicBlockRef entry = x->entry;
  LLVMValueRef ra = crl_ramp_field_addr(x->c, field);
  LLVMValueRef a = crl_valmap_get(&x->map, ra);
  if (a && (!LLVMIsAInstruction(a) || LLVMGetInstructionParent(a) == entry)) return a;
  int mapped = a != NULL;
  a = missing(ra, x);
  if (a && !mapped) crl_valmap_put(&x->map, ra, a);
  return a;
}

/* Whether a frame variable can be declared from the slot holding the
 * frame's address: its field sits at a fixed offset and its expression is
 * empty (one LLVM-C cannot read, so cannot extend). */
static int from_frame_slot(crl_coro *c, crl_di *di, const crl_frame_var *v) {
  return !c->frame.fields[v->field].region && crl_di_expr_is_empty(di->dib, v->expr);
}

/* The frame's variables, declared at the clone's entry as LLVM does: from
 * a stack slot holding the frame's address, which stays valid in the
 * whole function even unoptimized. Any other is declared on its field's
 * address. The slot also holds __coro_frame, the whole frame
 * (frame_debug.h). */
void crl_split_clone_declare_frame_vars(crl_split_clone *x) {
  crl_coro *c = x->c;
  crl_di *di = &x->di;
  if (!di->sp) return;
  LLVMValueRef *addr = crl_calloc(c->frame.num_vars + 1, sizeof *addr);
  if (!addr) return;
  for (unsigned k = 0; k < c->frame.num_vars; k++)
    if (!from_frame_slot(c, di, &c->frame.vars[k]))
      addr[k] = crl_split_clone_field_addr(x, c->frame.vars[k].field);
  LLVMValueRef slot = LLVMBuildAlloca(x->entry_b, c->ptr_t, "frame.debug");
  LLVMValueRef st = LLVMBuildStore(x->entry_b, x->frame, slot);
  crl_declare_coro_frame(c, di, slot, st);
  for (unsigned k = 0; k < c->frame.num_vars; k++) {
    crl_frame_var *v = &c->frame.vars[k];
    LLVMMetadataRef var = crl_di_var(di, v->var), loc = crl_di_loc(di, v->loc);
    if (from_frame_slot(c, di, v))
      LLVMDIBuilderInsertDeclareRecordBefore(
          di->dib, slot, var, crl_di_frame_expr(di->dib, c->frame.fields[v->field].offset),
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

int crl_block_ends_clone(LLVMBasicBlockRef bb) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
    if (crl_is_fallthrough_end(i)) return 1;
  return 0;
}

/* Non-unwind coro.end leaves a clone: everything after it goes. */
void crl_end_to_return(crl_coro *c, LLVMValueRef end, LLVMValueRef ret) {
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
  if (ret) LLVMBuildRet(c->b, ret);
  else LLVMBuildRetVoid(c->b);
  LLVMInstructionEraseFromParent(end);
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

int crl_split_clone_init(crl_split_clone *x, crl_coro *c, LLVMValueRef fn) {
  memset(x, 0, sizeof *x);
  x->c = c;
  x->fn = fn;
  x->entry = LLVMAppendBasicBlockInContext(c->ctx, fn, "entry");
  x->sink = LLVMAppendBasicBlockInContext(c->ctx, fn, "unreachable");
  x->entry_b = LLVMCreateBuilderInContext(c->ctx);
  LLVMPositionBuilderAtEnd(x->entry_b, x->sink);
  LLVMBuildUnreachable(x->entry_b);
  LLVMPositionBuilderAtEnd(x->entry_b, x->entry);
  return 0;
}

int crl_split_clone_blocks(crl_split_clone *x, LLVMValueRef frame,
                           const crl_feasible *run) {
  crl_coro *c = x->c;
  x->frame = frame;
  /* The map takes every cloned instruction and block. */
  size_t expect = run->nconsts + run->n + 16;
  for (unsigned k = 0; k < run->n; k++) expect += crl_count_instructions(run->blocks[k]);
  if (crl_valmap_init(&x->map, expect) != 0) {
    CRL_ERR(c, c->shape->id, "out of memory cloning the coroutine");
    return -1;
  }
  crl_valmap_put(&x->map, c->shape->begin, frame);
  /* Phis the clone knows are constant are not cloned: their branches fold. */
  for (unsigned k = 0; k < run->nconsts; k++)
    crl_valmap_put(&x->map, run->const_phis[k], run->const_vals[k]);
  crl_di_begin(&x->di, c->fn, x->fn);
  x->has_di = 1;
  x->o = (crl_clone_opts){&x->map, missing, x, NULL, NULL, stop_at_end, NULL, &x->di};
  if (crl_clone_blocks(c->fn, x->fn, run->blocks, run->n, &x->o) != 0) {
    if (x->reported) return -1;
    char *op = x->o.bad_operand ? LLVMPrintValueToString(x->o.bad_operand) : NULL;
    CRL_ERR(c, x->o.bad_user,
            "internal error: a value used after a suspend was not kept in the "
            "frame: %s", op ? op : "?");
    if (op) LLVMDisposeMessage(op);
    return -1;
  }
  drop_ramp_returns(x->fn, x->entry_b);
  LLVMPositionBuilderAtEnd(x->entry_b, x->entry);
  LLVMMoveBasicBlockAfter(x->sink, LLVMGetLastBasicBlock(x->fn));
  return 0;
}

void crl_split_clone_finish(crl_split_clone *x) {
  crl_simplify_cfg(x->fn);
  crl_di_relocate(&x->di, x->fn);
}

void crl_split_clone_end(crl_split_clone *x) {
  if (x->has_di) crl_di_end(&x->di);
  crl_valmap_free(&x->map);
  if (x->entry_b) LLVMDisposeBuilder(x->entry_b);
  x->entry_b = NULL;
}

LLVMValueRef crl_neutral_intrinsic_value(crl_coro *c, LLVMValueRef call,
                                         int in_ramp) {
  switch (crl_intrinsic_of(call)) {
  case CRL_I_IS_IN_RAMP: return LLVMConstInt(c->i1_t, in_ramp != 0, 0);
  case CRL_I_SIZE: return LLVMConstInt(LLVMTypeOf(call), c->frame.size, 0);
  case CRL_I_ALIGN: return LLVMConstInt(LLVMTypeOf(call), c->frame.align, 0);
  default: return NULL;
  }
}
