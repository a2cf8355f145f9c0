#include "frame/ssa_repair.h"
#include "irkit/oom.h"

#include <string.h>

#include "irkit/blocks.h"

int crl_ssa_repair_init(crl_ssa_repair *r, crl_coro *c, crl_plan *p) {
  memset(r, 0, sizeof *r);
  r->c = c;
  r->p = p;
  uint32_t nb = p->num_blocks + 1;
  r->stamp = crl_calloc(nb, sizeof *r->stamp);
  r->memo = crl_calloc(nb, sizeof *r->memo);
  r->resume_of = crl_malloc(nb * sizeof *r->resume_of);
  r->b = LLVMCreateBuilderInContext(c->ctx);
  if (!r->stamp || !r->memo || !r->resume_of) return -1;
  for (uint32_t k = 0; k < nb; k++) r->resume_of[k] = UINT32_MAX;
  for (uint32_t s = 0; s < c->num_susp; s++)
    r->resume_of[crl_block_id(p, c->susp[s].resume)] = s;
  return 0;
}

void crl_ssa_repair_free(crl_ssa_repair *r) {
  free(r->stamp);
  free(r->memo);
  free(r->resume_of);
  free(r->uses);
  crl_vec_free(&r->phis);
  crl_vec_free(&r->own_reloads);
  if (r->b) LLVMDisposeBuilder(r->b);
}

void crl_ssa_begin_value(crl_ssa_repair *r, uint32_t cand) {
  if (++r->gen == 0) {
    memset(r->stamp, 0, (r->p->num_blocks + 1) * sizeof *r->stamp);
    r->gen = 1;
  }
  r->cand = cand;
  r->value = r->p->cands[cand].value;
  /* Arguments are defined on entry to the entry block. */
  r->def_block = LLVMIsAArgument(r->value) ? 0 : r->p->cands[cand].def_block;
  r->own_reloads.n = 0;
  r->num_uses = 0;
}

/* Out of memory, the use is not recorded: the failure is noted, and the
 * pipeline refuses the coroutine after this step. */
static void push_use(crl_ssa_repair *r, LLVMValueRef user, unsigned op) {
  if (r->num_uses == r->cap_uses) {
    unsigned cap = r->cap_uses ? 2 * r->cap_uses : 16;
    void *grown = crl_realloc(r->uses, cap * sizeof *r->uses);
    if (!grown) return;
    r->uses = grown;
    r->cap_uses = cap;
  }
  r->uses[r->num_uses].user = user;
  r->uses[r->num_uses++].op = op;
}

void crl_ssa_snapshot_uses(crl_ssa_repair *r) {
  LLVMValueRef v = r->value;
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user)) continue;
    /* A user listed twice is harmless: its second visit finds nothing. */
    push_use(r, user, 0);
  }
}

static int crosses(crl_ssa_repair *r, uint32_t s) {
  return crl_bitset_test(&r->p->cross.across[r->cand], s);
}

/* A reload not yet made is a tagged block id: the frame slot's content at
 * the top of that resume block. Checking whether a store point would only
 * store back what a reload just read must not create the reload. */
#define LAZY(b) ((LLVMValueRef)(((uintptr_t)(b) << 1) | 1))
#define IS_LAZY(v) (((uintptr_t)(v)) & 1)
#define LAZY_BLOCK(v) ((uint32_t)(((uintptr_t)(v)) >> 1))

static LLVMValueRef make_reload(crl_ssa_repair *r, uint32_t block, uint32_t s) {
  crl_coro *c = r->c;
  LLVMBasicBlockRef bb = r->p->blocks[block];
  uint32_t field = r->p->cands[r->cand].field;
  LLVMPositionBuilderBefore(r->b, crl_first_non_phi(bb));
  (void)s;
  if (r->p->cands[r->cand].remat) {
    /* Recomputed: the operands' own repair later gives them their values
     * here (they cross this suspend too, kept or recomputed); listed with
     * the reloads: on the ramp's own suspend paths, dead once those fold,
     * they go (switch_ramp.c). */
    LLVMValueRef cl = LLVMInstructionClone(r->value);
    LLVMInsertIntoBuilderWithName(r->b, cl, "");
    crl_vec_push(&c->frame.reloads, cl);
    crl_vec_push(&r->own_reloads, cl);
    return cl;
  }
  LLVMValueRef addr = crl_ramp_field_addr(c, field);
  LLVMValueRef ld = LLVMBuildLoad2(r->b, c->frame.fields[field].type, addr, "");
  LLVMSetAlignment(ld, c->frame.fields[field].align);
  crl_vec_push(&c->frame.reloads, ld);
  /* A narrow slot: extended back to the value's type. */
  LLVMValueRef wide =
      crl_widen_reload(c, r->p->cands[r->cand].narrow_zext, ld, LLVMTypeOf(r->value), r->b);
  if (wide != ld) crl_vec_push(&c->frame.reloads, wide);
  crl_vec_push(&r->own_reloads, wide);
  return wide;
}

static LLVMValueRef resolve(crl_ssa_repair *r, LLVMValueRef v) {
  if (!IS_LAZY(v)) return v;
  uint32_t block = LAZY_BLOCK(v);
  LLVMValueRef m = r->memo[block];
  if (IS_LAZY(m)) {
    m = make_reload(r, block, r->resume_of[block]);
    r->memo[block] = m;
  }
  return m;
}

int crl_ssa_is_own_reload(crl_ssa_repair *r, LLVMValueRef v) {
  if (IS_LAZY(v)) return 1;
  for (unsigned k = 0; k < r->own_reloads.n; k++)
    if (r->own_reloads.v[k] == v) return 1;
  return 0;
}

static int reachable(crl_ssa_repair *r, uint32_t b) {
  return crl_reachable(&r->p->dom, b);
}

static LLVMValueRef merge_preds(crl_ssa_repair *r, uint32_t block, int memoize);
static LLVMValueRef crl_ssa_value_at_end(crl_ssa_repair *r, uint32_t block);

/* The value leaving `block` along its edges. An edge out of a block cut
 * by a non-unwind coro.end (or out of code only such an edge reaches)
 * runs in the ramp alone, which reaches it without passing any resume
 * entry: it carries the definition itself, which dominates it there.
 * Walking the analysis CFG back from it instead would follow suspension
 * edges into the resume entries of suspends the value does not cross
 * (liveness leaves ramp-only code out), and merge values that no clone
 * has where it enters (a reload made for another suspend, a phi of code
 * the clone does not contain). */
static LLVMValueRef value_out_of(crl_ssa_repair *r, uint32_t block) {
  if (!reachable(r, block)) return LLVMGetPoison(LLVMTypeOf(r->value));
  if (crl_plan_ramp_only_edge(r->p, block) &&
      (block == r->def_block || crl_dominates(&r->p->dom, r->def_block, block)))
    return r->value;
  return resolve(r, crl_ssa_value_at_end(r, block));
}

/* The value at the end of `block` (its top too, unless block defines it). */
static LLVMValueRef crl_ssa_value_at_end(crl_ssa_repair *r, uint32_t block) {
  if (r->stamp[block] == r->gen) return r->memo[block];
  LLVMValueRef v;
  if (block == r->def_block) {
    v = r->value;
  } else if (r->resume_of[block] != UINT32_MAX && crosses(r, r->resume_of[block])) {
    v = LAZY(block);
  } else {
    return merge_preds(r, block, 1);
  }
  r->stamp[block] = r->gen;
  r->memo[block] = v;
  return v;
}

/* The value flowing into `block` from its predecessors. */
static LLVMValueRef merge_preds(crl_ssa_repair *r, uint32_t block, int memoize) {
  const crl_cfg *g = &r->p->cfg;
  LLVMTypeRef ty = LLVMTypeOf(r->value);
  if (!reachable(r, block) || crl_cfg_num_preds(g, block) == 0) {
    LLVMValueRef v = LLVMGetPoison(ty);
    if (memoize) { r->stamp[block] = r->gen; r->memo[block] = v; }
    return v;
  }
  /* Follow single-predecessor chains without recursion. */
  uint32_t first = g->pred[g->pred_off[block]];
  int single = 1;
  for (uint32_t e = g->pred_off[block]; e < g->pred_off[block + 1]; e++)
    if (g->pred[e] != first) single = 0;
  if (single) {
    LLVMValueRef v = crl_ssa_value_at_end(r, first);
    if (memoize) { r->stamp[block] = r->gen; r->memo[block] = v; }
    return v;
  }
  LLVMBasicBlockRef bb = r->p->blocks[block];
  /* Ahead of the first instruction's debug records too: a record in front
   * of a phi is invalid IR. */
  LLVMValueRef first_inst = LLVMGetFirstInstruction(bb);
  if (first_inst) LLVMPositionBuilderBeforeInstrAndDbgRecords(r->b, first_inst);
  else LLVMPositionBuilderAtEnd(r->b, bb);
  LLVMValueRef phi = LLVMBuildPhi(r->b, ty, "");
  crl_vec_push(&r->phis, phi);
  if (memoize) { r->stamp[block] = r->gen; r->memo[block] = phi; }
  /* Incoming entries follow the terminators' edges (duplicates included),
   * which the CFG's predecessor list holds in order. */
  for (uint32_t e = g->pred_off[block]; e < g->pred_off[block + 1]; e++) {
    uint32_t pb = g->pred[e];
    LLVMValueRef in = value_out_of(r, pb);
    LLVMBasicBlockRef pbb = r->p->blocks[pb];
    LLVMAddIncoming(phi, &in, &pbb, 1);
  }
  return phi;
}

LLVMValueRef crl_ssa_value_before_lazy(crl_ssa_repair *r, LLVMValueRef inst) {
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(inst);
  uint32_t block = crl_block_id(r->p, bb);
  if (block == r->def_block) {
    if (LLVMIsAArgument(r->value) || LLVMIsAPHINode(r->value) ||
        crl_comes_before(r->value, inst))
      return r->value;
    /* Before the definition: reached round a loop. */
    if (r->resume_of[block] == UINT32_MAX || !crosses(r, r->resume_of[block]))
      return merge_preds(r, block, 0);
  }
  return crl_ssa_value_at_end(r, block);
}

LLVMValueRef crl_ssa_value_before(crl_ssa_repair *r, LLVMValueRef inst) {
  return resolve(r, crl_ssa_value_before_lazy(r, inst));
}

/* A use only the ramp runs (after a non-unwind coro.end) keeps the
 * original value, as edges out of such code do (value_out_of). */
void crl_ssa_rewrite_uses(crl_ssa_repair *r) {
  LLVMValueRef v = r->value;
  for (unsigned k = 0; k < r->num_uses; k++) {
    LLVMValueRef user = r->uses[k].user;
    uint32_t ub = crl_block_id(r->p, LLVMGetInstructionParent(user));
    if (!reachable(r, ub)) continue;
    if (LLVMIsAPHINode(user)) {
      unsigned n = LLVMCountIncoming(user);
      for (unsigned e = 0; e < n; e++) {
        if (LLVMGetIncomingValue(user, e) != v) continue;
        uint32_t pb = crl_block_id(r->p, LLVMGetIncomingBlock(user, e));
        if (!reachable(r, pb)) continue;
        LLVMValueRef nv = value_out_of(r, pb);
        if (nv != v) LLVMSetOperand(user, e, nv);
      }
      continue;
    }
    if (crl_plan_ramp_only_use(r->p, ub, user)) continue;
    LLVMValueRef nv = crl_ssa_value_before(r, user);
    if (nv == v) continue;
    unsigned n = LLVMGetNumOperands(user);
    for (unsigned j = 0; j < n; j++)
      if (LLVMGetOperand(user, j) == v) LLVMSetOperand(user, j, nv);
  }
}

/* A phi whose entries are all one value (or the phi itself) is that value.
 * Removing one can make others trivial, so repeat until stable. */
void crl_ssa_finish(crl_ssa_repair *r) {
  int changed = 1;
  while (changed) {
    changed = 0;
    for (unsigned k = 0; k < r->phis.n; k++) {
      LLVMValueRef phi = r->phis.v[k];
      if (!phi) continue;
      unsigned n = LLVMCountIncoming(phi);
      LLVMValueRef same = NULL;
      int trivial = 1;
      for (unsigned e = 0; e < n && trivial; e++) {
        LLVMValueRef in = LLVMGetIncomingValue(phi, e);
        if (in == phi || in == same) continue;
        if (same) trivial = 0;
        same = in;
      }
      if (!trivial) continue;
      if (!same) same = LLVMGetPoison(LLVMTypeOf(phi));
      LLVMReplaceAllUsesWith(phi, same);
      LLVMInstructionEraseFromParent(phi);
      r->phis.v[k] = NULL;
      changed = 1;
    }
  }
}
