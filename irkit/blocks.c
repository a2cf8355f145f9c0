#include "irkit/blocks.h"
#include "irkit/oom.h"

#include <stdlib.h>
#include <string.h>

#include "irkit/valmap.h"
#include "irkit/vec.h"

static char *copy_name(LLVMValueRef v) {
  size_t len = 0;
  const char *n = LLVMGetValueName2(v, &len);
  char *s = crl_malloc(len + 1);
  if (s) {
    memcpy(s, n, len);
    s[len] = 0;
  }
  return s;
}

static void insert_at_end(LLVMBuilderRef b, LLVMBasicBlockRef bb,
                          LLVMValueRef inst) {
  char *name = copy_name(inst);
  LLVMInstructionRemoveFromParent(inst);
  LLVMPositionBuilderAtEnd(b, bb);
  LLVMInsertIntoBuilderWithName(b, inst, name ? name : "");
  free(name);
}

LLVMValueRef crl_first_non_phi(LLVMBasicBlockRef bb) {
  LLVMValueRef i = LLVMGetFirstInstruction(bb);
  while (i && LLVMIsAPHINode(i)) i = LLVMGetNextInstruction(i);
  return i;
}

LLVMValueRef crl_first_insertion_point(LLVMBasicBlockRef bb) {
  LLVMValueRef i = crl_first_non_phi(bb);
  if (i && (LLVMIsALandingPadInst(i) || LLVMIsACleanupPadInst(i) || LLVMIsACatchPadInst(i)))
    i = LLVMGetNextInstruction(i);
  return i;
}

unsigned crl_count_instructions(LLVMBasicBlockRef bb) {
  unsigned n = 0;
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) n++;
  return n;
}

unsigned crl_count_fn_instructions(LLVMValueRef fn) {
  unsigned n = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    n += crl_count_instructions(bb);
  return n;
}

static LLVMValueRef rebuild_phi(LLVMValueRef phi, LLVMBasicBlockRef old,
                                LLVMBasicBlockRef repl, int merge);
static void filter_phis(LLVMBasicBlockRef bb,
                        unsigned (*cap)(LLVMBasicBlockRef pred, LLVMBasicBlockRef bb,
                                        const void *ctx),
                        const void *ctx);

/* Puts the rebuilt phi np (built just before phi) in phi's place. */
static void swap_phi(LLVMValueRef phi, LLVMValueRef np) {
  char *name = copy_name(phi);
  LLVMReplaceAllUsesWith(phi, np);
  LLVMInstructionEraseFromParent(phi);
  LLVMSetValueName2(np, name ? name : "", name ? strlen(name) : 0);
  free(name);
}

static void redirect_preds(LLVMBasicBlockRef bb, LLVMBasicBlockRef to) {
  crl_vec users = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(bb)); u;
       u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsAInstruction(user) && LLVMIsATerminatorInst(user))
      crl_vec_push(&users, user);
  }
  for (unsigned n = 0; n < users.n; n++) {
    LLVMValueRef t = users.v[n];
    unsigned ns = LLVMGetNumSuccessors(t);
    for (unsigned s = 0; s < ns; s++)
      if (LLVMGetSuccessor(t, s) == bb) LLVMSetSuccessor(t, s, to);
  }
  crl_vec_free(&users);
}

LLVMBasicBlockRef crl_split_before(LLVMValueRef inst, const char *name) {
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(inst);
  LLVMValueRef fn = LLVMGetBasicBlockParent(bb);
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
  LLVMBasicBlockRef head = LLVMInsertBasicBlockInContext(ctx, bb, name);
  redirect_preds(bb, head);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMValueRef i;
  while ((i = LLVMGetFirstInstruction(bb)) != inst) insert_at_end(b, head, i);
  LLVMPositionBuilderAtEnd(b, head);
  LLVMBuildBr(b, bb);
  LLVMDisposeBuilder(b);
  return head;
}

LLVMBasicBlockRef crl_split_after_into(LLVMValueRef inst, const char *name) {
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(inst);
  LLVMValueRef fn = LLVMGetBasicBlockParent(bb);
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
  LLVMBasicBlockRef next = LLVMGetNextBasicBlock(bb);
  LLVMBasicBlockRef tail =
      next ? LLVMInsertBasicBlockInContext(ctx, next, name)
           : LLVMAppendBasicBlockInContext(ctx, fn, name);
  LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
  /* Successors' phis name bb as their predecessor; the tail takes over. */
  if (term) {
    unsigned ns = LLVMGetNumSuccessors(term);
    for (unsigned s = 0; s < ns; s++) {
      LLVMBasicBlockRef succ = LLVMGetSuccessor(term, s);
      int seen = 0;
      for (unsigned p = 0; p < s; p++)
        if (LLVMGetSuccessor(term, p) == succ) seen = 1;
      if (seen) continue;
      for (LLVMValueRef phi = LLVMGetFirstInstruction(succ);
           phi && LLVMIsAPHINode(phi);) {
        LLVMValueRef nx = LLVMGetNextInstruction(phi);
        rebuild_phi(phi, bb, tail, 0);
        phi = nx;
      }
    }
  }
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMValueRef i = inst;
  while (i) {
    LLVMValueRef nx = LLVMGetNextInstruction(i);
    insert_at_end(b, tail, i);
    i = nx;
  }
  LLVMPositionBuilderAtEnd(b, bb);
  LLVMBuildBr(b, tail);
  LLVMDisposeBuilder(b);
  return tail;
}

/* merge: one entry for repl however many there were for old (a new block
 * on several edges); otherwise every entry is kept, renamed (the same edges
 * now leave from repl). */
static LLVMValueRef rebuild_phi(LLVMValueRef phi, LLVMBasicBlockRef old,
                                LLVMBasicBlockRef repl, int merge) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(phi));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMPositionBuilderBefore(b, phi);
  LLVMValueRef np = LLVMBuildPhi(b, LLVMTypeOf(phi), "");
  unsigned n = LLVMCountIncoming(phi);
  int added_repl = 0;
  for (unsigned k = 0; k < n; k++) {
    LLVMValueRef v = LLVMGetIncomingValue(phi, k);
    LLVMBasicBlockRef bb = LLVMGetIncomingBlock(phi, k);
    if (bb == old) {
      if (!repl || (merge && added_repl)) continue;
      bb = repl;
      added_repl = 1;
    } else if (merge && bb == repl) {
      if (added_repl) continue;
      added_repl = 1;
    }
    LLVMAddIncoming(np, &v, &bb, 1);
  }
  swap_phi(phi, np);
  LLVMDisposeBuilder(b);
  return np;
}

LLVMValueRef crl_phi_replace_block(LLVMValueRef phi, LLVMBasicBlockRef old,
                                   LLVMBasicBlockRef repl) {
  return rebuild_phi(phi, old, repl, 1);
}

static unsigned cap_except(LLVMBasicBlockRef pred, LLVMBasicBlockRef bb,
                           const void *gone) {
  (void)bb;
  return pred == gone ? 0 : UINT32_MAX;
}

void crl_remove_phi_entries(LLVMBasicBlockRef succ, LLVMBasicBlockRef pred) {
  filter_phis(succ, cap_except, pred);
}

LLVMBasicBlockRef crl_split_edge(LLVMBasicBlockRef from, LLVMBasicBlockRef to,
                                 const char *name) {
  LLVMValueRef fn = LLVMGetBasicBlockParent(from);
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
  LLVMBasicBlockRef mid = LLVMInsertBasicBlockInContext(ctx, to, name);
  LLVMValueRef term = LLVMGetBasicBlockTerminator(from);
  unsigned ns = LLVMGetNumSuccessors(term);
  for (unsigned s = 0; s < ns; s++)
    if (LLVMGetSuccessor(term, s) == to) LLVMSetSuccessor(term, s, mid);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMPositionBuilderAtEnd(b, mid);
  LLVMBuildBr(b, to);
  LLVMDisposeBuilder(b);
  for (LLVMValueRef phi = LLVMGetFirstInstruction(to);
       phi && LLVMIsAPHINode(phi);) {
    LLVMValueRef nx = LLVMGetNextInstruction(phi);
    crl_phi_replace_block(phi, from, mid);
    phi = nx;
  }
  return mid;
}

int crl_comes_before(LLVMValueRef a, LLVMValueRef b) {
  for (LLVMValueRef i = a; i; i = LLVMGetNextInstruction(i))
    if (i == b) return 1;
  return 0;
}

void crl_move_before_terminator(LLVMValueRef inst, LLVMBasicBlockRef bb) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(inst));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  char *name = copy_name(inst);
  LLVMInstructionRemoveFromParent(inst);
  LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
  if (t) LLVMPositionBuilderBefore(b, t);
  else LLVMPositionBuilderAtEnd(b, bb);
  LLVMInsertIntoBuilderWithName(b, inst, name ? name : "");
  free(name);
  LLVMDisposeBuilder(b);
}

/* ---- folding and unreachable-block removal ---- */

static LLVMBasicBlockRef constant_target(LLVMValueRef t) {
  if (LLVMIsABranchInst(t) && LLVMIsConditional(t)) {
    LLVMValueRef c = LLVMGetCondition(t);
    if (!LLVMIsAConstantInt(c)) return NULL;
    return LLVMGetSuccessor(t, LLVMConstIntGetZExtValue(c) ? 0 : 1);
  }
  if (LLVMIsASwitchInst(t)) {
    LLVMValueRef c = LLVMGetOperand(t, 0);
    if (!LLVMIsAConstantInt(c)) return NULL;
    /* Case values are not operands in LLVM 22: ask by successor index. */
    unsigned ns = LLVMGetNumSuccessors(t);
    for (unsigned k = 1; k < ns; k++)
      if (LLVMGetSwitchCaseValue(t, k) == c) return LLVMGetSuccessor(t, k);
    return LLVMGetSwitchDefaultDest(t);
  }
  return NULL;
}

/* Records bb (once) as a block whose phis need fixing after this round. */
static void touch(crl_bvec *v, crl_valmap *seen, LLVMBasicBlockRef bb) {
  if (crl_valmap_has(seen, bb)) return;
  crl_valmap_put(seen, bb, bb);
  crl_bvec_push(v, bb);
}

/* Replaces a branch or switch on a constant by a plain branch. Phis of the
 * old successors are fixed later, all at once (filter_phis). */
static int fold_terminator(LLVMBuilderRef b, LLVMBasicBlockRef bb, crl_bvec *touched,
                           crl_valmap *seen) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
  if (!t) return 0;
  LLVMBasicBlockRef target = constant_target(t);
  if (!target) return 0;
  unsigned ns = LLVMGetNumSuccessors(t);
  for (unsigned k = 0; k < ns; k++) touch(touched, seen, LLVMGetSuccessor(t, k));
  LLVMPositionBuilderBefore(b, t);
  LLVMBuildBr(b, target);
  LLVMInstructionEraseFromParent(t);
  return 1;
}

static unsigned edges_between(LLVMBasicBlockRef from, LLVMBasicBlockRef to) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(from);
  unsigned ns = t ? LLVMGetNumSuccessors(t) : 0, e = 0;
  for (unsigned k = 0; k < ns; k++) e += LLVMGetSuccessor(t, k) == to;
  return e;
}

/* Rebuilds each phi of bb keeping, per incoming block, at most
 * cap(block) entries (0 drops them all): one rebuild per phi, however many
 * entries go. */
static void filter_phis(LLVMBasicBlockRef bb,
                        unsigned (*cap)(LLVMBasicBlockRef pred, LLVMBasicBlockRef bb,
                                        const void *ctx),
                        const void *ctx) {
  LLVMValueRef first = LLVMGetFirstInstruction(bb);
  if (!first || !LLVMIsAPHINode(first)) return;
  LLVMContextRef lctx = LLVMGetModuleContext(LLVMGetGlobalParent(LLVMGetBasicBlockParent(bb)));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(lctx);
  for (LLVMValueRef phi = first; phi && LLVMIsAPHINode(phi);) {
    LLVMValueRef nx = LLVMGetNextInstruction(phi);
    crl_valmap kept;
    crl_valmap_init(&kept, 16);
    LLVMPositionBuilderBefore(b, phi);
    LLVMValueRef np = LLVMBuildPhi(b, LLVMTypeOf(phi), "");
    unsigned n = LLVMCountIncoming(phi);
    for (unsigned k = 0; k < n; k++) {
      LLVMBasicBlockRef ib = LLVMGetIncomingBlock(phi, k);
      uintptr_t have = (uintptr_t)crl_valmap_get(&kept, ib);
      if (have >= cap(ib, bb, ctx)) continue;
      crl_valmap_put(&kept, ib, (void *)(have + 1));
      LLVMValueRef v = LLVMGetIncomingValue(phi, k);
      LLVMAddIncoming(np, &v, &ib, 1);
    }
    crl_valmap_free(&kept);
    swap_phi(phi, np);
    phi = nx;
  }
  LLVMDisposeBuilder(b);
}

/* After folding: one entry per remaining edge. */
static unsigned cap_by_edges(LLVMBasicBlockRef pred, LLVMBasicBlockRef bb,
                             const void *ctx) {
  (void)ctx;
  return edges_between(pred, bb);
}

/* After finding dead blocks: entries from live blocks stay as they are. */
static unsigned cap_by_liveness(LLVMBasicBlockRef pred, LLVMBasicBlockRef bb,
                                const void *live) {
  (void)bb;
  return crl_valmap_has(live, pred) ? UINT32_MAX : 0;
}

/* A phi whose entries all carry one value (or itself) is that value. */
static int fold_phis(LLVMBasicBlockRef bb) {
  int changed = 0;
  for (LLVMValueRef phi = LLVMGetFirstInstruction(bb);
       phi && LLVMIsAPHINode(phi);) {
    LLVMValueRef nx = LLVMGetNextInstruction(phi);
    unsigned n = LLVMCountIncoming(phi);
    LLVMValueRef same = NULL;
    int ok = n > 0;
    for (unsigned k = 0; k < n && ok; k++) {
      LLVMValueRef v = LLVMGetIncomingValue(phi, k);
      if (v == phi) continue;
      if (same && v != same) ok = 0;
      same = v;
    }
    if (ok && same && (LLVMIsAConstant(same) || n == 1)) {
      LLVMReplaceAllUsesWith(phi, same);
      LLVMInstructionEraseFromParent(phi);
      changed = 1;
    }
    phi = nx;
  }
  return changed;
}

/* Fills seen with the blocks reachable from fn's entry. 0, or -1 out of
 * memory (noted): then nothing may be taken for dead. */
static int reachable_blocks(LLVMValueRef fn, unsigned nb, crl_valmap *seen) {
  LLVMBasicBlockRef *stack = crl_malloc(nb * sizeof *stack);
  if (!stack) return -1;
  unsigned sp = 0;
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
  int rc = crl_valmap_put(seen, entry, entry);
  stack[sp++] = entry;
  while (sp && rc == 0) {
    LLVMBasicBlockRef bb = stack[--sp];
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
    for (unsigned s = 0; s < ns && rc == 0; s++) {
      LLVMBasicBlockRef succ = LLVMGetSuccessor(t, s);
      if (crl_valmap_has(seen, succ)) continue;
      /* Unrecorded, it could be pushed again past the stack's end, or
       * taken for dead: stop, with the failure noted. */
      rc = crl_valmap_put(seen, succ, succ);
      stack[sp++] = succ;
    }
  }
  free(stack);
  return rc;
}

/* Live blocks entered from dead ones lose those phi entries: each phi is
 * rebuilt once, whatever the number of dead predecessors (a return block
 * fed by every suspend point has thousands). 0, or -1 out of memory: a
 * phi would be left naming a deleted block, so none may be deleted. */
static int drop_dead_entries(const crl_bvec *dead, const crl_valmap *seen) {
  crl_valmap touched;
  crl_valmap_init(&touched, 16);
  crl_bvec fix = {0};
  int rc = 0;
  for (unsigned k = 0; k < dead->n && rc == 0; k++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(dead->v[k]);
    unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
    for (unsigned s = 0; s < ns && rc == 0; s++) {
      LLVMBasicBlockRef succ = LLVMGetSuccessor(t, s);
      if (crl_valmap_has(seen, succ) && !crl_valmap_has(&touched, succ) &&
          (crl_valmap_put(&touched, succ, succ) != 0 || crl_bvec_push(&fix, succ) != 0))
        rc = -1;
    }
  }
  for (unsigned k = 0; k < fix.n && rc == 0; k++)
    filter_phis(fix.v[k], cap_by_liveness, (crl_valmap *)seen);
  crl_bvec_free(&fix);
  crl_valmap_free(&touched);
  return rc;
}

static void delete_blocks(const crl_bvec *dead) {
  for (unsigned k = 0; k < dead->n; k++)
    for (LLVMValueRef i = LLVMGetFirstInstruction(dead->v[k]); i;
         i = LLVMGetNextInstruction(i))
      if (LLVMGetTypeKind(LLVMTypeOf(i)) != LLVMVoidTypeKind)
        LLVMReplaceAllUsesWith(i, LLVMGetPoison(LLVMTypeOf(i)));
  /* Their terminators go first: a block deleted while a dead block not yet
   * deleted still branches to it leaves that branch's use in freed memory,
   * which deleting the branch later writes to. Each is replaced by an
   * `unreachable`, which takes over the debug records in front of it: a
   * block's last instruction erased with records attached leaves them
   * trailing the block, and LLVM keeps a block's trailing records by the
   * block's address, not in the block, so deleting the block would hand
   * them to whatever block is later made at that address (in any function:
   * records on phis, values used in the wrong function). */
  LLVMBuilderRef b = dead->n ? LLVMCreateBuilderInContext(
                                   LLVMGetTypeContext(LLVMTypeOf(
                                       LLVMBasicBlockAsValue(dead->v[0]))))
                             : NULL;
  for (unsigned k = 0; k < dead->n; k++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(dead->v[k]);
    if (!t) continue;
    LLVMPositionBuilderBefore(b, t);
    LLVMBuildUnreachable(b);
    LLVMInstructionEraseFromParent(t);
  }
  if (b) LLVMDisposeBuilder(b);
  for (unsigned k = 0; k < dead->n; k++) LLVMDeleteBasicBlock(dead->v[k]);
}

void crl_remove_unreachable(LLVMValueRef fn) {
  unsigned nb = LLVMCountBasicBlocks(fn);
  if (!nb) return;
  crl_valmap seen;
  crl_valmap_init(&seen, nb);
  crl_bvec dead = {0};
  int ok = seen.cap && reachable_blocks(fn, nb, &seen) == 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && ok; bb = LLVMGetNextBasicBlock(bb))
    if (!crl_valmap_has(&seen, bb)) ok = crl_bvec_push(&dead, bb) == 0;
  /* A dead block left off the list would keep branching to deleted ones:
   * delete none (the failure is noted). */
  ok = ok && drop_dead_entries(&dead, &seen) == 0;
  if (ok) delete_blocks(&dead);
  else crl_oom_note();
  crl_bvec_free(&dead);
  crl_valmap_free(&seen);
}

/* The block a block holding nothing but `br label %S` forwards to: S when
 * S has no phis (whose entries would name the block) and every use of the
 * block is a branch, switch or invoke that can simply target S instead. */
static LLVMBasicBlockRef forward_target(LLVMBasicBlockRef bb) {
  LLVMValueRef t = LLVMGetFirstInstruction(bb);
  if (!t || LLVMGetInstructionOpcode(t) != LLVMBr || LLVMIsConditional(t))
    return NULL;
  LLVMBasicBlockRef s = LLVMGetSuccessor(t, 0);
  LLVMValueRef first = LLVMGetFirstInstruction(s);
  if (s == bb || (first && LLVMIsAPHINode(first))) return NULL;
  for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(bb)); u; u = LLVMGetNextUse(u)) {
    LLVMOpcode op = LLVMGetInstructionOpcode(LLVMGetUser(u));
    if (op != LLVMBr && op != LLVMSwitch && op != LLVMInvoke) return NULL;
  }
  return s;
}

/* Deletes blocks that only branch on (clang's cleanup chains leave
 * thousands once lifetime markers and constant branches are gone), so
 * what comes after (verifier, writer, the user's own passes) sees fewer
 * blocks. Each block's uses move once, straight to the end of its chain:
 * moving them one link at a time would drag a growing set of uses down a
 * chain of thousands. A cycle of such blocks is left alone. */
static void forward_empty_blocks(LLVMValueRef fn) {
  crl_valmap fwd, fin;
  unsigned nb = LLVMCountBasicBlocks(fn);
  crl_valmap_init(&fwd, nb);
  crl_valmap_init(&fin, nb);
  crl_bvec order = {0}, path = {0};
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
  for (LLVMBasicBlockRef bb = LLVMGetNextBasicBlock(entry); bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMBasicBlockRef s = forward_target(bb);
    if (!s) continue;
    crl_valmap_put(&fwd, bb, s);
    crl_bvec_push(&order, bb);
  }
  /* fin: the chain's end, or the entry block standing for "on the path
   * being followed" and then for "part of a cycle" (never a target). */
  for (unsigned k = 0; k < order.n; k++) {
    LLVMBasicBlockRef x = order.v[k];
    path.n = 0;
    while (crl_valmap_has(&fwd, x) && !crl_valmap_has(&fin, x)) {
      crl_valmap_put(&fin, x, entry);
      crl_bvec_push(&path, x);
      x = crl_valmap_get(&fwd, x);
    }
    LLVMBasicBlockRef end = crl_valmap_has(&fin, x) ? crl_valmap_get(&fin, x) : x;
    for (unsigned j = 0; j < path.n; j++) crl_valmap_put(&fin, path.v[j], end);
  }
  for (unsigned k = 0; k < order.n; k++) {
    LLVMBasicBlockRef bb = order.v[k];
    LLVMBasicBlockRef end = crl_valmap_get(&fin, bb);
    if (end == entry) continue;
    LLVMReplaceAllUsesWith(LLVMBasicBlockAsValue(bb), LLVMBasicBlockAsValue(end));
    LLVMDeleteBasicBlock(bb);
  }
  crl_bvec_free(&order);
  crl_bvec_free(&path);
  crl_valmap_free(&fwd);
  crl_valmap_free(&fin);
}

void crl_fold_constants(LLVMValueRef fn) {
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  /* Lowering leaves at most a couple of levels of constants to fold
   * (suspend results, then the phis they feed); front ends' `br i1 true`
   * guards likewise. Rounds are bounded so the cost stays linear. */
  int clean = 0; /* no unreachable block left since the last removal */
  for (int round = 0; round < 4; round++) {
    int changed = 0;
    crl_bvec touched = {0};
    crl_valmap seen;
    crl_valmap_init(&seen, 64);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
         bb = LLVMGetNextBasicBlock(bb)) {
      changed |= fold_phis(bb);
      changed |= fold_terminator(b, bb, &touched, &seen);
    }
    for (unsigned k = 0; k < touched.n; k++)
      filter_phis(touched.v[k], cap_by_edges, NULL);
    crl_bvec_free(&touched);
    crl_valmap_free(&seen);
    if (!changed) break;
    crl_remove_unreachable(fn);
    clean = 1;
  }
  if (!clean) crl_remove_unreachable(fn);
  LLVMDisposeBuilder(b);
}

void crl_simplify_cfg(LLVMValueRef fn) {
  if (getenv("CRL_DEBUG_NO_SIMPLIFY")) return;
  crl_fold_constants(fn);
  forward_empty_blocks(fn);
}
