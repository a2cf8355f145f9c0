/* Spill planning: which values and allocas live across which suspends
 * (through core/liveness on the index CFG), which of them share frame
 * storage, and the frame layout (core/layout). */
#include <stdio.h>
#include <string.h>

#include "core/layout.h"
#include "ir/blocks.h"
#include "ir/alloca_lifetime.h"
#include "ir/frame_plan.h"
#include "ir/keysort.h"
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

static int remat_from(crl_coro *c, LLVMValueRef v, int depth) {
  for (; depth < 64; depth++) {
    if (v == c->begin || LLVMIsAAllocaInst(v) || LLVMIsAConstant(v)) return 1;
    /* Where the realigned region's slack block is: a select on a compare
     * of two frame addresses (rewrite.c). */
    if (c->slack_addr && (v == c->slack_addr || v == c->slack_cmp)) {
      unsigned n = LLVMGetNumOperands(v);
      for (unsigned k = 0; k + 1 < n; k++)
        if (!remat_from(c, LLVMGetOperand(v, k), depth + 1)) return 0;
      v = LLVMGetOperand(v, n - 1);
      continue;
    }
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

int crl_is_remat(crl_coro *c, LLVMValueRef v) { return remat_from(c, v, 0); }

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
                          use_list **ul, const use_list *exits) {
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
  int rc = collect_values(c, p, lv, ul, &exits);
  free(exits.b);
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

static uint32_t *cands_by_lo(crl_plan *p) {
  uint32_t *ord = malloc((p->num_cands + 1) * sizeof *ord);
  crl_keyed *kv = malloc((p->num_cands + 1) * sizeof *kv);
  if (!ord || !kv) {
    free(ord);
    free(kv);
    return NULL;
  }
  for (uint32_t i = 0; i < p->num_cands; i++) kv[i] = (crl_keyed){p->cands[i].lo, i};
  crl_keyed_sort(kv, p->num_cands, ord);
  free(kv);
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
  c->align_guarantee = guarantee;
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
    } else if (align > guarantee) {
      /* A spill needs no more than the allocation gives: its loads and
       * stores carry the field's alignment. */
      align = guarantee;
    }
    cd->field = crl_add_field(
        c, cd->is_alloca ? CRL_FIELD_ALLOCA : CRL_FIELD_SPILL,
        slot_name(slots, cd->value), cd->value, t, size, align, CRL_LAYOUT_FREE);
    c->fields[cd->field].owns_name = 1;
    /* Above what the allocation guarantees: realigned at run time, in the
     * region layout (interference.c) builds for all such allocas. */
    if (cd->is_alloca && align > guarantee) c->fields[cd->field].realign = align;
    if (cd->is_alloca) crl_valmap_put_id(&c->frame_addr, cd->value, cd->field);
  }
  free(ord);
  return 0;
}

static void report(crl_coro *c) {
  crl_frame_report *rep = crl_report_begin(c->res, c->fn, c->abi);
  if (!rep) return;
  rep->size = c->frame_size;
  rep->align = c->frame_align;
  rep->num_suspends = c->num_susp;
  /* Fields in offset order (field id on ties) so reports read top-down; a
   * realigned region comes before the allocas it holds. */
  uint32_t nf = c->num_fields;
  uint32_t *ord = malloc((nf + 1) * sizeof *ord);
  crl_keyed *kv = malloc((nf + 1) * sizeof *kv);
  if (!ord || !kv) {
    free(ord);
    free(kv);
    return;
  }
  for (uint32_t f = 0; f < nf; f++)
    kv[f] = (crl_keyed){2 * c->fields[f].offset + !!c->fields[f].region, f};
  crl_keyed_sort(kv, nf, ord);
  free(kv);
  for (uint32_t i = 0; i < nf; i++) {
    const crl_frame_field_plan *f = &c->fields[ord[i]];
    char *desc = f->value ? value_desc(c, f->name, f->value) : NULL;
    crl_report_field(rep, f->name, f->kind, f->offset, f->size, f->align, desc,
                     f->in_slack);
    free(desc);
  }
  free(ord);
  c->report = rep;
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
  if (rc == 0) rc = crl_crossing_and_hulls(p, 2 * n, rb, lv);
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
  crl_mark_remat(c, p);
  mark_late_defs(c, p);
  if (c->low->frame_header(c) != 0) return -1;
  crl_valmap own;
  const crl_valmap *slots = c->slots;
  if (!slots) {
    crl_number_slots(c->fn, &own);
    slots = &own;
  }
  if (c->promise) {
    c->fields[c->field_promise].name = slot_name(slots, c->promise);
    c->fields[c->field_promise].owns_name = 1;
  }
  int prc = plan_fields(c, p, slots);
  if (slots == &own) crl_valmap_free(&own);
  if (prc != 0) return -1;
  if (crl_layout_frame(c, p) != 0) {
    CRL_ERR(c, NULL, "frame layout failed");
    return -1;
  }
  report(c);
  return 0;
}
