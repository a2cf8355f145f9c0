/* Spill planning: which values and allocas live across which suspends
 * (through core/liveness on the index CFG), which of them share frame
 * storage, and the frame layout (core/layout). */
#include <stdio.h>
#include <string.h>

#include "core/layout.h"
#include "ir/blocks.h"
#include "ir/alloca_lifetime.h"
#include "ir/frame_plan.h"
#include "targets/targets.h"

crl_plan *crl_plan_of(crl_coro *c) { return c->plan; }

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
  crl_domtree_free(&p->dom);
  for (uint32_t i = 0; i < p->num_cands; i++) free(p->cands[i].live_blocks);
  free(p->cands);
  if (p->cross.across) free(p->cross.across[0].words);
  free(p->cross.across);
  free(p);
}

static int build_cfg(crl_plan *p, LLVMValueRef fn) {
  unsigned nb = LLVMCountBasicBlocks(fn);
  p->num_blocks = nb;
  p->blocks = malloc((nb ? nb : 1) * sizeof *p->blocks);
  if (!p->blocks || crl_valmap_init(&p->block_id, nb) != 0) return -1;
  uint32_t id = 0, ne = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    p->blocks[id] = bb;
    crl_valmap_put_id(&p->block_id, bb, id++);
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    if (t) ne += LLVMGetNumSuccessors(t);
  }
  uint32_t *from = malloc((ne + 1) * sizeof *from);
  uint32_t *to = malloc((ne + 1) * sizeof *to);
  p->cut_end = calloc(nb + 1, sizeof *p->cut_end);
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
  if (rc == 0) rc = crl_domtree_build(&p->dom, &p->cfg);
  return rc;
}

/* A use after a non-unwind coro.end happens only in the ramp. */
static int ramp_only_use(const crl_plan *p, uint32_t b, LLVMValueRef user) {
  return b < p->num_blocks && p->cut_end[b] &&
         (LLVMIsAPHINode(user) || crl_comes_before(p->cut_end[b], user));
}

int crl_is_remat(crl_coro *c, LLVMValueRef v) {
  for (int depth = 0; depth < 64; depth++) {
    if (v == c->begin || LLVMIsAAllocaInst(v) || LLVMIsAConstant(v)) return 1;
    /* The realigned address of an over-aligned frame alloca. */
    if (LLVMIsACallInst(v) && LLVMGetIntrinsicID(LLVMGetCalledValue(v)) ==
                                  LLVMLookupIntrinsicID("llvm.ptrmask", 12)) {
      if (!LLVMIsAConstant(LLVMGetOperand(v, 1))) return 0;
      v = LLVMGetOperand(v, 0);
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

/* ---- candidates ---- */

typedef struct use_list { uint32_t *b; uint32_t n, cap; } use_list;

static void add_use(use_list *u, uint32_t b) {
  if (u->n == u->cap) {
    u->cap = u->cap ? 2 * u->cap : 8;
    u->b = realloc(u->b, u->cap * sizeof *u->b);
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
  if (p->num_cands == *cap) {
    *cap = *cap ? 2 * *cap : 64;
    p->cands = realloc(p->cands, *cap * sizeof *p->cands);
    *lv = realloc(*lv, *cap * sizeof **lv);
    *ul = realloc(*ul, *cap * sizeof **ul);
    if (!p->cands || !*lv || !*ul) return -1;
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
  static unsigned kind;
  if (!kind)
    kind = LLVMGetMDKindIDInContext(
        LLVMGetTypeContext(LLVMTypeOf(a)), "coro.outside.frame", 18);
  return LLVMGetMetadata(a, kind) != NULL;
}

/* The normalized suspend results are rebuilt in every clone, never kept. */
static int is_suspend_phi(const crl_valmap *susp_phis, LLVMValueRef v) {
  return LLVMIsAPHINode(v) && crl_valmap_has(susp_phis, v);
}

static int skip_value(crl_coro *c, const crl_valmap *susp_phis, LLVMValueRef i) {
  LLVMTypeKind tk = LLVMGetTypeKind(LLVMTypeOf(i));
  if (tk == LLVMVoidTypeKind || tk == LLVMTokenTypeKind) return 1;
  if (i == c->begin || i == c->id || LLVMIsAAllocaInst(i)) return 1;
  if (is_suspend_phi(susp_phis, i)) return 1;
  return crl_is_remat(c, i);
}

/* Exits: where an escaped alloca without lifetime.end may still be used. */
static void add_exit_uses(const use_list *exits, use_list *u) {
  for (uint32_t k = 0; k < exits->n; k++) add_use(u, exits->b[k]);
}

static int collect_values(crl_coro *c, crl_plan *p, crl_live_value **lv,
                          use_list **ul, const crl_valmap *susp_phis,
                          const use_list *exits) {
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
        if (i == c->promise || outside_frame(i)) continue;
        alloca_info ai = {0};
        alloca_uses(p, i, &ai);
        uint32_t def = ai.starts == 1 ? ai.start_block : b;
        if (ai.escapes && !ai.has_end) add_exit_uses(exits, &ai.uses);
        if (!ai.uses.n) { free(ai.uses.b); continue; }
        if (push_cand(p, &cap, i, def, 1, &ai.uses, lv, ul)) return -1;
        continue;
      }
      if (skip_value(c, susp_phis, i)) continue;
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
  crl_valmap susp_phis;
  crl_valmap_init(&susp_phis, c->num_susp);
  for (uint32_t s = 0; s < c->num_susp; s++)
    if (c->susp[s].phi) crl_valmap_put(&susp_phis, c->susp[s].phi, c->susp[s].phi);
  use_list exits = {0};
  for (uint32_t b = 0; b < p->num_blocks; b++)
    if (crl_cfg_num_succs(&p->live_cfg, b) == 0) add_use(&exits, b);
  int rc = collect_values(c, p, lv, ul, &susp_phis, &exits);
  free(exits.b);
  crl_valmap_free(&susp_phis);
  return rc;
}

/* ---- frame fields and layout ---- */

uint32_t crl_add_field(crl_coro *c, crl_field_kind k, const char *name,
                       LLVMValueRef v, LLVMTypeRef t, uint64_t size,
                       uint32_t align, uint64_t fixed_offset) {
  if (c->num_fields == c->cap_fields) {
    c->cap_fields = c->cap_fields ? 2 * c->cap_fields : 16;
    c->fields = realloc(c->fields, c->cap_fields * sizeof *c->fields);
  }
  crl_frame_field_plan *f = &c->fields[c->num_fields];
  memset(f, 0, sizeof *f);
  f->kind = k;
  f->name = name;
  f->value = v;
  f->type = t;
  f->size = size;
  f->align = align ? align : 1;
  f->fixed_offset = fixed_offset;
  return c->num_fields++;
}

typedef struct interf_ctx {
  crl_coro *c;
  crl_plan *p;
  uint32_t *cand_of_field; /* field -> candidate or UINT32_MAX */
} interf_ctx;

/* Does a & b hold a common bit among the first n? Scanned from the top:
 * values that stay live to the end share the last suspends. */
static int common_below(const crl_bitset *a, const crl_bitset *b, uint32_t n) {
  uint32_t nw = (n + 63) / 64;
  for (uint32_t w = nw; w-- > 0;) {
    uint64_t m = a->words[w] & b->words[w];
    if (w == nw - 1 && (n & 63)) m &= (1ULL << (n & 63)) - 1;
    if (m) return 1;
  }
  return 0;
}

/* Like common_below, but a's bits [n, 2n) (store points) against b's
 * [0, n) (suspends crossed). */
static int stored_while_live(const crl_bitset *a, const crl_bitset *b, uint32_t n) {
  for (uint32_t s = crl_bitset_next(a, n); s < 2 * n; s = crl_bitset_next(a, s + 1))
    if (crl_bitset_test(b, s - n)) return 1;
  return 0;
}

static int interferes(uint32_t i, uint32_t j, void *vctx) {
  interf_ctx *x = vctx;
  uint32_t ci = x->cand_of_field[i], cj = x->cand_of_field[j];
  if (ci == UINT32_MAX || cj == UINT32_MAX) return 1;
  const crl_cand *a = &x->p->cands[ci], *b = &x->p->cands[cj];
  /* Disjoint live ranges never interfere (the hull is a superset). */
  if (a->hi < b->lo || b->hi < a->lo) return 0;
  /* Allocas are used in place for their whole life: overlapping ranges
   * interfere. So do values stored right after their definition. */
  if (a->is_alloca && b->is_alloca && crl_alloca_lifetimes_disjoint(x->p, a, b))
    return 0;
  if (a->is_alloca || b->is_alloca) return 1;
  if (a->store_after_def || b->store_after_def) return 1;
  const crl_crossing *cr = &x->p->cross;
  uint32_t n = x->c->num_susp;
  const crl_bitset *ra = &cr->across[ci], *rb = &cr->across[cj];
  /* Spill slots are occupied from a store point to the resume: they clash
   * when crossing one suspend, or when one is stored while the other is live. */
  return common_below(ra, rb, n) || stored_while_live(ra, rb, n) ||
         stored_while_live(rb, ra, n);
}

/* Live-in matrices above this many words (64 MiB) fall back to walks. */
#define CRL_MATRIX_MAX_WORDS (8u << 20)

typedef struct crossing_ctx {
  crl_plan *p;
  uint32_t ns, n;
  const uint32_t *rb;       /* suspend id -> its block */
  uint32_t *rpo, *order, cnt;
  uint32_t *first, *next;   /* suspend ids chained per block */
} crossing_ctx;

#define HULL(cd, b) do { uint32_t r_ = x->rpo[b]; if (r_ != UINT32_MAX) { \
    if (r_ < (cd)->lo) { (cd)->lo = r_; } \
    if (r_ > (cd)->hi) { (cd)->hi = r_; } } } while (0)

/* The hull starts from the definition and the uses; live-in blocks widen it. */
static void hull_from_def_and_uses(crossing_ctx *x, const crl_live_value *lv) {
  for (uint32_t i = 0; i < x->p->num_cands; i++) {
    crl_cand *cd = &x->p->cands[i];
    cd->lo = UINT32_MAX;
    cd->hi = 0;
    uint32_t d = lv[i].def_block < x->n ? lv[i].def_block : 0;
    HULL(cd, d);
    for (uint32_t k = 0; k < lv[i].num_uses; k++)
      if (lv[i].use_blocks[k] < x->n) HULL(cd, lv[i].use_blocks[k]);
  }
}

/* One backward walk per candidate (core/liveness): cost is the sum of the
 * live ranges, for when the matrix would be too big. */
static int crossing_by_walks(crossing_ctx *x, const crl_live_value *lv) {
  crl_plan *p = x->p;
  crl_live_scratch sc;
  uint32_t *out = malloc((x->n + 1) * sizeof *out);
  if (!out || crl_live_scratch_init(&sc, &p->live_cfg) != 0) {
    free(out);
    return -1;
  }
  for (uint32_t i = 0; i < p->num_cands; i++) {
    crl_cand *cd = &p->cands[i];
    uint32_t m = crl_live_in_blocks(&sc, &lv[i], out);
    for (uint32_t k = 0; k < m; k++) {
      HULL(cd, out[k]);
      for (uint32_t s = x->first[out[k]]; s != UINT32_MAX; s = x->next[s])
        crl_bitset_set(&p->cross.across[i], s);
    }
  }
  crl_live_scratch_free(&sc);
  free(out);
  return 0;
}

/* Hull ends from the matrix: the first (last) block in reverse post-order
 * where each value is live-in, found with a running "seen" set. */
static void hull_ends(crossing_ctx *x, const uint64_t *m, uint32_t W,
                      uint64_t *seen, int from_top) {
  memset(seen, 0, (size_t)W * sizeof *seen);
  for (uint32_t k = 0; k < x->cnt; k++) {
    uint32_t pos = from_top ? k : x->cnt - 1 - k;
    const uint64_t *row = m + (size_t)x->order[pos] * W;
    for (uint32_t w = 0; w < W; w++) {
      uint64_t fresh = row[w] & ~seen[w];
      seen[w] |= row[w];
      while (fresh) {
        crl_cand *cd = &x->p->cands[(w << 6) + crl_ctz64(fresh)];
        fresh &= fresh - 1;
        if (from_top && pos < cd->lo) cd->lo = pos;
        if (!from_top && pos > cd->hi) cd->hi = pos;
      }
    }
  }
}

/* All candidates at once (core/liveness' matrix), then crossing sets by
 * reading the rows of the suspends' blocks. */
static int crossing_by_matrix(crossing_ctx *x, const crl_live_value *lv, uint32_t W) {
  crl_plan *p = x->p;
  uint64_t *m = malloc(((size_t)x->n * W + 1) * sizeof *m);
  uint64_t *seen = malloc(((size_t)W + 1) * sizeof *seen);
  if (!m || !seen || crl_live_in_matrix(&p->live_cfg, lv, p->num_cands, m, W) != 0) {
    free(m);
    free(seen);
    return -1;
  }
  for (uint32_t s = 0; s < x->ns; s++) {
    if (x->rb[s] >= x->n) continue;
    const uint64_t *row = m + (size_t)x->rb[s] * W;
    for (uint32_t w = 0; w < W; w++)
      for (uint64_t bits = row[w]; bits; bits &= bits - 1)
        crl_bitset_set(&p->cross.across[(w << 6) + crl_ctz64(bits)], s);
  }
  hull_ends(x, m, W, seen, 1);
  hull_ends(x, m, W, seen, 0);
  free(m);
  free(seen);
  return 0;
}
#undef HULL

/* For each candidate, the suspends (and store points) it is live across and
 * the hull, in reverse post-order, of its live blocks. */
static int crossing_and_hulls(crl_plan *p, uint32_t ns, const uint32_t *rb,
                              const crl_live_value *lv) {
  crossing_ctx x = {p, ns, p->num_blocks, rb, NULL, NULL, 0, NULL, NULL};
  uint32_t n = p->num_blocks;
  x.order = malloc((n + 1) * sizeof *x.order);
  x.rpo = malloc((n + 1) * sizeof *x.rpo);
  x.first = malloc((n + 1) * sizeof *x.first);
  x.next = malloc((ns + 1) * sizeof *x.next);
  crl_crossing *cr = &p->cross;
  memset(cr, 0, sizeof *cr);
  cr->num_values = p->num_cands;
  cr->num_suspends = ns;
  cr->across = calloc(p->num_cands + 1, sizeof *cr->across);
  uint32_t words = (ns + 63) / 64;
  uint64_t *store = calloc((size_t)p->num_cands * words + 1, sizeof *store);
  int rc = -1;
  if (!x.order || !x.rpo || !x.first || !x.next || !cr->across || !store ||
      crl_cfg_rpo(&p->live_cfg, x.order, x.rpo, &x.cnt) != 0)
    goto out;
  /* The rows share one allocation, as crl_plan_free expects. */
  cr->across[0].words = store;
  store = NULL;
  for (uint32_t i = 0; i < p->num_cands; i++) {
    cr->across[i].words = cr->across[0].words + (size_t)i * words;
    cr->across[i].nbits = ns;
    cr->across[i].nwords = words;
  }
  for (uint32_t b = 0; b <= n; b++) x.first[b] = UINT32_MAX;
  for (uint32_t s = ns; s-- > 0;) {
    x.next[s] = x.first[rb[s]];
    x.first[rb[s]] = s;
  }
  hull_from_def_and_uses(&x, lv);
  uint32_t W = (p->num_cands + 63) / 64;
  if ((uint64_t)n * W <= CRL_MATRIX_MAX_WORDS)
    rc = crossing_by_matrix(&x, lv, W);
  else
    rc = crossing_by_walks(&x, lv);
out:
  free(x.order); free(x.rpo); free(x.first); free(x.next); free(store);
  return rc;
}

/* Names as LLVM prints them (%name, or %N by slot), computed in one pass:
 * asking LLVM to print each value rebuilds its slot table every time,
 * which is quadratic in the size of the function. */
static char *slot_name(const crl_valmap *slots, LLVMValueRef v) {
  char buf[160];
  size_t len = 0;
  const char *n = LLVMGetValueName2(v, &len);
  if (len) snprintf(buf, sizeof buf, "%%%.*s", (int)(len > 150 ? 150 : len), n);
  else if (crl_valmap_get_id(slots, v) != UINT32_MAX)
    snprintf(buf, sizeof buf, "%%%u", crl_valmap_get_id(slots, v));
  else
    snprintf(buf, sizeof buf, "%%(made by the lowering)");
  return crl_strdup(buf);
}

/* "<type> %name", or "alloca <type>, align N" for allocas. */
static char *value_desc(crl_coro *c, const char *name, LLVMValueRef v) {
  char *ty = LLVMPrintTypeToString(LLVMIsAAllocaInst(v) ? LLVMGetAllocatedType(v)
                                                        : LLVMTypeOf(v));
  /* A named struct prints as its definition; the report wants its name. */
  char *def = ty[0] == '%' ? strstr(ty, " = type ") : NULL;
  if (def) *def = 0;
  size_t n = strlen(ty) + strlen(name) + 48;
  char *s = malloc(n);
  if (LLVMIsAAllocaInst(v))
    snprintf(s, n, "%s = alloca %s, align %u", name, ty, LLVMGetAlignment(v));
  else
    snprintf(s, n, "%s %s", ty, name);
  LLVMDisposeMessage(ty);
  (void)c;
  return s;
}

static const crl_cand *sort_cands;
static int by_lo(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  const crl_cand *cx = &sort_cands[x], *cy = &sort_cands[y];
  if (cx->lo != cy->lo) return cx->lo < cy->lo ? -1 : 1;
  return x < y ? -1 : x > y;
}

/* Candidates in hull order (ties by id, so deterministic): fields then get
 * ids in that order, which lets interference rows be built from ranges. */
static uint32_t *cands_by_lo(crl_plan *p) {
  uint32_t *ord = malloc((p->num_cands + 1) * sizeof *ord);
  if (!ord) return NULL;
  for (uint32_t i = 0; i < p->num_cands; i++) ord[i] = i;
  sort_cands = p->cands;
  qsort(ord, p->num_cands, sizeof *ord, by_lo);
  sort_cands = NULL;
  return ord;
}

/* The alignment the frame's memory is known to have. A front end that asks
 * for llvm.coro.align allocates with the frame's own alignment (clang's
 * -fcoro-aligned-allocation), so nothing needs realigning; otherwise it is
 * coro.id's alignment operand (the allocator's guarantee clang passes),
 * else the target's operator new alignment. Allocas aligned above it are
 * realigned at run time (LLVM instead assumes the allocation has the
 * frame's alignment, which plain operator new does not give). */
static unsigned frame_guarantee(crl_coro *c) {
  if (c->aligns.n) return 1u << 30;
  if (c->abi == CRL_ABI_SWITCH) {
    LLVMValueRef a = LLVMGetOperand(c->id, 0);
    if (LLVMIsAConstantInt(a)) {
      unsigned long long v = LLVMConstIntGetZExtValue(a);
      if (v >= 1 && v <= (1u << 29) && !(v & (v - 1))) return (unsigned)v;
    }
  }
  unsigned t = crl_target_new_alignment(LLVMGetTarget(c->mod));
  return t ? t : 16;
}

static int plan_fields(crl_coro *c, crl_plan *p, const crl_valmap *slots) {
  uint32_t n = c->num_susp;
  unsigned guarantee = frame_guarantee(c);
  uint32_t *ord = cands_by_lo(p);
  if (!ord) return -1;
  for (uint32_t oi = 0; oi < p->num_cands; oi++) {
    uint32_t i = ord[oi];
    crl_cand *cd = &p->cands[i];
    const crl_bitset *row = &p->cross.across[i];
    uint32_t first = crl_bitset_next(row, 0);
    if (first >= n || cd->remat) continue;
    LLVMTypeRef t = cd->is_alloca ? LLVMGetAllocatedType(cd->value)
                                  : LLVMTypeOf(cd->value);
    uint64_t size = LLVMABISizeOfType(c->td, t);
    uint32_t align = LLVMABIAlignmentOfType(c->td, t);
    if (cd->is_alloca) {
      LLVMValueRef cnt = LLVMGetOperand(cd->value, 0);
      if (!LLVMIsAConstantInt(cnt)) {
        CRL_ERR(c, cd->value, "a dynamically sized alloca lives across a suspend");
        free(ord);
        return -1;
      }
      size *= LLVMConstIntGetZExtValue(cnt);
      unsigned a = LLVMGetAlignment(cd->value);
      if (a > align) align = a;
      /* Above what operator new guarantees: pad and realign at run time. */
      if (align > guarantee) size += align - guarantee;
    }
    int over = cd->is_alloca && align > guarantee;
    cd->field = crl_add_field(
        c, cd->is_alloca ? CRL_FIELD_ALLOCA : CRL_FIELD_SPILL,
        slot_name(slots, cd->value), cd->value, t, size, over ? guarantee : align,
        CRL_LAYOUT_FREE);
    c->fields[cd->field].owns_name = 1;
    if (over) c->fields[cd->field].realign = align;
    if (cd->is_alloca) crl_valmap_put_id(&c->frame_addr, cd->value, cd->field);
  }
  free(ord);
  return 0;
}

static void set_range(uint64_t *w, uint32_t a, uint32_t b) {
  for (; a < b && (a & 63); a++) w[a >> 6] |= 1ULL << (a & 63);
  for (; a + 64 <= b; a += 64) w[a >> 6] = ~0ULL;
  for (; a < b; a++) w[a >> 6] |= 1ULL << (a & 63);
}

static const crl_cand *sort_hi_cands;
static const uint32_t *sort_hi_cof;
static int by_hi(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  uint32_t hx = sort_hi_cands[sort_hi_cof[x]].hi, hy = sort_hi_cands[sort_hi_cof[y]].hi;
  if (hx != hy) return hx < hy ? -1 : 1;
  return x < y ? -1 : x > y;
}

/* Interference rows, a word at a time. Candidate fields have ids in hull
 * order (plan_fields), so the fields whose hull starts before field f's
 * ends are an id range; taking out those whose hull ended before f's starts
 * (a set that only grows as f advances) leaves exactly the overlapping
 * hulls. That is the answer for allocas and values stored after their
 * definition; pairs of spills stored at suspend points are then checked
 * one by one (interferes()). Header, promise and index fields interfere
 * with everything. Returns the rows' storage, or NULL (out of memory). */
static uint64_t *interference_rows(crl_coro *c, crl_plan *p, interf_ctx *x,
                                   crl_bitset *rows) {
  uint32_t nf = c->num_fields, W = (nf + 63) / 64, ncf = 0;
  uint64_t *store = calloc((size_t)nf * W + 1, sizeof *store);
  uint64_t *others = calloc(W + 1, sizeof *others);
  uint64_t *dead = calloc(W + 1, sizeof *dead);
  uint64_t *ssa = calloc(W + 1, sizeof *ssa);
  uint32_t *cf = malloc((nf + 1) * sizeof *cf), *hi = malloc((nf + 1) * sizeof *hi);
  if (!store || !others || !dead || !ssa || !cf || !hi) {
    free(store);
    store = NULL;
    goto out;
  }
  for (uint32_t f = 0; f < nf; f++) {
    rows[f].words = store + (size_t)f * W;
    rows[f].nbits = nf;
    rows[f].nwords = W;
    uint32_t ci = x->cand_of_field[f];
    if (ci == UINT32_MAX) {
      others[f >> 6] |= 1ULL << (f & 63);
      continue;
    }
    cf[ncf++] = f;
    const crl_cand *cd = &p->cands[ci];
    if (!cd->is_alloca && !cd->store_after_def) ssa[f >> 6] |= 1ULL << (f & 63);
  }
  memcpy(hi, cf, ncf * sizeof *hi);
  sort_hi_cands = p->cands;
  sort_hi_cof = x->cand_of_field;
  qsort(hi, ncf, sizeof *hi, by_hi);
  uint32_t h = 0;
  for (uint32_t k = 0; k < ncf; k++) {
    const crl_cand *cd = &p->cands[x->cand_of_field[cf[k]]];
    while (h < ncf && p->cands[x->cand_of_field[hi[h]]].hi < cd->lo) {
      dead[hi[h] >> 6] |= 1ULL << (hi[h] & 63);
      h++;
    }
    uint32_t a = k, b = ncf; /* first field whose hull starts after ours ends */
    while (a < b) {
      uint32_t mid = a + (b - a) / 2;
      if (p->cands[x->cand_of_field[cf[mid]]].lo <= cd->hi) a = mid + 1;
      else b = mid;
    }
    uint64_t *row = rows[cf[k]].words;
    set_range(row, cf[0], cf[a - 1] + 1);
    for (uint32_t w = 0; w < W; w++) row[w] = (row[w] | others[w]) & ~dead[w];
  }
  for (uint32_t f = 0; f < nf; f++)
    if (x->cand_of_field[f] == UINT32_MAX) set_range(rows[f].words, 0, nf);
  /* Spills stored at suspend points share a slot unless live together. */
  for (uint32_t k = 0; k < ncf; k++) {
    uint32_t f = cf[k];
    if (!(ssa[f >> 6] >> (f & 63) & 1)) continue;
    uint64_t *row = rows[f].words;
    for (uint32_t w = (f + 1) >> 6; w < W; w++)
      for (uint64_t bits = row[w] & ssa[w]; bits; bits &= bits - 1) {
        uint32_t j = (w << 6) + crl_ctz64(bits);
        if (j <= f || interferes(f, j, x)) continue;
        row[w] &= ~(1ULL << (j & 63));
        rows[j].words[f >> 6] &= ~(1ULL << (f & 63));
      }
  }
  /* Large allocas whose exact lifetimes never meet share storage. */
  uint32_t nbig = 0;
  for (uint32_t k = 0; k < ncf; k++)
    if (p->cands[x->cand_of_field[cf[k]]].live_blocks) hi[nbig++] = cf[k];
  for (uint32_t k = 0; k < nbig; k++)
    for (uint32_t q = k + 1; q < nbig; q++) {
      uint32_t f = hi[k], g = hi[q];
      if (!(rows[f].words[g >> 6] >> (g & 63) & 1) ||
          !crl_alloca_lifetimes_disjoint(p, &p->cands[x->cand_of_field[f]],
                                         &p->cands[x->cand_of_field[g]]))
        continue;
      rows[f].words[g >> 6] &= ~(1ULL << (g & 63));
      rows[g].words[f >> 6] &= ~(1ULL << (f & 63));
    }
out:
  sort_hi_cands = NULL;
  sort_hi_cof = NULL;
  free(others); free(dead); free(ssa); free(cf); free(hi);
  return store;
}

static int layout(crl_coro *c, crl_plan *p) {
  uint32_t nf = c->num_fields;
  crl_layout_field *lf = malloc(nf * sizeof *lf);
  interf_ctx x = {c, p, malloc(nf * sizeof(uint32_t))};
  for (uint32_t f = 0; f < nf; f++) {
    lf[f].size = c->fields[f].size;
    lf[f].align = c->fields[f].align;
    lf[f].fixed_offset = c->fields[f].fixed_offset;
    x.cand_of_field[f] = UINT32_MAX;
  }
  for (uint32_t i = 0; i < p->num_cands; i++)
    if (p->cands[i].field != UINT32_MAX)
      x.cand_of_field[p->cands[i].field] = i;
  crl_layout_result r;
  int rc;
  /* Rows cost nf^2/8 bytes; past the engine's own limit, ask per pair. */
  crl_bitset *rows = nf <= CRL_LAYOUT_ROWS_MAX ? malloc((nf + 1) * sizeof *rows) : NULL;
  uint64_t *store = rows ? interference_rows(c, p, &x, rows) : NULL;
  if (store)
    rc = crl_layout_compute_rows(&r, lf, nf, rows);
  else
    rc = crl_layout_compute(&r, lf, nf, interferes, &x);
  free(store);
  free(rows);
  if (rc == 0) {
    for (uint32_t f = 0; f < nf; f++) c->fields[f].offset = r.offsets[f];
    c->frame_size = r.size;
    c->frame_align = r.align;
    crl_layout_result_free(&r);
  }
  free(lf);
  free(x.cand_of_field);
  return rc;
}

static const crl_frame_field_plan *sort_fields;
static int by_offset(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  uint64_t ox = sort_fields[x].offset, oy = sort_fields[y].offset;
  if (ox != oy) return ox < oy ? -1 : 1;
  return x < y ? -1 : x > y;
}

static void report(crl_coro *c) {
  crl_frame_report *rep = crl_report_begin(c->res, c->fn, c->abi);
  if (!rep) return;
  rep->size = c->frame_size;
  rep->align = c->frame_align;
  rep->num_suspends = c->num_susp;
  /* Fields in offset order (field id on ties) so reports read top-down. */
  uint32_t nf = c->num_fields;
  uint32_t *ord = malloc((nf + 1) * sizeof *ord);
  for (uint32_t f = 0; f < nf; f++) ord[f] = f;
  sort_fields = c->fields;
  qsort(ord, nf, sizeof *ord, by_offset);
  sort_fields = NULL;
  for (uint32_t i = 0; i < nf; i++) {
    const crl_frame_field_plan *f = &c->fields[ord[i]];
    char *desc = f->value ? value_desc(c, f->name, f->value) : NULL;
    crl_report_field(rep, f->name, f->kind, f->offset, f->size, f->align, desc);
    free(desc);
  }
  free(ord);
  c->report = rep;
}

/* Cheap pure instructions (casts, arithmetic, comparisons, selects,
 * address arithmetic) are recomputed after each suspend instead of getting
 * a frame slot when that cannot cost more: their operands then live across
 * those suspends too, which is free for operands already there and is
 * accepted when the operands that must be extended are smaller than the
 * value (a sign-extended counter keeps its i32, not the i64). */
static int recomputable(LLVMValueRef v) {
  if (!LLVMIsAInstruction(v)) return 0;
  if (LLVMIsACastInst(v) || LLVMIsACmpInst(v) || LLVMIsASelectInst(v) ||
      LLVMIsAGetElementPtrInst(v))
    return 1;
  if (!LLVMIsABinaryOperator(v)) return 0;
  /* Division could trap; recomputing it is only as safe as the original,
   * but keep the rule simple. */
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  return op != LLVMUDiv && op != LLVMSDiv && op != LLVMURem && op != LLVMSRem;
}

static int covers(const crl_bitset *a, const crl_bitset *b, uint32_t n) {
  for (uint32_t s = crl_bitset_next(b, 0); s < n; s = crl_bitset_next(b, s + 1))
    if (!crl_bitset_test(a, s)) return 0;
  return 1;
}

static void mark_remat(crl_coro *c, crl_plan *p) {
  uint32_t n = c->num_susp;
  crl_valmap cand_of;
  crl_valmap_init(&cand_of, p->num_cands);
  /* Operands of a recomputed value keep their slots: no chains, so the
   * operands' repair always runs after the copies are made. */
  uint8_t *pinned = calloc(p->num_cands + 1, 1);
  if (!pinned) {
    crl_valmap_free(&cand_of);
    return;
  }
  for (uint32_t i = 0; i < p->num_cands; i++)
    crl_valmap_put_id(&cand_of, p->cands[i].value, i);
  for (uint32_t i = 0; i < p->num_cands; i++) {
    crl_cand *cd = &p->cands[i];
    const crl_bitset *row = &p->cross.across[i];
    if (cd->is_alloca || pinned[i] || !recomputable(cd->value) ||
        crl_bitset_next(row, 0) >= n)
      continue;
    unsigned nops = LLVMGetNumOperands(cd->value);
    uint32_t ops[4], nj = 0;
    uint64_t extra = 0;
    int ok = nops <= 4;
    for (unsigned k = 0; k < nops && ok; k++) {
      LLVMValueRef op = LLVMGetOperand(cd->value, k);
      if (LLVMIsAConstant(op)) continue;
      uint32_t j = crl_valmap_get_id(&cand_of, op);
      ok = j != UINT32_MAX && !p->cands[j].is_alloca && !p->cands[j].remat;
      if (!ok) break;
      ops[nj++] = j;
      if (!covers(&p->cross.across[j], row, n))
        extra += LLVMABISizeOfType(c->td, LLVMTypeOf(op));
    }
    if (!ok || (extra && extra >= LLVMABISizeOfType(c->td, LLVMTypeOf(cd->value))))
      continue;
    cd->remat = 1;
    for (uint32_t k = 0; k < nj; k++) {
      crl_cand *oj = &p->cands[ops[k]];
      pinned[ops[k]] = 1;
      /* Now also live wherever the value was (suspends and store points). */
      crl_bitset_union_with(&p->cross.across[ops[k]], row);
      if (cd->lo < oj->lo) oj->lo = cd->lo;
      if (cd->hi > oj->hi) oj->hi = cd->hi;
    }
  }
  free(pinned);
  crl_valmap_free(&cand_of);
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

int crl_plan_frame(crl_coro *c) {
  crl_plan *p = calloc(1, sizeof *p);
  if (!p) return -1;
  c->plan = p;
  if (build_cfg(p, c->fn) != 0) {
    CRL_ERR(c, NULL, "out of memory building the control-flow graph");
    return -1;
  }
  p->begin_block = crl_block_id(p, LLVMGetInstructionParent(c->begin));
  for (uint32_t s = 0; s < c->num_susp; s++) {
    uint32_t pb = crl_block_id(p, LLVMGetInstructionParent(c->susp[s].point));
    if (!crl_dominates(&p->dom, p->begin_block, pb) ||
        (pb == p->begin_block && !crl_comes_before(c->begin, c->susp[s].point))) {
      CRL_ERR(c, c->susp[s].point, "suspend point is not dominated by llvm.coro.begin");
      return -1;
    }
  }
  crl_live_value *lv = NULL;
  use_list *ul = NULL;
  int rc = collect(c, p, &lv, &ul);
  uint32_t n = c->num_susp;
  uint32_t *rb = malloc((2 * n + 1) * sizeof *rb);
  for (uint32_t s = 0; s < n; s++) {
    rb[s] = crl_block_id(p, c->susp[s].resume);
    rb[n + s] = crl_block_id(p, LLVMGetInstructionParent(c->susp[s].point));
  }
  if (rc == 0) rc = crossing_and_hulls(p, 2 * n, rb, lv);
  if (rc == 0) rc = crl_exact_alloca_lifetimes(c, p, lv);
  /* A value defined in the block of a store point may be live there.
   * Store points are chained per block so this stays linear. */
  uint32_t *first_pt = malloc((p->num_blocks + 1) * sizeof *first_pt);
  uint32_t *next_pt = malloc((n + 1) * sizeof *next_pt);
  for (uint32_t b = 0; b <= p->num_blocks; b++) first_pt[b] = UINT32_MAX;
  for (uint32_t s = 0; s < n; s++) {
    next_pt[s] = first_pt[rb[n + s]];
    first_pt[rb[n + s]] = s;
  }
  for (uint32_t i = 0; rc == 0 && i < p->num_cands; i++) {
    uint32_t d = p->cands[i].def_block;
    if (d >= p->num_blocks || crl_bitset_next(&p->cross.across[i], 0) >= n) continue;
    for (uint32_t s = first_pt[d]; s != UINT32_MAX; s = next_pt[s])
      crl_bitset_set(&p->cross.across[i], n + s);
  }
  free(first_pt);
  free(next_pt);
  free(rb);
  for (uint32_t i = 0; i < p->num_cands; i++) free(ul[i].b);
  free(ul);
  free(lv);
  if (rc != 0) {
    CRL_ERR(c, NULL, "out of memory in liveness analysis");
    return -1;
  }
  mark_remat(c, p);
  mark_late_defs(c, p);
  if (c->low->frame_header(c) != 0) return -1;
  const crl_valmap *slots0 = c->slots;
  crl_valmap own;
  if (!slots0) {
    crl_number_slots(c->fn, &own);
    slots0 = &own;
  }
  const crl_valmap slots = *slots0;
  if (c->promise) {
    c->fields[c->field_promise].name = slot_name(&slots, c->promise);
    c->fields[c->field_promise].owns_name = 1;
  }
  int prc = plan_fields(c, p, &slots);
  if (slots0 == &own) crl_valmap_free(&own);
  if (prc != 0) return -1;
  if (layout(c, p) != 0) {
    CRL_ERR(c, NULL, "frame layout failed");
    return -1;
  }
  report(c);
  return 0;
}
