/* Rematerialization planning: which values are recomputed after each
 * suspend from their operands instead of getting a frame slot. */
#include <stdlib.h>
#include <string.h>

#include "core/layout.h"
#include "irkit/oom.h"
#include "frame/alloca_lifetime.h"
#include "coro/lowering.h"
#include "frame/frame_plan.h"
#include "irkit/blocks.h"
#include "irkit/keysort.h"

/* The one rematerialization planner, for every ABI. Cheap pure
 * instructions (casts, arithmetic, comparisons, selects, address
 * arithmetic) are recomputed after each suspend instead of getting a frame
 * slot when that costs no more frame bytes: their operands then live
 * across those suspends too, which is free for operands already there and
 * is paid otherwise (a sign-extended counter keeps its i32, not the i64).
 * An operand that is not in the frame may be recomputed in turn, so a
 * chain (s * 31 + 7 from s; a running hash h = h * 31 + v from the v the
 * frame holds) rebuilds from the values the frame holds anyway, arguments
 * or constants. Each recomputed operand is a candidate of its own: one
 * copy after each suspend it is needed across, shared by every value
 * recomputed from it, repaired like any value (ssa_repair.c).
 *
 * What it may add is a budget of copies, not a depth: one decision (a
 * value and the chain under it) adds at most CRL_REMAT_CLONES copies over
 * the suspends they cross, and the whole function at most
 * CRL_REMAT_FN_CLONES plus CRL_REMAT_FN_FACTOR per instruction of the
 * input, so the output and the planning stay linear in the function's
 * size. Each walk visits a candidate once (a value reached twice through
 * a DAG is planned once), so a decision costs at most its budget.
 * CRL_REMAT_DEPTH only guards the walk's recursion (the C stack): a chain
 * that must recompute more levels than that at once is kept instead.
 *
 * Never recomputed: anything with side effects or that reads memory
 * (loads, calls), phis. The copy reads the same operand values the
 * original did at a point the original dominates (a value live into a
 * resume block is defined on every path there), so division and
 * remainder cannot trap where the original did not, and poison flags
 * give the same result. */
#define CRL_REMAT_DEPTH 256
#define CRL_REMAT_CLONES 1024
#define CRL_REMAT_FN_CLONES 1024
#define CRL_REMAT_FN_FACTOR 32

static int recomputable(LLVMValueRef v) {
  if (!LLVMIsAInstruction(v)) return 0;
  return LLVMIsACastInst(v) || LLVMIsACmpInst(v) || LLVMIsASelectInst(v) ||
         LLVMIsAGetElementPtrInst(v) || LLVMIsABinaryOperator(v);
}

int crl_remat_candidate(LLVMValueRef v) { return recomputable(v); }

static int is_op(LLVMValueRef v, LLVMOpcode op) {
  return v && LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == op;
}

/* p, when v is the padding field_addr.c's align_up adds to p:
 * and (sub 0, ptrtoint p), C. */
static LLVMValueRef pad_base(LLVMValueRef v) {
  if (!is_op(v, LLVMAnd) || !LLVMIsAConstantInt(LLVMGetOperand(v, 1))) return NULL;
  LLVMValueRef neg = LLVMGetOperand(v, 0);
  if (!is_op(neg, LLVMSub) || !LLVMIsAConstantInt(LLVMGetOperand(neg, 0)) ||
      !LLVMIsNull(LLVMGetOperand(neg, 0)))
    return NULL;
  LLVMValueRef pi = LLVMGetOperand(neg, 1);
  return is_op(pi, LLVMPtrToInt) ? LLVMGetOperand(pi, 0) : NULL;
}

/* Does p derive from the frame (coro.begin or the frame base) through
 * constant-offset address arithmetic and realignments alone? The same
 * address in every split function, unlike an alloca's. */
static int frame_derived(crl_coro *c, LLVMValueRef p, int depth);

/* One step down a realignment (field_addr.c's align_up): from the
 * realigned GEP, its padding, the padding's negation or its ptrtoint, to
 * the frame address they are computed from; NULL when v is none of
 * them, or comes from elsewhere than the frame. */
static LLVMValueRef realign_step(crl_coro *c, LLVMValueRef v) {
  LLVMValueRef p = NULL;
  if (LLVMIsAGetElementPtrInst(v) && LLVMGetNumOperands(v) == 2 &&
      pad_base(LLVMGetOperand(v, 1)) == LLVMGetOperand(v, 0))
    p = LLVMGetOperand(v, 0);
  else if ((p = pad_base(v)) != NULL)
    ;
  else if (is_op(v, LLVMSub) && LLVMIsAConstantInt(LLVMGetOperand(v, 0)) &&
           LLVMIsNull(LLVMGetOperand(v, 0)) && is_op(LLVMGetOperand(v, 1), LLVMPtrToInt))
    p = LLVMGetOperand(LLVMGetOperand(v, 1), 0);
  else if (is_op(v, LLVMPtrToInt))
    p = LLVMGetOperand(v, 0);
  return p && frame_derived(c, p, 0) ? p : NULL;
}

static int frame_derived(crl_coro *c, LLVMValueRef p, int depth) {
  for (; depth < 64; depth++) {
    if (p == c->shape->begin || (c->frame_base && p == c->frame_base)) return 1;
    LLVMValueRef under = realign_step(c, p);
    if (under) {
      p = under;
      continue;
    }
    if (!LLVMIsAGetElementPtrInst(p)) return 0;
    unsigned n = LLVMGetNumOperands(p);
    for (unsigned k = 1; k < n; k++)
      if (!LLVMIsAConstant(LLVMGetOperand(p, k))) return 0;
    p = LLVMGetOperand(p, 0);
  }
  return 0;
}

static int remat_from(crl_coro *c, LLVMValueRef v, int depth) {
  for (; depth < 64; depth++) {
    if (v == c->shape->begin || v == c->frame_base || LLVMIsAAllocaInst(v) ||
        LLVMIsAConstant(v))
      return 1;
    /* Where the realigned region's slack block is: a select on a compare
     * of two frame addresses (rewrite.c). */
    if (c->frame.slack_addr && (v == c->frame.slack_addr || v == c->frame.slack_cmp)) {
      unsigned n = LLVMGetNumOperands(v);
      for (unsigned k = 0; k + 1 < n; k++)
        if (!remat_from(c, LLVMGetOperand(v, k), depth + 1)) return 0;
      v = LLVMGetOperand(v, n - 1);
      continue;
    }
    /* The realigned address of an over-aligned frame alloca, and the
     * padding it adds (field_addr.c): recomputed from the frame. */
    LLVMValueRef under = realign_step(c, v);
    if (under) {
      v = under;
      continue;
    }
    if (!LLVMIsAGetElementPtrInst(v) && !LLVMIsABitCastInst(v) &&
        !LLVMIsAAddrSpaceCastInst(v))
      return 0;
    unsigned n = LLVMGetNumOperands(v);
    for (unsigned k = 1; k < n; k++)
      if (!LLVMIsAConstant(LLVMGetOperand(v, k))) return 0;
    v = LLVMGetOperand(v, 0);
  }
  return 0;
}

int crl_is_remat(crl_coro *c, LLVMValueRef v) { return remat_from(c, v, 0); }

static int covers(const crl_bitset *a, const crl_bitset *b, uint32_t n) {
  for (uint32_t s = crl_bitset_next(b, 0); s < n; s = crl_bitset_next(b, s + 1))
    if (!crl_bitset_test(a, s)) return 0;
  return 1;
}

/* Address arithmetic on the frame or on what it derives from, which every
 * split function rebuilds on its own (crl_is_remat, but no alloca). */
static int rebuilt_everywhere(crl_coro *c, LLVMValueRef v) {
  if (!crl_is_remat(c, v)) return 0;
  while (LLVMIsAGetElementPtrInst(v) || LLVMIsABitCastInst(v) || LLVMIsAAddrSpaceCastInst(v))
    v = LLVMGetOperand(v, 0);
  return v == c->shape->begin || (c->frame_base && v == c->frame_base);
}

/* Suspends of `row` that `have` lacks: the copies a recomputed value
 * adds to reach the row. */
static int intersects(const crl_bitset *a, const crl_bitset *b, uint32_t n) {
  for (uint32_t s = crl_bitset_next(b, 0); s < n; s = crl_bitset_next(b, s + 1))
    if (crl_bitset_test(a, s)) return 1;
  return 0;
}

static uint32_t count_missing(const crl_bitset *row, const crl_bitset *have, uint32_t n) {
  uint32_t k = 0;
  for (uint32_t s = crl_bitset_next(row, 0); s < n; s = crl_bitset_next(row, s + 1))
    k += !crl_bitset_test(have, s);
  return k;
}

/* What making one value available after a set of suspends takes: each
 * step extends a candidate's crossing set to the row, keeping it in the
 * frame (extend) or recomputing it there (remat). */
typedef struct remat_step { uint32_t cand; int remat; } remat_step;

typedef struct remat_ctx {
  crl_coro *c;
  crl_plan *p;
  crl_valmap cand_of;
  remat_step *steps;
  uint32_t nsteps, cap_steps;
  /* Candidate j is planned in the current walk iff walk_of[j] == walk,
   * step_of[j] < nsteps and steps[step_of[j]].cand == j (steps undone by
   * a walk that backs out leave stale entries, which this rejects). */
  uint32_t *walk_of, *step_of, walk;
  uint8_t *busy;    /* recomputing it is being planned (cycles, only in
                       unreachable code, are refused) */
  uint64_t clones;  /* copies the current walk adds */
  uint64_t left;    /* copies the whole function may still add */
  int chains;       /* 0: one level, from values already crossing suspends */
  int force;        /* recompute whatever the budget allows, as LLVM does,
                       whatever it costs the estimate */
  int overrode;     /* force made a decision the estimate would not have */
  uint8_t *pinned;  /* one level: operands of recomputed values stay */
  int used_chains;  /* a decision one level would not have made */
  int tolerated;    /* the current walk kept an operand across more
                       suspends at no charge */
  int oom;
} remat_ctx;

#define REMAT_NO UINT64_MAX

static int planned(const remat_ctx *x, uint32_t j) {
  return x->walk_of[j] == x->walk && x->step_of[j] < x->nsteps &&
         x->steps[x->step_of[j]].cand == j;
}

static int push_step(remat_ctx *x, uint32_t j, int remat) {
  if (x->nsteps == x->cap_steps) {
    uint32_t cap = x->cap_steps ? 2 * x->cap_steps : 64;
    remat_step *ns = crl_realloc(x->steps, cap * sizeof *ns);
    if (!ns) {
      x->oom = 1;
      return -1;
    }
    x->steps = ns;
    x->cap_steps = cap;
  }
  x->walk_of[j] = x->walk;
  x->step_of[j] = x->nsteps;
  x->steps[x->nsteps++] = (remat_step){j, remat};
  return 0;
}

static uint64_t operands_cost(remat_ctx *x, LLVMValueRef v, const crl_bitset *row,
                              uint32_t depth);

/* Extra frame bytes for candidate j to be available after every suspend of
 * `row`, steps appended to x; REMAT_NO when it cannot be. A candidate
 * already planned in this walk is available at no further cost. */
static uint64_t avail_cost(remat_ctx *x, uint32_t j, const crl_bitset *row,
                           uint32_t depth) {
  crl_plan *p = x->p;
  crl_cand *cd = &p->cands[j];
  uint32_t n = x->c->num_susp;
  /* An alloca whose memory is live across every suspend of the row has its
   * field there, at one address every split function rebuilds: address
   * arithmetic on it (an element of a local array picked by an index the
   * frame holds) is recomputed at no cost. Anywhere else its storage may
   * be another field's, so nothing is recomputed from it. */
  if (cd->is_alloca) return !x->busy[j] && covers(&p->cross.across[j], row, n) ? 0 : REMAT_NO;
  if (x->busy[j]) return REMAT_NO;
  /* One level: an operand must be a value already crossing suspends,
   * kept in the frame (recomputed ones cannot be extended). */
  if (!x->chains && (cd->remat || cd->chain_only)) return REMAT_NO;
  if (covers(&p->cross.across[j], row, n) || planned(x, j)) return 0;
  uint64_t keep = LLVMABISizeOfType(x->c->td, LLVMTypeOf(cd->value));
  uint32_t mark = x->nsteps;
  uint64_t clones = x->clones;
  /* Recomputing j makes it recomputed wherever it crosses a suspend, and
   * its operands are made available only across `row`: a value kept across
   * suspends outside `row` stays kept (it is extended instead). */
  if (x->chains && (cd->remat || (recomputable(cd->value) && covers(row, &p->cross.across[j], n))) &&
      depth < CRL_REMAT_DEPTH && push_step(x, j, 1) == 0) {
    x->clones += count_missing(row, &p->cross.across[j], n);
    x->busy[j] = 1;
    uint64_t sub = x->clones <= CRL_REMAT_CLONES && x->clones <= x->left
                       ? operands_cost(x, cd->value, row, depth + 1)
                       : REMAT_NO;
    x->busy[j] = 0;
    /* Recomputing it is taken when that costs no more than keeping it (a
     * kept root may serve other values recomputed from it); a value
     * already recomputed has no slot to keep. */
    if (sub != REMAT_NO && (cd->remat || sub <= keep || x->force)) {
      x->overrode |= !cd->remat && sub > keep;
      return sub;
    }
    x->nsteps = mark;
    x->clones = clones;
  }
  if (cd->remat || push_step(x, j, 0) != 0) return REMAT_NO;
  /* With chains, an operand the frame already holds across some of the
   * value's suspends is kept across the others at no charge (a struct
   * argument kept whole for its own later uses, a field extracted from it
   * used after further suspends): whether that grows the frame depends on
   * which suspends are the fullest, which the layout decides (and
   * crl_frame_build keeps the one-level plan when it is smaller). */
  if (x->chains && intersects(&p->cross.across[j], row, n)) {
    x->tolerated = 1;
    return 0;
  }
  return keep;
}

static uint64_t operands_cost(remat_ctx *x, LLVMValueRef v, const crl_bitset *row,
                              uint32_t depth) {
  unsigned nops = LLVMGetNumOperands(v);
  uint64_t sum = 0;
  for (unsigned k = 0; k < nops; k++) {
    LLVMValueRef op = LLVMGetOperand(v, k);
    if (LLVMIsAConstant(op) || rebuilt_everywhere(x->c, op)) continue;
    uint32_t j = crl_valmap_get_id(&x->cand_of, op);
    if (j == UINT32_MAX) return REMAT_NO;
    uint64_t c = avail_cost(x, j, row, depth);
    if (c == REMAT_NO) return REMAT_NO;
    sum += c;
  }
  return sum;
}

/* The walk's state for crl_mark_remat: 0, or -1 when out of memory (then
 * nothing is left allocated). */
static int remat_ctx_init(remat_ctx *x, crl_coro *c, crl_plan *p, crl_remat_mode mode) {
  memset(x, 0, sizeof *x);
  x->c = c;
  x->p = p;
  x->chains = mode != CRL_REMAT_ONE_LEVEL;
  x->force = mode == CRL_REMAT_FORCED;
  x->left = CRL_REMAT_FN_CLONES + (uint64_t)CRL_REMAT_FN_FACTOR * crl_count_fn_instructions(c->fn);
  x->pinned = crl_calloc(p->num_cands + 1, 1);
  x->walk_of = crl_calloc(p->num_cands + 1, sizeof *x->walk_of);
  x->step_of = crl_calloc(p->num_cands + 1, sizeof *x->step_of);
  x->busy = crl_calloc(p->num_cands + 1, 1);
  int rc = x->pinned && x->walk_of && x->step_of && x->busy ? 0 : -1;
  if (rc == 0) rc = crl_valmap_init(&x->cand_of, p->num_cands);
  else memset(&x->cand_of, 0, sizeof x->cand_of);
  if (rc != 0) {
    free(x->pinned);
    free(x->walk_of);
    free(x->step_of);
    free(x->busy);
    return -1;
  }
  for (uint32_t i = 0; i < p->num_cands; i++)
    crl_valmap_put_id(&x->cand_of, p->cands[i].value, i);
  return 0;
}

static void remat_ctx_free(remat_ctx *x) {
  crl_valmap_free(&x->cand_of);
  free(x->pinned);
  free(x->walk_of);
  free(x->step_of);
  free(x->busy);
  free(x->steps);
}

/* Candidate i is recomputed along the steps the walk found: what they
 * read is pinned and now live wherever i was (its suspends and store
 * points). */
static void take_remat(remat_ctx *x, crl_plan *p, uint32_t i) {
  crl_cand *cd = &p->cands[i];
  const crl_bitset *row = &p->cross.across[i];
  x->left -= x->clones;
  x->used_chains |= x->tolerated;
  cd->remat = 1;
  for (uint32_t k = 0; k < x->nsteps; k++) {
    crl_cand *oj = &p->cands[x->steps[k].cand];
    if (x->steps[k].remat || oj->chain_only) x->used_chains = 1;
    x->pinned[x->steps[k].cand] = 1;
    if (x->steps[k].remat) oj->remat = 1;
    crl_bitset_union_with(&p->cross.across[x->steps[k].cand], row);
    if (cd->lo < oj->lo) oj->lo = cd->lo;
    if (cd->hi > oj->hi) oj->hi = cd->hi;
  }
}

int crl_mark_remat(crl_coro *c, crl_plan *p, crl_remat_mode mode) {
  uint32_t n = c->num_susp;
  int chains = mode != CRL_REMAT_ONE_LEVEL;
  remat_ctx x;
  if (remat_ctx_init(&x, c, p, mode) != 0) return 0;
  /* A value is decided when it is met, in candidate order, so one met
   * before the decision that brings its operand into the frame keeps its
   * own slot (a field truncated out of a struct argument, when a later
   * field's chain keeps the argument whole). With chains, a second sweep
   * takes what is then free: recomputing from operands that already
   * cover the value's suspends, with nothing extended, only drops slots. */
  for (int sweep = 0; sweep < (chains ? 2 : 1); sweep++) {
    for (uint32_t i = 0; i < p->num_cands && !x.oom; i++) {
      crl_cand *cd = &p->cands[i];
      const crl_bitset *row = &p->cross.across[i];
      if (cd->is_alloca || cd->remat || (!chains && x.pinned[i]) ||
          !recomputable(cd->value) || crl_bitset_next(row, 0) >= n)
        continue;
      /* Defined where the handle may have left: recomputed, chains and all,
       * whatever the estimate (crl_mark_remat's note in frame_plan.h). */
      int late = crl_defined_after_store_point(c, p, i);
      /* The value's own copy after each suspend replaces a reload; only the
       * chain below it adds code. */
      x.nsteps = 0;
      x.clones = 0;
      x.tolerated = 0;
      x.walk++;
      x.busy[i] = 1;
      x.chains = chains || late;
      x.force = mode == CRL_REMAT_FORCED || late;
      uint64_t size = LLVMABISizeOfType(c->td, LLVMTypeOf(cd->value));
      uint64_t extra = operands_cost(&x, cd->value, row, 1);
      x.busy[i] = 0;
      x.chains = chains;
      x.force = mode == CRL_REMAT_FORCED;
      /* With chains a tie is taken too: the operand it brings into the frame
       * may serve other values recomputed from it (three field addresses
       * off one loaded pointer); crl_frame_build keeps the one-level plan
       * unless this one turns out smaller. */
      if (extra == REMAT_NO) continue;
      if (!x.force && !late && (extra > size || (extra == size && !chains))) continue;
      if (sweep == 1 && !late && (extra != 0 || x.tolerated)) continue;
      x.overrode |= extra > size && !late;
      take_remat(&x, p, i);
    }
  }
  remat_ctx_free(&x);
  return x.force ? x.overrode : x.used_chains;
}

/* The recomputed candidates in the order the rewrite makes their copies:
 * a copy reads the values it is recomputed from, whose own repair must
 * see that use, so users come before what they read: latest definition
 * first (an instruction comes after its operands in reverse post-order,
 * and in its block). */
uint32_t *crl_remat_order(crl_plan *p, uint32_t *count) {
  uint32_t nb = p->num_blocks, cnt = 0, m = 0;
  uint32_t *ord = crl_malloc((p->num_cands + 1) * sizeof *ord);
  uint32_t *rpo = crl_malloc((nb + 1) * sizeof *rpo), *idx = crl_malloc((nb + 1) * sizeof *idx);
  crl_keyed *kv = crl_malloc((p->num_cands + 1) * sizeof *kv);
  crl_valmap pos;
  int ok = ord && rpo && idx && kv && crl_cfg_rpo(&p->cfg, rpo, idx, &cnt) == 0 &&
           crl_valmap_init(&pos, 64) == 0;
  uint8_t *numbered = ok ? crl_calloc(nb + 1, 1) : NULL;
  if (ok && !numbered) crl_valmap_free(&pos);
  if (!numbered) {
    free(ord);
    free(rpo);
    free(idx);
    free(kv);
    return NULL;
  }
  for (uint32_t i = 0; i < p->num_cands; i++) {
    if (!p->cands[i].remat) continue;
    uint32_t b = p->cands[i].def_block;
    if (b < nb && !numbered[b]) {
      uint32_t k = 0;
      numbered[b] = 1;
      for (LLVMValueRef v = LLVMGetFirstInstruction(p->blocks[b]); v;
           v = LLVMGetNextInstruction(v))
        crl_valmap_put_id(&pos, v, k++);
    }
    uint64_t at = b < nb && idx[b] != UINT32_MAX ? idx[b] : 0;
    uint64_t in = crl_valmap_get_id(&pos, p->cands[i].value);
    kv[m++] = (crl_keyed){~((at << 32) | (in & 0xffffffffu)), i};
  }
  crl_keyed_sort(kv, m, ord);
  crl_valmap_free(&pos);
  free(numbered);
  free(rpo);
  free(idx);
  free(kv);
  *count = m;
  return ord;
}

/* ---- narrow slots ----
 *
 * A spilled integer whose every possible value is an extension of a
 * narrower integer is kept at that width: the value is one of the leaves
 * reached through phis and selects (which only pass values along, so
 * loops among them add nothing), and each leaf (a constant, a sign or
 * zero extension) says how many bits it needs signed and unsigned. The
 * store truncates, the reload extends back: the same value. Undef and
 * poison count as wide, and so does a suspend's result: the lowering
 * stands it in with a phi of a placeholder constant (or poison) that the
 * split replaces with what the continuation is given. A walk visits at
 * most CRL_NARROW_NODES values, so this stays linear. */
#define CRL_NARROW_NODES 64

static unsigned const_bits(LLVMValueRef k, unsigned n, int zext) {
  unsigned long long z = LLVMConstIntGetZExtValue(k);
  long long sv = LLVMConstIntGetSExtValue(k);
  for (unsigned b = 1; b < n && b < 64; b++) {
    if (zext) {
      if ((z >> b) == 0) return b;
    } else {
      long long lo = -(1LL << (b - 1)), hi = (1LL << (b - 1)) - 1;
      if (sv >= lo && sv <= hi) return b;
    }
  }
  return n;
}

/* Bits the leaf v (of n bits) needs when extended back: [0] signed,
 * [1] unsigned. */
static void leaf_bits(LLVMValueRef v, unsigned n, unsigned out[2]) {
  out[0] = out[1] = n;
  if (LLVMIsAConstantInt(v)) {
    if (n <= 64) {
      out[0] = const_bits(v, n, 0);
      out[1] = const_bits(v, n, 1);
    }
  } else if (LLVMIsASExtInst(v) || LLVMIsAZExtInst(v)) {
    LLVMTypeRef st = LLVMTypeOf(LLVMGetOperand(v, 0));
    if (LLVMGetTypeKind(st) != LLVMIntegerTypeKind) return;
    unsigned m = LLVMGetIntTypeWidth(st);
    if (LLVMIsASExtInst(v)) {
      out[0] = m;
    } else {
      out[0] = m + 1;
      out[1] = m;
    }
  }
}

static int in_work(const crl_vec *w, LLVMValueRef v) {
  for (unsigned k = 0; k < w->n; k++)
    if (w->v[k] == v) return 1;
  return 0;
}

void crl_mark_narrow(crl_coro *c, crl_plan *p) {
  crl_vec work = {0};
  crl_valmap results;
  if (crl_valmap_init(&results, c->num_susp + 1) != 0) return;
  for (uint32_t s = 0; s < c->num_susp; s++)
    if (c->susp[s].result) crl_valmap_put(&results, c->susp[s].result, c->susp[s].result);
  for (uint32_t i = 0; i < p->num_cands; i++) {
    crl_cand *cd = &p->cands[i];
    cd->narrow = 0;
    cd->narrow_zext = 0;
    LLVMTypeRef t = LLVMTypeOf(cd->value);
    if (cd->is_alloca || LLVMGetTypeKind(t) != LLVMIntegerTypeKind ||
        crl_bitset_next(&p->cross.across[i], 0) >= c->num_susp)
      continue;
    unsigned n = LLVMGetIntTypeWidth(t);
    if (n <= 8 || n > 64 || (!LLVMIsAPHINode(cd->value) && !LLVMIsASelectInst(cd->value)))
      continue;
    unsigned need[2] = {0, 0};
    int ok = 1;
    work.n = 0;
    if (crl_vec_push(&work, cd->value)) break;
    for (unsigned w = 0; w < work.n && ok; w++) {
      LLVMValueRef v = work.v[w];
      if (crl_valmap_has(&results, v)) {
        ok = 0;
        break;
      }
      if (LLVMIsAPHINode(v) || LLVMIsASelectInst(v)) {
        unsigned k0 = LLVMIsASelectInst(v) ? 1 : 0, nops = LLVMGetNumOperands(v);
        for (unsigned k = k0; k < nops && ok; k++) {
          LLVMValueRef op = LLVMGetOperand(v, k);
          if (in_work(&work, op)) continue;
          if (work.n == CRL_NARROW_NODES || crl_vec_push(&work, op)) ok = 0;
        }
        continue;
      }
      unsigned b[2];
      leaf_bits(v, n, b);
      if (b[0] > need[0]) need[0] = b[0];
      if (b[1] > need[1]) need[1] = b[1];
      if (need[0] >= n && need[1] >= n) ok = 0;
    }
    if (!ok) continue;
    int zext = need[1] < need[0];
    unsigned bits = zext ? need[1] : need[0];
    unsigned w = bits <= 8 ? 8 : bits <= 16 ? 16 : bits <= 32 ? 32 : n;
    if (w >= n) continue;
    cd->narrow = w;
    cd->narrow_zext = zext;
  }
  crl_vec_free(&work);
  crl_valmap_free(&results);
}
