/* The plan object: the coroutine's index CFG (dense block ids), its
 * dominator tree, and the liveness graph with coro.end's cuts. */
#include <stdlib.h>
#include <string.h>

#include "frame/frame_plan.h"
#include "irkit/oom.h"
#include "irkit/blocks.h"
#include "irkit/intrinsics.h"

uint32_t crl_block_id(const crl_plan *p, LLVMBasicBlockRef bb) {
  return crl_valmap_get_id(&p->block_id, bb);
}

void crl_plan_free(crl_plan *p) {
  if (!p) return;
  free(p->blocks);
  crl_valmap_free(&p->block_id);
  crl_cfg_free(&p->cfg);
  crl_cfg_free(&p->live_cfg);
  free(p->cut_end);
  free(p->ramp_tail);
  free(p->gone);
  crl_domtree_free(&p->dom);
  for (uint32_t i = 0; i < p->num_cands; i++) {
    free(p->cands[i].live_blocks);
    if (p->cands[i].markers) crl_valmap_free(p->cands[i].markers);
    free(p->cands[i].markers);
  }
  free(p->cands);
  free(p->rows_before);
  free(p->hull_before);
  if (p->cross.across) free(p->cross.across[0].words);
  free(p->cross.across);
  free(p);
}

/* Blocks the liveness graph does not reach from the entry: those reached
 * only through a non-unwind coro.end, which run in the ramp alone. */
static int mark_ramp_tail(crl_plan *p) {
  uint32_t nb = p->num_blocks;
  uint32_t *stack = crl_malloc((nb + 1) * sizeof *stack);
  p->ramp_tail = crl_malloc(nb + 1);
  if (!stack || !p->ramp_tail) {
    free(stack);
    return -1;
  }
  memset(p->ramp_tail, 1, nb + 1);
  uint32_t n = 0;
  if (nb) {
    p->ramp_tail[0] = 0;
    stack[n++] = 0;
  }
  while (n) {
    uint32_t b = stack[--n];
    for (uint32_t e = p->live_cfg.succ_off[b]; e < p->live_cfg.succ_off[b + 1]; e++) {
      uint32_t t = p->live_cfg.succ[e];
      if (!p->ramp_tail[t]) continue;
      p->ramp_tail[t] = 0;
      stack[n++] = t;
    }
  }
  free(stack);
  return 0;
}

int crl_plan_ramp_only_use(const crl_plan *p, uint32_t b, LLVMValueRef user) {
  if (b >= p->num_blocks) return 0;
  if (p->ramp_tail[b]) return 1;
  return p->cut_end[b] &&
         (LLVMIsAPHINode(user) ||
          (user != p->cut_end[b] && crl_comes_before(p->cut_end[b], user)));
}

int crl_plan_ramp_only_edge(const crl_plan *p, uint32_t b) {
  return b < p->num_blocks && (p->ramp_tail[b] || p->cut_end[b]);
}

/* The landing's phi of the suspend's result: -1 from the pre block. */
static LLVMValueRef landing_result(const crl_suspend *sp) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(sp->landing); i && LLVMIsAPHINode(i);
       i = LLVMGetNextInstruction(i))
    for (unsigned e = 0, n = LLVMCountIncoming(i); e < n; e++) {
      LLVMValueRef v = LLVMGetIncomingValue(i, e);
      if (LLVMGetIncomingBlock(i, e) == sp->pre && LLVMIsAConstantInt(v) &&
          LLVMConstIntGetSExtValue(v) == -1)
        return i;
    }
  return NULL;
}

/* Where the suspended path leaves the landing: a switch on the result
 * goes where -1 takes it; any other terminator, everywhere. Pushes the
 * successors' ids. */
static void push_suspended_succs(crl_plan *p, const crl_suspend *sp, uint32_t *stack,
                                 uint32_t *n) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(sp->landing);
  LLVMValueRef res = landing_result(sp);
  if (t && res && LLVMIsASwitchInst(t) && LLVMGetOperand(t, 0) == res) {
    LLVMBasicBlockRef to = LLVMGetSwitchDefaultDest(t);
    unsigned ns = LLVMGetNumSuccessors(t);
    /* Successor k > 0 is case k - 1; operands 2k and 2k + 1 its value and dest. */
    for (unsigned k = 1; k < ns; k++) {
      LLVMValueRef cv = LLVMGetOperand(t, 2 * k);
      if (LLVMIsAConstantInt(cv) && LLVMConstIntGetSExtValue(cv) == -1)
        to = LLVMGetSuccessor(t, k);
    }
    uint32_t id = crl_block_id(p, to);
    if (id < p->num_blocks && !p->gone[id]) {
      p->gone[id] = 1;
      stack[(*n)++] = id;
    }
    return;
  }
  for (unsigned k = 0, ns = t ? LLVMGetNumSuccessors(t) : 0; k < ns; k++) {
    uint32_t id = crl_block_id(p, LLVMGetSuccessor(t, k));
    if (id < p->num_blocks && !p->gone[id]) {
      p->gone[id] = 1;
      stack[(*n)++] = id;
    }
  }
}

/* The blocks from a suspend's save to its pre block (the save's block,
 * the pre block, and every block on a path between them, all of which
 * the save dominates), walked back from the pre block: once the save has
 * run, the await_suspend after it may have handed the handle away, and
 * the frame may be gone before the suspend is reached (instrprof's
 * promoted counters are incremented there). Only for an ABI that gives
 * resumption an entry of its own. seen[b] == s + 1: visited for s. */
static void mark_escaped_region(crl_plan *p, const crl_suspend *sp, uint32_t s,
                                uint32_t *seen, uint32_t *stack) {
  uint32_t nb = p->num_blocks;
  if (!sp->save || sp->resume == sp->landing) return;
  uint32_t sb = crl_block_id(p, LLVMGetInstructionParent(sp->save));
  uint32_t pb = crl_block_id(p, sp->pre);
  if (sb >= nb || pb >= nb || !crl_reachable(&p->dom, pb) || !crl_dominates(&p->dom, sb, pb))
    return;
  uint32_t n = 0;
  seen[pb] = s + 1;
  stack[n++] = pb;
  while (n) {
    uint32_t b = stack[--n];
    p->gone[b] = 1;
    if (b == sb) continue;
    for (uint32_t e = p->cfg.pred_off[b]; e < p->cfg.pred_off[b + 1]; e++) {
      uint32_t q = p->cfg.pred[e];
      if (q < nb && seen[q] != s + 1 && crl_reachable(&p->dom, q) &&
          crl_dominates(&p->dom, sb, q)) {
        seen[q] = s + 1;
        stack[n++] = q;
      }
    }
  }
}

int crl_plan_mark_gone(crl_plan *p, const crl_suspend *susp, uint32_t num_susp,
                       const crl_vec *frees) {
  uint32_t nb = p->num_blocks;
  p->gone = calloc(nb + 1, 1);
  uint32_t *stack = malloc((nb + 1) * sizeof *stack);
  if (!p->gone || !stack) {
    free(stack);
    return -1;
  }
  uint32_t n = 0;
  for (uint32_t s = 0; s < num_susp; s++) {
    if (susp[s].resume == susp[s].landing) continue;
    uint32_t l = crl_block_id(p, susp[s].landing);
    if (l >= nb) continue;
    p->gone[l] = 1;
    if (!p->cut_end[l]) push_suspended_succs(p, &susp[s], stack, &n);
  }
  for (unsigned k = 0; k < frees->n; k++) {
    LLVMValueRef f = frees->v[k];
    if (!LLVMIsAInstruction(f)) continue;
    uint32_t b = crl_block_id(p, LLVMGetInstructionParent(f));
    if (b < nb && !p->gone[b]) {
      p->gone[b] = 1;
      stack[n++] = b;
    }
  }
  /* Onward along the IR's edges (never into a resume entry), to the
   * non-unwind coro.end that ends the path. */
  while (n) {
    uint32_t b = stack[--n];
    if (p->cut_end[b]) continue;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(p->blocks[b]);
    for (unsigned k = 0, ns = t ? LLVMGetNumSuccessors(t) : 0; k < ns; k++) {
      uint32_t id = crl_block_id(p, LLVMGetSuccessor(t, k));
      if (id < nb && !p->gone[id]) {
        p->gone[id] = 1;
        stack[n++] = id;
      }
    }
  }
  /* After the onward walk, which must not stop at these blocks: the
   * paths out of them (an await_suspend that said "do not suspend") go
   * on with the frame. */
  uint32_t *seen = calloc(nb + 1, sizeof *seen);
  if (!seen) {
    free(stack);
    return -1;
  }
  for (uint32_t s = 0; s < num_susp; s++) mark_escaped_region(p, &susp[s], s, seen, stack);
  free(seen);
  free(stack);
  return 0;
}

int crl_plan_build_cfg(crl_plan *p, LLVMValueRef fn, const crl_suspend *susp,
                       uint32_t num_susp) {
  unsigned nb = LLVMCountBasicBlocks(fn);
  p->num_blocks = nb;
  p->blocks = crl_malloc((nb ? nb : 1) * sizeof *p->blocks);
  if (!p->blocks || crl_valmap_init(&p->block_id, nb) != 0) return -1;
  uint32_t id = 0, ne = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    p->blocks[id] = bb;
    crl_valmap_put_id(&p->block_id, bb, id++);
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    if (t) ne += LLVMGetNumSuccessors(t);
  }
  ne += num_susp;
  /* calloc: gcc -O2 cannot see that only the first e entries are read. */
  uint32_t *from = crl_calloc(ne + 1, sizeof *from);
  uint32_t *to = crl_calloc(ne + 1, sizeof *to);
  p->cut_end = crl_calloc(nb + 1, sizeof *p->cut_end);
  if (!from || !to || !p->cut_end) {
    free(from);
    free(to);
    return -1;
  }
  uint32_t e = 0;
  for (uint32_t b = 0; b < nb; b++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(p->blocks[b]);
    unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
    for (unsigned s = 0; s < ns; s++) {
      from[e] = b;
      to[e++] = crl_block_id(p, LLVMGetSuccessor(t, s));
    }
    for (LLVMValueRef i = LLVMGetFirstInstruction(p->blocks[b]); i;
         i = LLVMGetNextInstruction(i))
      if (crl_is_fallthrough_end(i)) {
        p->cut_end[b] = i;
        break;
      }
  }
  for (uint32_t s = 0; s < num_susp; s++)
    if (susp[s].resume != susp[s].landing) {
      from[e] = crl_block_id(p, susp[s].pre);
      to[e++] = crl_block_id(p, susp[s].resume);
    }
  int rc = crl_cfg_build(&p->cfg, nb, 0, e, from, to);
  /* The same edges, less those leaving a block cut by coro.end. */
  uint32_t le = 0;
  for (uint32_t k = 0; k < e; k++)
    if (!p->cut_end[from[k]]) {
      from[le] = from[k];
      to[le++] = to[k];
    }
  if (rc == 0) rc = crl_cfg_build(&p->live_cfg, nb, 0, le, from, to);
  free(from);
  free(to);
  if (rc == 0) rc = mark_ramp_tail(p);
  if (rc == 0) rc = crl_domtree_build(&p->dom, &p->cfg);
  return rc;
}

void crl_frame_free(crl_coro *c) {
  crl_plan_free(c->frame.plan);
  c->frame.plan = NULL;
  crl_vec_free(&c->frame.reloads);
  free(c->frame.vars);
  c->frame.vars = NULL;
  free(c->frame.stack_vars);
  c->frame.stack_vars = NULL;
  c->frame.num_stack_vars = c->frame.cap_stack_vars = 0;
  crl_valmap_free(&c->frame.stack_var_of);
  for (uint32_t f = 0; f < c->frame.num_fields; f++)
    if (c->frame.fields[f].owns_name) free((void *)c->frame.fields[f].name);
  free(c->frame.fields);
  c->frame.fields = NULL;
  c->frame.num_fields = 0;
  crl_valmap_free(&c->frame.field_of);
}
