/* Exact lifetimes of large allocas, for storage sharing.
 *
 * Interference is first decided on live-range hulls in reverse post-order
 * (spill_plan.c), which is cheap but loose: the destroy path out of a scope's
 * suspend point ends that scope's locals in cleanup code placed late in the
 * order, so the hulls of locals of consecutive scopes nest although the
 * locals are never alive together. For allocas large enough to matter, this
 * computes the blocks where each is really alive: reachable from its
 * lifetime.start without passing its lifetime.end (as LLVM's stack-lifetime
 * analysis does) and able to reach a use (backward liveness). Two such
 * allocas whose block sets are disjoint share storage. Only allocas with
 * both markers take part; the sets cost one walk and one bitset of blocks
 * per such alloca. */
#include <stdlib.h>

#include "frame/alloca_lifetime.h"
#include "irkit/blocks.h"

/* Allocas below this size gain little from exact sharing. */
#define CRL_EXACT_ALLOCA_MIN 64

/* The last lifetime marker of `a` in block bb (+1 start, -1 end, 0 none). */
static int last_marker(LLVMValueRef a, LLVMBasicBlockRef bb) {
  int last = 0;
  for (LLVMValueRef i = LLVMGetLastInstruction(bb); i && !last;
       i = LLVMGetPreviousInstruction(i)) {
    crl_intr k = crl_intrinsic_of(i);
    if ((k == CRL_I_LIFETIME_START || k == CRL_I_LIFETIME_END) &&
        LLVMGetOperand(i, 0) == a)
      last = k == CRL_I_LIFETIME_START ? 1 : -1;
  }
  return last;
}

/* Forward: blocks reachable from a start marker without passing an end. */
static int forward_blocks(crl_plan *p, LLVMValueRef a, uint64_t *fwd,
                          uint32_t *stack) {
  uint32_t sp = 0, ends = 0;
  for (LLVMUseRef u = LLVMGetFirstUse(a); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    crl_intr k = crl_intrinsic_of(user);
    if (k == CRL_I_LIFETIME_END) ends++;
    if (k != CRL_I_LIFETIME_START) continue;
    uint32_t b = crl_block_id(p, LLVMGetInstructionParent(user));
    if (b < p->num_blocks && !(fwd[b >> 6] >> (b & 63) & 1)) {
      fwd[b >> 6] |= 1ULL << (b & 63);
      stack[sp++] = b;
    }
  }
  if (!sp || !ends) return -1;
  while (sp) {
    uint32_t b = stack[--sp];
    if (last_marker(a, p->blocks[b]) < 0) continue; /* ends here */
    const crl_cfg *g = &p->live_cfg;
    for (uint32_t e = g->succ_off[b]; e < g->succ_off[b + 1]; e++) {
      uint32_t s = g->succ[e];
      if (fwd[s >> 6] >> (s & 63) & 1) continue;
      fwd[s >> 6] |= 1ULL << (s & 63);
      stack[sp++] = s;
    }
  }
  return 0;
}

int crl_exact_alloca_lifetimes(crl_coro *c, crl_plan *p,
                               const crl_live_value *lv) {
  uint32_t nb = p->num_blocks, W = (nb + 63) / 64;
  uint32_t *stack = malloc((nb + 1) * sizeof *stack);
  uint32_t *out = malloc((nb + 1) * sizeof *out);
  crl_live_scratch sc;
  if (!stack || !out || crl_live_scratch_init(&sc, &p->live_cfg) != 0) {
    free(stack);
    free(out);
    return -1;
  }
  for (uint32_t i = 0; i < p->num_cands; i++) {
    crl_cand *cd = &p->cands[i];
    uint64_t size;
    if (!cd->is_alloca || !LLVMIsAAllocaInst(cd->value) ||
        crl_memory_size(c, cd->value, &size) != 0 || size < CRL_EXACT_ALLOCA_MIN)
      continue;
    uint64_t *fwd = calloc(W + 1, sizeof *fwd);
    if (!fwd) break;
    if (forward_blocks(p, cd->value, fwd, stack) != 0) {
      free(fwd);
      continue;
    }
    /* Backward: live-in blocks, the definition and the uses. */
    uint64_t *bwd = calloc(W + 1, sizeof *bwd);
    if (!bwd) {
      free(fwd);
      break;
    }
    uint32_t m = crl_live_in_blocks(&sc, &lv[i], out);
    for (uint32_t k = 0; k < m; k++) bwd[out[k] >> 6] |= 1ULL << (out[k] & 63);
    for (uint32_t k = 0; k < lv[i].num_uses; k++)
      if (lv[i].use_blocks[k] < nb)
        bwd[lv[i].use_blocks[k] >> 6] |= 1ULL << (lv[i].use_blocks[k] & 63);
    if (lv[i].def_block < nb) bwd[lv[i].def_block >> 6] |= 1ULL << (lv[i].def_block & 63);
    for (uint32_t w = 0; w < W; w++) fwd[w] &= bwd[w];
    free(bwd);
    cd->live_blocks = fwd;
  }
  crl_live_scratch_free(&sc);
  free(stack);
  free(out);
  return 0;
}

/* Is `a` alive on entry to block x: does a predecessor where it is alive
 * leave it alive? */
static int alive_on_entry(const crl_plan *p, const crl_cand *a, uint32_t x) {
  const crl_cfg *g = &p->live_cfg;
  for (uint32_t e = g->pred_off[x]; e < g->pred_off[x + 1]; e++) {
    uint32_t q = g->pred[e];
    if ((a->live_blocks[q >> 6] >> (q & 63) & 1) &&
        last_marker(a->value, p->blocks[q]) >= 0)
      return 1;
  }
  return 0;
}

/* In block x, does `a` end before `b` starts? (a dies there, b is not alive
 * on entry, and a's last lifetime.end comes before b's first start.) */
static int ends_before_start(const crl_plan *p, const crl_cand *a,
                             const crl_cand *b, uint32_t x) {
  LLVMBasicBlockRef bb = p->blocks[x];
  if (last_marker(a->value, bb) >= 0 || alive_on_entry(p, b, x)) return 0;
  LLVMValueRef last_end = NULL, first_start = NULL;
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
    crl_intr k = crl_intrinsic_of(i);
    if (k == CRL_I_LIFETIME_END && LLVMGetOperand(i, 0) == a->value) last_end = i;
    if (k == CRL_I_LIFETIME_START && LLVMGetOperand(i, 0) == b->value && !first_start)
      first_start = i;
  }
  return last_end && first_start && crl_comes_before(last_end, first_start);
}

int crl_alloca_lifetimes_disjoint(const crl_plan *p, const crl_cand *a,
                                  const crl_cand *b) {
  if (!a->live_blocks || !b->live_blocks) return 0;
  uint32_t W = (p->num_blocks + 63) / 64;
  for (uint32_t w = 0; w < W; w++)
    for (uint64_t both = a->live_blocks[w] & b->live_blocks[w]; both; both &= both - 1) {
      uint32_t x = (w << 6) + crl_ctz64(both);
      /* Alive in the same block: disjoint only if one ends before the
       * other starts there. */
      if (!ends_before_start(p, a, b, x) && !ends_before_start(p, b, a, x)) return 0;
    }
  return 1;
}
