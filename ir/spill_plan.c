/* Spill planning: which values and allocas live across which suspends
 * (through core/liveness on the index CFG), which of them share frame
 * storage, and the frame layout (core/layout). */
#include <stdio.h>
#include <string.h>

#include "core/layout.h"
#include "ir/blocks.h"
#include "ir/frame_plan.h"

crl_plan *crl_plan_of(crl_coro *c) { return c->plan; }

uint32_t crl_block_id(const crl_plan *p, LLVMBasicBlockRef bb) {
  return crl_valmap_get_id(&p->block_id, bb);
}

void crl_plan_free(crl_plan *p) {
  if (!p) return;
  free(p->blocks);
  crl_valmap_free(&p->block_id);
  crl_cfg_free(&p->cfg);
  crl_domtree_free(&p->dom);
  free(p->cands);
  crl_crossing_free(&p->cross);
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
  uint32_t e = 0;
  for (uint32_t b = 0; b < nb; b++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(p->blocks[b]);
    unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
    for (unsigned s = 0; s < ns; s++) {
      from[e] = b;
      to[e++] = crl_block_id(p, LLVMGetSuccessor(t, s));
    }
  }
  int rc = crl_cfg_build(&p->cfg, nb, 0, e, from, to);
  free(from);
  free(to);
  if (rc == 0) rc = crl_domtree_build(&p->dom, &p->cfg);
  return rc;
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
        if (LLVMGetIncomingValue(user, k) == v)
          add_use(out, crl_block_id(p, LLVMGetIncomingBlock(user, k)));
    } else {
      add_use(out, crl_block_id(p, LLVMGetInstructionParent(user)));
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
          if (LLVMGetIncomingValue(user, e) == v)
            add_use(&ai->uses, crl_block_id(p, LLVMGetIncomingBlock(user, e)));
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
  if (!kind) kind = LLVMGetMDKindID("coro.outside.frame", 18);
  return LLVMGetMetadata(a, kind) != NULL;
}

static int is_suspend_phi(crl_coro *c, LLVMValueRef v) {
  if (!LLVMIsAPHINode(v)) return 0;
  for (uint32_t s = 0; s < c->num_susp; s++)
    if (c->susp[s].phi == v) return 1;
  return 0;
}

static int skip_value(crl_coro *c, LLVMValueRef i) {
  LLVMTypeKind tk = LLVMGetTypeKind(LLVMTypeOf(i));
  if (tk == LLVMVoidTypeKind || tk == LLVMTokenTypeKind) return 1;
  if (i == c->begin || i == c->id || LLVMIsAAllocaInst(i)) return 1;
  if (is_suspend_phi(c, i)) return 1;
  return crl_is_remat(c, i);
}

/* Exits: where an escaped alloca without lifetime.end may still be used. */
static void add_exit_uses(crl_plan *p, use_list *u) {
  for (uint32_t b = 0; b < p->num_blocks; b++)
    if (crl_cfg_num_succs(&p->cfg, b) == 0) add_use(u, b);
}

static int collect(crl_coro *c, crl_plan *p, crl_live_value **lv,
                   use_list **ul) {
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
        if (ai.escapes && !ai.has_end) add_exit_uses(p, &ai.uses);
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

static int interferes(uint32_t i, uint32_t j, void *vctx) {
  interf_ctx *x = vctx;
  uint32_t ci = x->cand_of_field[i], cj = x->cand_of_field[j];
  if (ci == UINT32_MAX || cj == UINT32_MAX) return 1;
  const crl_cand *a = &x->p->cands[ci], *b = &x->p->cands[cj];
  /* Allocas are used in place for their whole life, spills only across the
   * suspends they cross; only spills share (for now). */
  if (a->is_alloca || b->is_alloca) return 1;
  if (a->store_after_def || b->store_after_def) return 1;
  const crl_crossing *cr = &x->p->cross;
  uint32_t n = x->c->num_susp;
  const crl_bitset *ra = &cr->across[ci], *rb = &cr->across[cj];
  /* Crossing the same suspend, or one stored while the other is live. */
  for (uint32_t w = 0; w < ra->nwords; w++) {
    uint64_t wa = ra->words[w], wb = rb->words[w];
    if (wa & wb) {
      /* bits below n are real suspends */
      uint64_t both = wa & wb;
      for (; both; both &= both - 1) {
        uint32_t bit = w * 64 + (uint32_t)__builtin_ctzll(both);
        if (bit < n) return 1;
      }
    }
  }
  for (uint32_t s = crl_bitset_next(ra, 0); s < n; s = crl_bitset_next(ra, s + 1))
    if (crl_bitset_test(rb, n + s)) return 1;
  for (uint32_t s = crl_bitset_next(rb, 0); s < n; s = crl_bitset_next(rb, s + 1))
    if (crl_bitset_test(ra, n + s)) return 1;
  return 0;
}

static void value_name(LLVMValueRef v, char *buf, size_t cap) {
  size_t len = 0;
  const char *n = LLVMGetValueName2(v, &len);
  if (len) {
    snprintf(buf, cap, "%.*s", (int)len, n);
  } else {
    char *s = LLVMPrintValueToString(v);
    const char *t = s;
    while (*t == ' ') t++;
    size_t k = 0;
    while (t[k] && t[k] != ' ' && k + 1 < cap) { buf[k] = t[k]; k++; }
    buf[k] = 0;
    LLVMDisposeMessage(s);
  }
}

static const char *intern_name(LLVMValueRef v) {
  char buf[128];
  value_name(v, buf, sizeof buf);
  return crl_strdup(buf);
}

static int plan_fields(crl_coro *c, crl_plan *p) {
  uint32_t n = c->num_susp;
  unsigned guarantee = 16;
  for (uint32_t i = 0; i < p->num_cands; i++) {
    crl_cand *cd = &p->cands[i];
    const crl_bitset *row = &p->cross.across[i];
    uint32_t first = crl_bitset_next(row, 0);
    if (first >= n) continue;
    LLVMTypeRef t = cd->is_alloca ? LLVMGetAllocatedType(cd->value)
                                  : LLVMTypeOf(cd->value);
    uint64_t size = LLVMABISizeOfType(c->td, t);
    uint32_t align = LLVMABIAlignmentOfType(c->td, t);
    if (cd->is_alloca) {
      LLVMValueRef cnt = LLVMGetOperand(cd->value, 0);
      if (!LLVMIsAConstantInt(cnt)) {
        CRL_ERR(c, cd->value, "a dynamically sized alloca lives across a suspend");
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
        intern_name(cd->value), cd->value, t, size, over ? guarantee : align,
        CRL_LAYOUT_FREE);
    c->fields[cd->field].owns_name = 1;
    if (over) c->fields[cd->field].realign = align;
    if (cd->is_alloca) crl_valmap_put_id(&c->frame_addr, cd->value, cd->field);
  }
  return 0;
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
  int rc = crl_layout_compute(&r, lf, nf, interferes, &x);
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

static void report(crl_coro *c) {
  crl_frame_report *rep = crl_report_begin(c->res, c->fn, c->abi);
  if (!rep) return;
  rep->size = c->frame_size;
  rep->align = c->frame_align;
  rep->num_suspends = c->num_susp;
  /* Fields in offset order (stable on ties) so reports read top-down. */
  uint32_t nf = c->num_fields;
  uint32_t *ord = malloc(nf * sizeof *ord);
  for (uint32_t f = 0; f < nf; f++) ord[f] = f;
  for (uint32_t i = 1; i < nf; i++) {
    uint32_t k = ord[i], j = i;
    while (j > 0 && c->fields[ord[j - 1]].offset > c->fields[k].offset) {
      ord[j] = ord[j - 1];
      j--;
    }
    ord[j] = k;
  }
  for (uint32_t i = 0; i < nf; i++) {
    const crl_frame_field_plan *f = &c->fields[ord[i]];
    crl_report_field(rep, f->name, f->kind, f->offset, f->size, f->align,
                     f->value);
  }
  free(ord);
  c->report = rep;
}

/* A value must be stored right after its definition when it is defined
 * after the store point of a suspend it crosses. */
static void mark_late_defs(crl_coro *c, crl_plan *p) {
  uint32_t n = c->num_susp;
  for (uint32_t i = 0; i < p->num_cands; i++) {
    crl_cand *cd = &p->cands[i];
    if (cd->is_alloca || LLVMIsAArgument(cd->value)) continue;
    const crl_bitset *row = &p->cross.across[i];
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
  if (rc == 0)
    rc = crl_crossing_compute(&p->cross, &p->cfg, 2 * n, rb, p->num_cands, lv);
  /* A value defined in the block of a store point may be live there. */
  for (uint32_t i = 0; rc == 0 && i < p->num_cands; i++)
    for (uint32_t s = 0; s < n; s++)
      if (rb[n + s] == p->cands[i].def_block &&
          crl_bitset_next(&p->cross.across[i], 0) < n)
        crl_bitset_set(&p->cross.across[i], n + s);
  free(rb);
  for (uint32_t i = 0; i < p->num_cands; i++) free(ul[i].b);
  free(ul);
  free(lv);
  if (rc != 0) {
    CRL_ERR(c, NULL, "out of memory in liveness analysis");
    return -1;
  }
  mark_late_defs(c, p);
  if (c->low->frame_header(c) != 0) return -1;
  if (plan_fields(c, p) != 0) return -1;
  if (layout(c, p) != 0) {
    CRL_ERR(c, NULL, "frame layout failed");
    return -1;
  }
  report(c);
  return 0;
}
