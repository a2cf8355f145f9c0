/* Spill planning: which values and allocas live across which suspends
 * (through core/liveness on the index CFG), which of them share frame
 * storage, and the frame layout (core/layout). */
#include <stdio.h>
#include <string.h>

#include "core/layout.h"
#include "coro/lowering.h"
#include "irkit/blocks.h"
#include "frame/alloca_lifetime.h"
#include "frame/frame_plan.h"
#include "irkit/slots.h"

/* A use after a non-unwind coro.end happens only in the ramp. */
static int ramp_only_use(const crl_plan *p, uint32_t b, LLVMValueRef user) {
  return b < p->num_blocks && p->cut_end[b] &&
         (LLVMIsAPHINode(user) || crl_comes_before(p->cut_end[b], user));
}

/* ---- candidates ---- */

/* oom: an allocation failed; the list is incomplete and the plan fails. */
typedef struct use_list { uint32_t *b; uint32_t n, cap; int oom; } use_list;

static void add_use(use_list *u, uint32_t b) {
  if (u->n == u->cap) {
    uint32_t cap = u->cap ? 2 * u->cap : 8;
    uint32_t *nb = realloc(u->b, cap * sizeof *nb);
    if (!nb) {
      u->oom = 1;
      return;
    }
    u->b = nb;
    u->cap = cap;
  }
  u->b[u->n++] = b;
}

/* Blocks where v is used; phi uses count at the end of the incoming block. */
static void value_uses(crl_plan *p, LLVMValueRef v, use_list *out) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user)) continue;
    if (LLVMIsAPHINode(user)) {
      unsigned n = LLVMCountIncoming(user);
      for (unsigned k = 0; k < n; k++)
        if (LLVMGetIncomingValue(user, k) == v) {
          uint32_t b = crl_block_id(p, LLVMGetIncomingBlock(user, k));
          if (!ramp_only_use(p, b, user)) add_use(out, b);
        }
    } else {
      uint32_t b = crl_block_id(p, LLVMGetInstructionParent(user));
      if (!ramp_only_use(p, b, user)) add_use(out, b);
    }
  }
}


typedef struct alloca_info {
  use_list uses;
  uint32_t starts, start_block;
  int escapes, has_end;
} alloca_info;

/* Uses of an alloca through address arithmetic count as its own uses. A
 * pointer that escapes (stored, passed to a call, cast to an integer) may be
 * used anywhere until the lifetime ends. */
static void alloca_uses(crl_plan *p, LLVMValueRef a, alloca_info *ai) {
  crl_vec work = {0};
  crl_vec_push(&work, a);
  for (unsigned w = 0; w < work.n; w++) {
    LLVMValueRef v = work.v[w];
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      if (!LLVMIsAInstruction(user)) continue;
      uint32_t ub = crl_block_id(p, LLVMGetInstructionParent(user));
      if (!LLVMIsAPHINode(user) && ramp_only_use(p, ub, user)) continue;
      crl_intr k = crl_intrinsic_of(user);
      if (k == CRL_I_LIFETIME_START) {
        ai->starts++;
        ai->start_block = ub;
        continue;
      }
      if (k == CRL_I_LIFETIME_END) {
        ai->has_end = 1;
        add_use(&ai->uses, ub);
        continue;
      }
      if (LLVMIsAPHINode(user)) {
        unsigned n = LLVMCountIncoming(user);
        for (unsigned e = 0; e < n; e++)
          if (LLVMGetIncomingValue(user, e) == v) {
            uint32_t ib = crl_block_id(p, LLVMGetIncomingBlock(user, e));
            if (!ramp_only_use(p, ib, user)) add_use(&ai->uses, ib);
          }
        ai->escapes = 1;
        continue;
      }
      add_use(&ai->uses, ub);
      if (LLVMIsAGetElementPtrInst(user) || LLVMIsABitCastInst(user) ||
          LLVMIsAAddrSpaceCastInst(user)) {
        crl_vec_push(&work, user);
      } else if (LLVMIsALoadInst(user)) {
      } else if (LLVMIsAStoreInst(user)) {
        if (LLVMGetOperand(user, 0) == v) ai->escapes = 1;
      } else {
        ai->escapes = 1;
        if (LLVMIsASelectInst(user)) crl_vec_push(&work, user);
      }
    }
  }
  crl_vec_free(&work);
}

static int push_cand(crl_plan *p, uint32_t *cap, LLVMValueRef v, uint32_t def,
                     int is_alloca, use_list *u, crl_live_value **lv,
                     use_list **ul) {
  if (u->oom) {
    free(u->b);
    return -1;
  }
  if (p->num_cands == *cap) {
    uint32_t nc = *cap ? 2 * *cap : 64;
    crl_cand *cands = realloc(p->cands, nc * sizeof *cands);
    if (cands) p->cands = cands;
    crl_live_value *nlv = realloc(*lv, nc * sizeof *nlv);
    if (nlv) *lv = nlv;
    use_list *nul = realloc(*ul, nc * sizeof *nul);
    if (nul) *ul = nul;
    if (!cands || !nlv || !nul) {
      free(u->b);
      return -1;
    }
    *cap = nc;
  }
  uint32_t i = p->num_cands++;
  memset(&p->cands[i], 0, sizeof p->cands[i]);
  p->cands[i].value = v;
  p->cands[i].def_block = def;
  p->cands[i].is_alloca = is_alloca;
  p->cands[i].field = UINT32_MAX;
  (*ul)[i] = *u;
  (*lv)[i].def_block = def;
  (*lv)[i].num_uses = u->n;
  (*lv)[i].use_blocks = u->b;
  return 0;
}

static int outside_frame(LLVMValueRef a) {
  /* Metadata kind ids belong to the context: looked up each time. */
  unsigned kind = LLVMGetMDKindIDInContext(LLVMGetTypeContext(LLVMTypeOf(a)),
                                           "coro.outside.frame", 18);
  return LLVMGetMetadata(a, kind) != NULL;
}

/* A suspend's result is rebuilt at the top of every clone and folds
 * there; it is a candidate like any value all the same, kept only when a
 * use lies past another suspend (its switch sunk below a later suspend). */
static int skip_value(crl_coro *c, LLVMValueRef i) {
  LLVMTypeKind tk = LLVMGetTypeKind(LLVMTypeOf(i));
  if (tk == LLVMVoidTypeKind || tk == LLVMTokenTypeKind) return 1;
  if (i == c->begin || i == c->id || LLVMIsAAllocaInst(i)) return 1;
  return crl_is_remat(c, i);
}

/* Exits: where an escaped alloca without lifetime.end may still be used. */
static void add_exit_uses(const use_list *exits, use_list *u) {
  for (uint32_t k = 0; k < exits->n; k++) add_use(u, exits->b[k]);
}

static int collect_values(crl_coro *c, crl_plan *p, crl_live_value **lv,
                          use_list **ul, const use_list *exits,
                          const crl_valmap *pinned) {
  uint32_t cap = 0;
  unsigned np = LLVMCountParams(c->fn);
  for (unsigned k = 0; k < np; k++) {
    LLVMValueRef a = LLVMGetParam(c->fn, k);
    use_list u = {0};
    value_uses(p, a, &u);
    if (!u.n) { free(u.b); continue; }
    if (push_cand(p, &cap, a, p->num_blocks, 0, &u, lv, ul)) return -1;
  }
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (LLVMValueRef i = LLVMGetFirstInstruction(p->blocks[b]); i;
         i = LLVMGetNextInstruction(i)) {
      if (LLVMIsAAllocaInst(i)) {
        if (crl_valmap_has(pinned, i) || outside_frame(i)) continue;
        alloca_info ai = {0};
        alloca_uses(p, i, &ai);
        uint32_t def = ai.starts == 1 ? ai.start_block : b;
        if (ai.escapes && !ai.has_end) add_exit_uses(exits, &ai.uses);
        if (!ai.uses.n) { free(ai.uses.b); continue; }
        if (push_cand(p, &cap, i, def, 1, &ai.uses, lv, ul)) return -1;
        continue;
      }
      if (skip_value(c, i)) continue;
      use_list u = {0};
      value_uses(p, i, &u);
      int nonlocal = 0;
      for (uint32_t k = 0; k < u.n; k++) nonlocal |= u.b[k] != b;
      /* A phi use in the defining block comes round a loop: not local. */
      for (LLVMUseRef us = LLVMGetFirstUse(i); us && !nonlocal; us = LLVMGetNextUse(us))
        nonlocal |= LLVMIsAPHINode(LLVMGetUser(us)) != NULL;
      if (!nonlocal) { free(u.b); continue; }
      if (push_cand(p, &cap, i, b, 0, &u, lv, ul)) return -1;
    }
  return 0;
}

static int collect(crl_coro *c, crl_plan *p, crl_live_value **lv,
                   use_list **ul) {
  use_list exits = {0};
  for (uint32_t b = 0; b < p->num_blocks; b++)
    if (crl_cfg_num_succs(&p->live_cfg, b) == 0) add_use(&exits, b);
  crl_valmap pinned;
  int rc = crl_valmap_init(&pinned, c->pinned_allocas.n);
  if (exits.oom) rc = -1;
  for (unsigned k = 0; rc == 0 && k < c->pinned_allocas.n; k++)
    rc = crl_valmap_put(&pinned, c->pinned_allocas.v[k], c->pinned_allocas.v[k]);
  if (rc == 0) rc = collect_values(c, p, lv, ul, &exits, &pinned);
  crl_valmap_free(&pinned);
  free(exits.b);
  return rc;
}

/* Values crossing more suspends than this go to memory mode (rewrite.c):
 * SSA repair would merge the slot and the register at every await that
 * may skip its suspend, one phi per value per await. */
#define CRL_SSA_MODE_MAX_CROSSINGS 2

/* A value is stored right after its definition (memory mode) when it is
 * defined after the store point of a suspend it crosses, or crosses many. */
static void mark_late_defs(crl_coro *c, crl_plan *p) {
  uint32_t n = c->num_susp;
  for (uint32_t i = 0; i < p->num_cands; i++) {
    crl_cand *cd = &p->cands[i];
    if (cd->is_alloca || cd->remat) continue;
    const crl_bitset *row = &p->cross.across[i];
    uint32_t crossings = 0;
    for (uint32_t s = crl_bitset_next(row, 0); s < n; s = crl_bitset_next(row, s + 1))
      if (++crossings > CRL_SSA_MODE_MAX_CROSSINGS) break;
    if (crossings > CRL_SSA_MODE_MAX_CROSSINGS) { cd->store_after_def = 1; continue; }
    if (LLVMIsAArgument(cd->value)) continue;
    for (uint32_t s = crl_bitset_next(row, 0); s < n; s = crl_bitset_next(row, s + 1)) {
      LLVMValueRef pt = c->susp[s].point;
      uint32_t pb = crl_block_id(p, LLVMGetInstructionParent(pt));
      int ok = pb == cd->def_block ? crl_comes_before(cd->value, pt)
                                   : crl_dominates(&p->dom, cd->def_block, pb);
      if (!ok) { cd->store_after_def = 1; break; }
    }
  }
}

/* A value defined in the block of a store point may be live there.
 * Store points are chained per block so this stays linear. */
static int add_store_points(crl_coro *c, crl_plan *p, const uint32_t *rb) {
  uint32_t n = c->num_susp;
  uint32_t *first_pt = malloc((p->num_blocks + 1) * sizeof *first_pt);
  uint32_t *next_pt = malloc((n + 1) * sizeof *next_pt);
  if (!first_pt || !next_pt) {
    free(first_pt);
    free(next_pt);
    return -1;
  }
  for (uint32_t b = 0; b <= p->num_blocks; b++) first_pt[b] = UINT32_MAX;
  for (uint32_t s = 0; s < n; s++) {
    next_pt[s] = first_pt[rb[n + s]];
    first_pt[rb[n + s]] = s;
  }
  for (uint32_t i = 0; i < p->num_cands; i++) {
    uint32_t d = p->cands[i].def_block;
    if (d >= p->num_blocks || crl_bitset_next(&p->cross.across[i], 0) >= n) continue;
    for (uint32_t s = first_pt[d]; s != UINT32_MAX; s = next_pt[s])
      crl_bitset_set(&p->cross.across[i], n + s);
  }
  free(first_pt);
  free(next_pt);
  return 0;
}

/* Is the suspend's store point the branch of its pre block into its
 * resume block? */
static int store_at_suspend(const crl_suspend *sp) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(sp->pre);
  return sp->point == t && LLVMGetNumSuccessors(t) == 1 &&
         LLVMGetSuccessor(t, 0) == sp->resume;
}

static int check_begin_dominates(crl_coro *c, crl_plan *p) {
  for (uint32_t s = 0; s < c->num_susp; s++) {
    uint32_t pb = crl_block_id(p, LLVMGetInstructionParent(c->susp[s].point));
    if (!crl_dominates(&p->dom, p->begin_block, pb) ||
        (pb == p->begin_block && !crl_comes_before(c->begin, c->susp[s].point))) {
      CRL_ERR(c, c->susp[s].point, "suspend point is not dominated by llvm.coro.begin");
      return -1;
    }
  }
  return 0;
}

int crl_frame_liveness(crl_coro *c) {
  crl_plan *p = calloc(1, sizeof *p);
  if (!p) {
    CRL_ERR(c, NULL, "out of memory planning the frame");
    return -1;
  }
  c->plan = p;
  if (crl_plan_build_cfg(p, c->fn) != 0) {
    CRL_ERR(c, NULL, "out of memory building the control-flow graph");
    return -1;
  }
  p->begin_block = crl_block_id(p, LLVMGetInstructionParent(c->begin));
  if (check_begin_dominates(c, p) != 0) return -1;
  crl_live_value *lv = NULL;
  use_list *ul = NULL;
  int rc = collect(c, p, &lv, &ul);
  uint32_t n = c->num_susp;
  uint32_t *rb = malloc((2 * n + 1) * sizeof *rb);
  uint32_t *pt = malloc((2 * n + 1) * sizeof *pt);
  if (!rb || !pt) rc = -1;
  for (uint32_t s = 0; rc == 0 && s < n; s++) {
    rb[s] = crl_block_id(p, c->susp[s].resume);
    rb[n + s] = pt[n + s] = crl_block_id(p, LLVMGetInstructionParent(c->susp[s].point));
    /* A store point that ends the block falling into the resume block (no
     * separate save): what is live there is what is live into the resume
     * block, exactly; the store point's own block would also count values
     * whose last use comes before it. */
    if ((c->low->plan_refinements & CRL_PLAN_EXACT_STORE_POINTS) &&
        store_at_suspend(&c->susp[s])) {
      rb[n + s] = rb[s];
      pt[n + s] = p->num_blocks; /* no value is defined there */
    }
  }
  if (rc == 0) rc = crl_crossing_and_hulls(p, 2 * n, rb, lv);
  if (rc == 0) rc = crl_exact_alloca_lifetimes(c, p, lv);
  if (rc == 0) rc = add_store_points(c, p, pt);
  free(pt);
  free(rb);
  for (uint32_t i = 0; ul && i < p->num_cands; i++) free(ul[i].b);
  free(ul);
  free(lv);
  if (rc != 0) {
    CRL_ERR(c, NULL, "out of memory in liveness analysis");
    return -1;
  }
  crl_mark_remat(c, p);
  mark_late_defs(c, p);
  return 0;
}

/* Pinned allocas are named in the report as the input names them. */
static void name_pinned(crl_coro *c, const crl_valmap *slots) {
  for (uint32_t f = 0; f < c->num_fields; f++) {
    crl_frame_field_plan *fd = &c->fields[f];
    if (!fd->pinned || fd->owns_name) continue;
    fd->name = crl_slot_name(slots, fd->value);
    fd->owns_name = 1;
  }
}

int crl_frame_build(crl_coro *c) {
  crl_plan *p = c->plan;
  crl_valmap own;
  const crl_valmap *slots = c->slots;
  if (!slots) {
    crl_number_slots(c->fn, &own);
    slots = &own;
  }
  name_pinned(c, slots);
  int prc = crl_plan_fields(c, p, slots);
  if (slots == &own) crl_valmap_free(&own);
  if (prc != 0) return -1;
  if (crl_layout_frame(c, p) != 0) {
    CRL_ERR(c, NULL, "frame layout failed");
    return -1;
  }
  crl_frame_report_build(c);
  return 0;
}
