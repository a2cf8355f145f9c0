/* Rewrite: allocas that live across a suspend move into the frame; SSA
 * values that do are stored at the suspend points they cross and reloaded
 * where execution resumes, with SSA repaired by phis (ssa_repair.c). */
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "coro/lowering.h"
#include "frame/frame_plan.h"
#include "irkit/keysort.h"
#include "irkit/blocks.h"
#include "irkit/oom.h"
#include "frame/ssa_repair.h"

/* Is `user` (an instruction) reached only after coro.begin? In coro.begin's
 * block, positions come from `pos` (instructions numbered in order, once:
 * walking the block per query is quadratic when thousands of allocas have
 * users there); one not numbered (made since) is found by walking. */
static int after_begin(crl_coro *c, crl_plan *p, const crl_valmap *pos, LLVMValueRef user) {
  LLVMBasicBlockRef ub = LLVMGetInstructionParent(user);
  uint32_t u = crl_block_id(p, ub);
  if (u != p->begin_block) return crl_dominates(&p->dom, p->begin_block, u);
  uint32_t pu = crl_valmap_get_id(pos, user), pb = crl_valmap_get_id(pos, c->shape->begin);
  if (pu != UINT32_MAX && pb != UINT32_MAX) return pu >= pb;
  return crl_comes_before(c->shape->begin, user);
}

/* Numbers the instructions of `bb` in order into `pos` (appending to
 * what it holds; *k is the next number). */
static void number_block(LLVMBasicBlockRef bb, crl_valmap *pos, uint32_t *k) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
    crl_valmap_put_id(pos, i, (*k)++);
}

static int is_lifetime(LLVMValueRef i) {
  crl_intr k = crl_intrinsic_of(i);
  return k == CRL_I_LIFETIME_START || k == CRL_I_LIFETIME_END;
}

/* Lifetime markers may only name allocas; once the alloca lives in the
 * frame, its markers (through any address arithmetic) go. They leave
 * `pos` as unnumbered: an instruction made later may reuse the memory. */
static void drop_lifetimes(LLVMValueRef a, crl_valmap *pos) {
  crl_vec work = {0}, dead = {0};
  crl_vec_push(&work, a);
  for (unsigned w = 0; w < work.n; w++)
    for (LLVMUseRef u = LLVMGetFirstUse(work.v[w]); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      if (is_lifetime(user)) crl_vec_push(&dead, user);
      else if (LLVMIsABitCastInst(user) || LLVMIsAAddrSpaceCastInst(user))
        crl_vec_push(&work, user);
    }
  for (unsigned k = 0; k < dead.n; k++) {
    if (crl_valmap_has(pos, dead.v[k])) crl_valmap_put_id(pos, dead.v[k], UINT32_MAX);
    LLVMInstructionEraseFromParent(dead.v[k]);
  }
  crl_vec_free(&work);
  crl_vec_free(&dead);
}

/* Uses after coro.begin of `v` (the alloca or address arithmetic on it)
 * get `fv`, its frame counterpart; address arithmetic done before coro.begin
 * is redone on the frame for its later uses. Returns whether any use stayed
 * before coro.begin. */
static int redirect_uses(crl_coro *c, crl_plan *p, const crl_valmap *pos, LLVMValueRef v,
                         LLVMValueRef fv, LLVMBuilderRef b) {
  crl_vec before = {0}, after = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (user == c->shape->id || !LLVMIsAInstruction(user)) continue;
    crl_vec_push(after_begin(c, p, pos, user) ? &after : &before, user);
  }
  for (unsigned k = 0; k < after.n; k++) {
    LLVMValueRef user = after.v[k];
    unsigned n = LLVMGetNumOperands(user);
    for (unsigned j = 0; j < n; j++)
      if (LLVMGetOperand(user, j) == v) LLVMSetOperand(user, j, fv);
  }
  for (unsigned k = 0; k < before.n; k++) {
    LLVMValueRef user = before.v[k];
    if (!LLVMIsAGetElementPtrInst(user) && !LLVMIsABitCastInst(user) &&
        !LLVMIsAAddrSpaceCastInst(user))
      continue;
    LLVMValueRef cl = LLVMInstructionClone(user);
    LLVMInsertIntoBuilderWithName(b, cl, "");
    unsigned n = LLVMGetNumOperands(cl);
    for (unsigned j = 0; j < n; j++)
      if (LLVMGetOperand(cl, j) == v) LLVMSetOperand(cl, j, fv);
    redirect_uses(c, p, pos, user, cl, b);
  }
  int any_before = before.n > 0;
  crl_vec_free(&before);
  crl_vec_free(&after);
  return any_before;
}

static int move_alloca(crl_coro *c, crl_plan *p, crl_valmap *pos, LLVMValueRef a,
                       uint32_t field) {
  drop_lifetimes(a, pos);
  LLVMValueRef addr = crl_ramp_field_addr(c, field);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c->ctx);
  LLVMPositionBuilderBefore(b, LLVMGetNextInstruction(addr));
  /* An alloca in another address space: its uses get the frame address
   * cast to it (the frame is in address space 0), recomputed like any
   * cast of a frame address in the clones. */
  LLVMValueRef view = addr;
  if (LLVMTypeOf(a) != LLVMTypeOf(addr)) {
    view = LLVMBuildAddrSpaceCast(b, addr, LLVMTypeOf(a), "");
    LLVMPositionBuilderBefore(b, LLVMGetNextInstruction(view));
  }
  int any_before = redirect_uses(c, p, pos, a, view, b);
  /* Written before the frame existed, or a byval argument (the caller's
   * bytes, gone once the ramp returns): the frame starts as a copy. */
  if (any_before || LLVMIsAArgument(a)) {
    LLVMPositionBuilderBefore(b, LLVMGetNextInstruction(addr));
    uint64_t size = 0;
    crl_memory_size(c, a, &size);
    LLVMBuildMemCpy(b, addr, c->frame.fields[field].align, a, crl_memory_align(c, a),
                    LLVMConstInt(c->i64_t, size, 0));
  }
  LLVMDisposeBuilder(b);
  return 0;
}

/* `moved` receives each moved alloca with its field. */
static int move_allocas(crl_coro *c, crl_plan *p, crl_valmap *moved) {
  crl_valmap pos;
  uint32_t k = 0;
  LLVMBasicBlockRef bb = p->blocks[p->begin_block];
  crl_valmap_init(&pos, crl_count_instructions(bb));
  number_block(bb, &pos, &k);
  int rc = 0;
  for (uint32_t f = 0; f < c->frame.num_fields && rc == 0; f++) {
    if (!c->frame.fields[f].pinned) continue;
    rc = move_alloca(c, p, &pos, c->frame.fields[f].value, f);
    if (rc == 0) crl_valmap_put_id(moved, c->frame.fields[f].value, f);
  }
  for (uint32_t i = 0; i < p->num_cands && rc == 0; i++) {
    crl_cand *cd = &p->cands[i];
    if (cd->is_alloca && cd->field != UINT32_MAX) {
      rc = move_alloca(c, p, &pos, cd->value, cd->field);
      if (rc == 0) crl_valmap_put_id(moved, cd->value, cd->field);
    }
  }
  crl_valmap_free(&pos);
  return rc;
}

static int push_frame_var(crl_coro *c, crl_frame_var v, unsigned *cap) {
  if (c->frame.num_vars == *cap) {
    unsigned nc = *cap ? 2 * *cap : 8;
    crl_frame_var *a = crl_realloc(c->frame.vars, nc * sizeof *a);
    if (!a) return -1;
    c->frame.vars = a;
    *cap = nc;
  }
  c->frame.vars[c->frame.num_vars++] = v;
  return 0;
}

/* Chains a declare of stack alloca `a` onto the alloca's list; 0, or -1
 * when out of memory. */
static int push_stack_var(crl_coro *c, LLVMValueRef a, LLVMDbgRecordRef r) {
  crl_stack_var v = {LLVMDbgVariableRecordGetVariable(r),
                     LLVMDbgVariableRecordGetExpression(r), LLVMDbgRecordGetDebugLoc(r),
                     UINT32_MAX};
  if (!v.var || !v.expr || !v.loc) return 0;
  if (!c->frame.stack_var_of.cap && crl_valmap_init(&c->frame.stack_var_of, 16) != 0) return -1;
  if (c->frame.num_stack_vars == c->frame.cap_stack_vars) {
    unsigned nc = c->frame.cap_stack_vars ? 2 * c->frame.cap_stack_vars : 8;
    crl_stack_var *sv = crl_realloc(c->frame.stack_vars, nc * sizeof *sv);
    if (!sv) return -1;
    c->frame.stack_vars = sv;
    c->frame.cap_stack_vars = nc;
  }
  v.next = crl_valmap_get_id(&c->frame.stack_var_of, a);
  c->frame.stack_vars[c->frame.num_stack_vars] = v;
  return crl_valmap_put_id(&c->frame.stack_var_of, a, c->frame.num_stack_vars++);
}

/* A variable declared on an alloca that moved into the frame is declared
 * on its field instead, once, where the field addresses are made; the
 * clones declare it at their entry (switch_dispatch.c). The alloca, which
 * only debug records still name, goes at cleanup, so its old declare no
 * longer claims the variable. An alloca still used before coro.begin
 * stays, and so does its declare in the ramp. One walk over the records
 * of the function. */
static int declare_frame_vars(crl_coro *c, crl_plan *p, crl_valmap *moved) {
  LLVMValueRef anchor = LLVMGetBasicBlockTerminator(p->blocks[p->begin_block]);
  LLVMDIBuilderRef dib = NULL;
  unsigned cap = 0;
  int rc = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(c->fn); bb && rc == 0;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && rc == 0;
         i = LLVMGetNextInstruction(i)) {
      if (LLVMIsAAllocaInst(i) && crl_valmap_has(moved, i) && !LLVMGetFirstUse(i))
        crl_vec_push(&c->frame.dead_allocas, i);
      for (LLVMDbgRecordRef r = LLVMGetFirstDbgRecord(i); r; r = LLVMGetNextDbgRecord(r)) {
        if (LLVMDbgRecordGetKind(r) != LLVMDbgRecordDeclare) continue;
        LLVMValueRef a = LLVMDbgVariableRecordGetValue(r, 0);
        uint32_t field = a ? crl_valmap_get_id(moved, a) : UINT32_MAX;
        if (field == UINT32_MAX) {
          if (a && LLVMIsAAllocaInst(a) && push_stack_var(c, a, r) != 0) rc = -1;
          continue;
        }
        crl_frame_var v = {LLVMDbgVariableRecordGetVariable(r),
                           LLVMDbgVariableRecordGetExpression(r),
                           LLVMDbgRecordGetDebugLoc(r), field};
        if (!v.var || !v.expr || !v.loc) continue;
        if (push_frame_var(c, v, &cap) != 0) { rc = -1; break; }
        if (LLVMGetFirstUse(a)) continue;
        if (!dib) dib = LLVMCreateDIBuilderDisallowUnresolved(c->mod);
        LLVMDIBuilderInsertDeclareRecordBefore(dib, crl_ramp_field_addr(c, field),
                                               v.var, v.expr, v.loc, anchor);
      }
    }
  if (dib) LLVMDisposeDIBuilder(dib);
  if (rc) CRL_ERR(c, c->shape->begin, "out of memory");
  return rc;
}

/* Where a value defined by `def` can be stored right after it. */
static LLVMValueRef after_def(crl_coro *c, LLVMValueRef def) {
  if (LLVMIsAPHINode(def))
    return crl_first_insertion_point(LLVMGetInstructionParent(def));
  if (LLVMIsAInvokeInst(def)) {
    LLVMBasicBlockRef nd = LLVMGetNormalDest(def);
    LLVMValueRef first = LLVMGetFirstInstruction(nd);
    unsigned preds = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(nd)); u;
         u = LLVMGetNextUse(u))
      preds++;
    /* Normalization gave every used invoke result an edge block of its
     * own (splitting one now would rebuild phis the plan holds). */
    if (preds != 1 || LLVMIsAPHINode(first)) {
      CRL_ERR(c, def, "internal error: the invoke's normal edge has no block of its own");
      return NULL;
    }
    return LLVMGetFirstInstruction(nd);
  }
  if (LLVMIsAArgument(def)) return NULL;
  return LLVMGetNextInstruction(def);
}

/* Memory mode, for values that cross many suspends or are defined where
 * no store point can see them: stored right after the definition, loaded
 * in every other block that uses them (one load per block). No phis, so
 * the cost is linear in the uses; the slot is busy for the whole range. */
/* Instructions numbered in function order (block order, then within the
 * block), to compare positions without walking blocks. */
static void number_instructions(LLVMValueRef fn, crl_valmap *pos) {
  uint32_t k = 0;
  crl_valmap_init(pos, crl_count_fn_instructions(fn));
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    number_block(bb, pos, &k);
}

/* Does `user`, a use in `ub` (a phi's incoming block), read the slot? Not
 * in the block that stores it (the value is at hand there); nor, for a
 * value from before coro.begin, in code coro.begin does not dominate:
 * there is no frame yet, and the value itself dominates that code; nor
 * after a non-unwind coro.end, which only the ramp runs, with its own
 * value at hand, and where the coroutine may already have been resumed
 * elsewhere and its frame freed. */
static int reads_slot(crl_plan *p, LLVMValueRef user, LLVMBasicBlockRef ub,
                      LLVMBasicBlockRef def_bb, int before_begin) {
  if (ub == def_bb) return 0;
  uint32_t b = crl_block_id(p, ub);
  if (crl_plan_ramp_only_use(p, b, user)) return 0;
  return !before_begin || crl_dominates(&p->dom, p->begin_block, b);
}

/* A memory-mode value's loads, per block: one at a block's first use,
 * one at the end of a phi's incoming block. */
typedef struct mem_loads {
  crl_coro *c;
  crl_plan *p;
  crl_cand *cd;
  LLVMValueRef addr;
  LLVMBasicBlockRef def_bb;
  int before_begin;
  crl_valmap at_use, at_end;
} mem_loads;

static LLVMValueRef load_slot(mem_loads *m, LLVMValueRef before, LLVMBuilderRef b) {
  crl_frame_field_plan *f = &m->c->frame.fields[m->cd->field];
  LLVMPositionBuilderBefore(b, before);
  LLVMValueRef ld = LLVMBuildLoad2(b, f->type, m->addr, "");
  LLVMSetAlignment(ld, f->align);
  return crl_widen_reload(m->c, m->cd->narrow_zext, ld, LLVMTypeOf(m->cd->value), b);
}

/* The slot's content at the end of `ib`, for a phi's entry from it. */
static LLVMValueRef load_at_end(mem_loads *m, LLVMBasicBlockRef ib, LLVMBuilderRef b) {
  LLVMValueRef ld = crl_valmap_get(&m->at_end, ib);
  if (ld) return ld;
  ld = load_slot(m, LLVMGetBasicBlockTerminator(ib), b);
  crl_valmap_put(&m->at_end, ib, ld);
  return ld;
}

/* Does a block have a predecessor only the ramp runs (past a non-unwind
 * coro.end)? */
static int has_ramp_only_pred(crl_plan *p, uint32_t ub) {
  if (ub >= p->num_blocks) return 0;
  for (uint32_t e = p->cfg.pred_off[ub]; e < p->cfg.pred_off[ub + 1]; e++)
    if (crl_plan_ramp_only_edge(p, p->cfg.pred[e])) return 1;
  return 0;
}

/* The value at the top of `ub`, a block entered both from code only the
 * ramp runs and from other code: a phi of the ramp's own value on the
 * first edges (the frame may belong to whoever resumed the coroutine by
 * then) and of the slot's content, loaded at the end of each other
 * predecessor. Its entries follow the terminators' edges, as the CFG's
 * predecessor list holds them. */
static LLVMValueRef merge_ramp_edges(mem_loads *m, LLVMBasicBlockRef ub, LLVMBuilderRef b) {
  crl_plan *p = m->p;
  LLVMValueRef v = m->cd->value;
  uint32_t u = crl_block_id(p, ub);
  LLVMPositionBuilderBeforeInstrAndDbgRecords(b, LLVMGetFirstInstruction(ub));
  LLVMValueRef phi = LLVMBuildPhi(b, LLVMTypeOf(v), "");
  for (uint32_t e = p->cfg.pred_off[u]; e < p->cfg.pred_off[u + 1]; e++) {
    uint32_t pb = p->cfg.pred[e];
    LLVMBasicBlockRef pbb = p->blocks[pb];
    LLVMValueRef in;
    if (!crl_reachable(&p->dom, pb)) in = LLVMGetPoison(LLVMTypeOf(v));
    else if (crl_plan_ramp_only_edge(p, pb) || pbb == m->def_bb ||
             (m->before_begin && !crl_dominates(&p->dom, p->begin_block, pb)))
      in = v;
    else in = load_at_end(m, pbb, b);
    LLVMAddIncoming(phi, &in, &pbb, 1);
  }
  return phi;
}

static int spill_memory_mode(crl_coro *c, crl_plan *p, crl_cand *cd,
                             LLVMBuilderRef b, const crl_valmap *pos) {
  LLVMValueRef v = cd->value;
  LLVMValueRef addr = crl_ramp_field_addr(c, cd->field);
  LLVMValueRef at;
  int before_begin = LLVMIsAArgument(v) || !after_begin(c, p, pos, v);
  if (before_begin) at = LLVMGetNextInstruction(addr);
  else if (!(at = after_def(c, v))) return -1;
  LLVMPositionBuilderBefore(b, at);
  LLVMValueRef st = LLVMBuildStore(b, crl_narrow_store_value(c, cd->field, v, b), addr);
  LLVMSetAlignment(st, c->frame.fields[cd->field].align);
  LLVMBasicBlockRef def_bb = before_begin ? LLVMGetInstructionParent(st)
                                          : LLVMGetInstructionParent(v);
  crl_vec users = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (user != st && LLVMIsAInstruction(user)) crl_vec_push(&users, user);
  }
  /* Each block's first user (by the function's original instruction order,
   * numbered once for all values) gets the block's one load. Users not
   * numbered are code the rewrite made; they compare by position. */
  crl_valmap first;
  crl_valmap_init(&first, 16);
  for (unsigned k = 0; k < users.n; k++) {
    LLVMValueRef user = users.v[k];
    if (LLVMIsAPHINode(user)) continue;
    LLVMBasicBlockRef ub = LLVMGetInstructionParent(user);
    if (!reads_slot(p, user, ub, def_bb, before_begin)) continue;
    LLVMValueRef cur = crl_valmap_get(&first, ub);
    if (!cur) { crl_valmap_put(&first, ub, user); continue; }
    uint32_t pu = crl_valmap_get_id(pos, user), pc = crl_valmap_get_id(pos, cur);
    int earlier = pu != UINT32_MAX && pc != UINT32_MAX ? pu < pc
                                                       : crl_comes_before(user, cur);
    if (earlier) crl_valmap_put(&first, ub, user);
  }
  mem_loads m = {c, p, cd, addr, def_bb, before_begin, {0}, {0}};
  crl_valmap_init(&m.at_use, 16);
  crl_valmap_init(&m.at_end, 4);
  for (unsigned k = 0; k < users.n; k++) {
    LLVMValueRef user = users.v[k];
    if (LLVMIsAPHINode(user)) {
      unsigned n = LLVMCountIncoming(user);
      for (unsigned e = 0; e < n; e++) {
        if (LLVMGetIncomingValue(user, e) != v) continue;
        LLVMBasicBlockRef ib = LLVMGetIncomingBlock(user, e);
        if (!reads_slot(p, user, ib, def_bb, before_begin)) continue;
        /* Phi operands load at the end of the incoming block: a map of
         * their own, as the block's other load may come after them. */
        LLVMSetOperand(user, e, load_at_end(&m, ib, b));
      }
      continue;
    }
    LLVMBasicBlockRef ub = LLVMGetInstructionParent(user);
    if (!reads_slot(p, user, ub, def_bb, before_begin)) continue;
    LLVMValueRef ld = crl_valmap_get(&m.at_use, ub);
    if (!ld) {
      int ramp = has_ramp_only_pred(p, crl_block_id(p, ub));
      LLVMValueRef at = ramp ? NULL : crl_valmap_get(&first, ub);
      if (!ramp && !at) {
        crl_oom_note(); /* its first user could not be recorded */
        continue;
      }
      ld = ramp ? merge_ramp_edges(&m, ub, b) : load_slot(&m, at, b);
      crl_valmap_put(&m.at_use, ub, ld);
    }
    unsigned n = LLVMGetNumOperands(user);
    for (unsigned j = 0; j < n; j++)
      if (LLVMGetOperand(user, j) == v) LLVMSetOperand(user, j, ld);
  }
  crl_vec_free(&users);
  crl_valmap_free(&m.at_use);
  crl_valmap_free(&m.at_end);
  crl_valmap_free(&first);
  return 0;
}

static int spill_values(crl_coro *c, crl_plan *p) {
  crl_ssa_repair r;
  if (crl_ssa_repair_init(&r, c, p) != 0) {
    crl_ssa_repair_free(&r);
    return -1;
  }
  int rc = 0;
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c->ctx);
  /* Recomputed values first: their copies after the suspends use operands
   * whose own repair, below, must see those uses; along a recomputed chain
   * users come before the operands they recompute from, for the same
   * reason (crl_remat_order). */
  uint32_t nremat = 0;
  uint32_t *order = crl_remat_order(p, &nremat);
  if (!order) {
    crl_oom_note(); /* its only failure; core/ notes none */
    rc = -1;
  }
  for (uint32_t k = 0; k < nremat; k++) {
    crl_ssa_begin_value(&r, order[k]);
    crl_ssa_snapshot_uses(&r);
    crl_ssa_rewrite_uses(&r);
  }
  free(order);
  for (uint32_t i = 0; i < p->num_cands && rc == 0; i++) {
    crl_cand *cd = &p->cands[i];
    if (cd->is_alloca || cd->field == UINT32_MAX) continue;
    if (cd->store_after_def) continue;
    crl_ssa_begin_value(&r, i);
    crl_ssa_snapshot_uses(&r);
    const crl_bitset *row = &p->cross.across[i];
    for (uint32_t s = crl_bitset_next(row, 0); s < c->num_susp;
         s = crl_bitset_next(row, s + 1)) {
      LLVMValueRef pt = c->susp[s].point;
      LLVMValueRef lazy = crl_ssa_value_before_lazy(&r, pt);
      if (crl_ssa_is_own_reload(&r, lazy)) continue; /* frame holds it */
      LLVMValueRef v = crl_ssa_value_before(&r, pt);
      LLVMPositionBuilderBefore(b, pt);
      LLVMValueRef st = LLVMBuildStore(b, crl_narrow_store_value(c, cd->field, v, b),
                                       crl_ramp_field_addr(c, cd->field));
      LLVMSetAlignment(st, c->frame.fields[cd->field].align);
    }
    crl_ssa_rewrite_uses(&r);
  }
  if (rc == 0) crl_ssa_finish(&r);
  crl_ssa_repair_free(&r);
  crl_valmap pos;
  number_instructions(c->fn, &pos);
  for (uint32_t i = 0; i < p->num_cands && rc == 0; i++) {
    crl_cand *cd = &p->cands[i];
    if (!cd->is_alloca && cd->field != UINT32_MAX && cd->store_after_def)
      rc = spill_memory_mode(c, p, cd, b, &pos);
  }
  crl_valmap_free(&pos);
  LLVMDisposeBuilder(b);
  return rc;
}

/* Address arithmetic on the frame and on allocas is never spilled: it is
 * recomputed at the top of every clone. For that, each such instruction
 * after coro.begin moves up to just after it, ahead of any suspend, where
 * the clones do not reach and so rematerialize it instead. Blocks in
 * reverse post-order keep definitions ahead of their uses. */
static void hoist_remat(crl_coro *c, crl_plan *p) {
  for (uint32_t f = 0; f < c->frame.num_fields; f++)
    if (c->frame.fields[f].kind != CRL_FIELD_HEADER && !c->frame.fields[f].dropped) crl_ramp_field_addr(c, f);
  /* Hoisted code comes from blocks strictly dominated by coro.begin's, so
   * nothing in that block uses it: its terminator is a safe anchor. */
  LLVMValueRef anchor = LLVMGetBasicBlockTerminator(p->blocks[p->begin_block]);
  uint32_t n = p->num_blocks, cnt = 0;
  uint32_t *order = crl_malloc((n + 1) * sizeof *order);
  uint32_t *idx = crl_malloc((n + 1) * sizeof *idx);
  if (!order || !idx) {
    free(order);
    free(idx);
    crl_oom_note();
    return;
  }
  if (crl_cfg_rpo(&p->cfg, order, idx, &cnt) != 0) crl_oom_note();
  crl_vec moves = {0};
  for (uint32_t k = 0; k < cnt; k++) {
    uint32_t b = order[k];
    if (b == p->begin_block) continue;
    if (!crl_dominates(&p->dom, p->begin_block, b)) continue;
    for (LLVMValueRef i = LLVMGetFirstInstruction(p->blocks[b]); i;
         i = LLVMGetNextInstruction(i))
      if ((LLVMIsAGetElementPtrInst(i) || LLVMIsABitCastInst(i) ||
           LLVMIsAAddrSpaceCastInst(i)) && crl_is_remat(c, i))
        crl_vec_push(&moves, i);
  }
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c->ctx);
  for (unsigned k = 0; k < moves.n; k++) {
    LLVMValueRef i = moves.v[k];
    size_t len = 0;
    const char *nm = LLVMGetValueName2(i, &len);
    char *name = crl_name_dup(len ? nm : "");
    LLVMInstructionRemoveFromParent(i);
    LLVMPositionBuilderBefore(b, anchor);
    LLVMInsertIntoBuilderWithName(b, i, name ? name : "");
    free(name);
  }
  LLVMDisposeBuilder(b);
  crl_vec_free(&moves);
  free(order);
  free(idx);
}

int crl_rewrite_frame(crl_coro *c) {
  crl_plan *p = c->frame.plan;
  if (spill_values(c, p) != 0) return -1;
  crl_valmap moved;
  if (crl_valmap_init(&moved, 64) != 0) return -1;
  int rc = move_allocas(c, p, &moved);
  if (rc == 0) hoist_remat(c, p);
  if (rc == 0 && LLVMGetSubprogram(c->fn)) rc = declare_frame_vars(c, p, &moved);
  crl_valmap_free(&moved);
  return rc;
}
