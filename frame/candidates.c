/* Frame candidates: every value and alloca that may have to live across a
 * suspend, with what liveness needs of each (its uses, and for memory
 * where it becomes live and where it is rewritten whole); allocas that a
 * lifetime restart may give one address twice get shadow candidates. */
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "frame/frame_plan.h"
#include "irkit/oom.h"

void crl_cand_input_free(crl_cand_input *in) {
  free(in->uses.b);
  free(in->gen.b);
  free(in->kill.b);
  free(in->rewrite.b);
  *in = (crl_cand_input){.reach = 0};
}

static int push_cand(crl_plan *p, uint32_t *cap, LLVMValueRef v, uint32_t def,
                     int is_alloca, crl_cand_input *in) {
  if (in->uses.oom || in->gen.oom || in->kill.oom || in->rewrite.oom) {
    crl_cand_input_free(in);
    return -1;
  }
  if (p->num_cands == *cap) {
    uint32_t nc = *cap ? 2 * *cap : 64;
    crl_cand *cands = crl_realloc(p->cands, nc * sizeof *cands);
    if (!cands) {
      crl_cand_input_free(in);
      return -1;
    }
    p->cands = cands;
    *cap = nc;
  }
  uint32_t i = p->num_cands++;
  memset(&p->cands[i], 0, sizeof p->cands[i]);
  p->cands[i].value = v;
  p->cands[i].def_block = def;
  p->cands[i].is_alloca = is_alloca;
  p->cands[i].reach = in->reach;
  p->cands[i].rewrites = in->rewrites;
  p->cands[i].field = UINT32_MAX;
  p->cands[i].in = *in;
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
  if (i == c->shape->begin || i == c->shape->id || LLVMIsAAllocaInst(i)) return 1;
  return crl_is_remat(c, i);
}

/* Exits: where an escaped alloca without lifetime.end may still be used. */
static void add_exit_uses(const crl_use_list *exits, crl_use_list *u) {
  for (uint32_t k = 0; k < exits->n; k++) crl_use_add(u, exits->b[k]);
}

/* Positions of instructions within their blocks, numbered a block at a
 * time when first asked: comparing two users of one block is then O(1). */
typedef struct positions {
  crl_valmap pos, done;
  crl_valmap declared; /* allocas a variable is declared on (-g) */
} positions;

static uint32_t position(positions *ps, LLVMValueRef i) {
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(i);
  if (!crl_valmap_has(&ps->done, bb)) {
    uint32_t k = 0;
    crl_valmap_put(&ps->done, bb, bb);
    for (LLVMValueRef x = LLVMGetFirstInstruction(bb); x; x = LLVMGetNextInstruction(x))
      crl_valmap_put_id(&ps->pos, x, k++);
  }
  return crl_valmap_get_id(&ps->pos, i);
}

/* What happens to a non-escaping alloca's bytes, block by block, in
 * program order: read (R), written whole (W), written in part (P), its
 * life started (S: the bytes become undefined) or ended (E).
 *   forward  (where a value may have been put in it): a block whose last
 *            event is a user makes it reachable (gen), one whose last
 *            event is a marker stops it (kill);
 *   backward (where its bytes may still be read): a block whose first
 *            event other than P is a read uses them (gen), one where it is
 *            W, S or E redefines or drops them (kill).
 * So a temporary written whole and then read in one block (clang's
 * agg.tmp for a by-value argument) lives across no suspend even inside a
 * loop with one, a local started long before its first use (clang starts
 * a scope's locals at its top) is live only from that use, as if its
 * lifetime.start had been sunk there (LLVM's sinkLifetimeStartMarkers),
 * and clang's exn.slot, written in every landing pad before the read at
 * the final resume, crosses no suspend between a catch and a rethrow. */
typedef struct mem_event { uint32_t block, pos; char kind; uint64_t bytes; } mem_event;

static int event_cmp(const void *a, const void *b) {
  const mem_event *x = a, *y = b;
  if (x->block != y->block) return x->block < y->block ? -1 : 1;
  return x->pos < y->pos ? -1 : x->pos > y->pos;
}

static int push_events(crl_plan *p, positions *ps, const crl_vec *v, char kind,
                       const uint64_t *bytes, mem_event *ev, uint32_t *n) {
  for (unsigned k = 0; k < v->n; k++) {
    LLVMValueRef i = v->v[k];
    char kd = kind;
    if (!kd) kd = crl_intrinsic_of(i) == CRL_I_LIFETIME_START ? 'S' : 'E';
    ev[(*n)++] = (mem_event){crl_block_id(p, LLVMGetInstructionParent(i)), position(ps, i), kd,
                             bytes ? bytes[k] : 0};
  }
  return 0;
}

static int memory_events(crl_plan *p, positions *ps, const crl_alloca_info *ai,
                         crl_cand_input *in) {
  uint32_t total = ai->reads.n + ai->overwrites.n + ai->partials.n + ai->markers.n, n = 0;
  mem_event *ev = crl_malloc((total + 1) * sizeof *ev);
  if (!ev) return -1;
  push_events(p, ps, &ai->reads, 'R', NULL, ev, &n);
  push_events(p, ps, &ai->overwrites, 'W', NULL, ev, &n);
  push_events(p, ps, &ai->partials, 'P', ai->part_mask, ev, &n);
  push_events(p, ps, &ai->markers, 0, NULL, ev, &n);
  qsort(ev, n, sizeof *ev, event_cmp);
  for (uint32_t a = 0; a < n;) {
    uint32_t z = a;
    while (z < n && ev[z].block == ev[a].block) z++;
    char last = ev[z - 1].kind;
    crl_use_add(last == 'S' || last == 'E' ? &in->kill : &in->gen, ev[a].block);
    /* Partial stores that together write every byte before any read
     * redefine it like a whole write (two field stores of a struct). */
    uint64_t covered = 0;
    for (uint32_t k = a; k < z; k++) {
      if (ev[k].kind == 'P') {
        covered |= ev[k].bytes;
        if (!ai->full_mask || (covered & ai->full_mask) != ai->full_mask) continue;
        crl_use_add(&in->rewrite, ev[a].block);
        break;
      }
      crl_use_add(ev[k].kind == 'R' ? &in->uses : &in->rewrite, ev[a].block);
      break;
    }
    a = z;
  }
  free(ev);
  return 0;
}


static void add_shadow(crl_shadow_list *sl, LLVMValueRef v, uint32_t def, uint32_t owner,
                       const crl_use_list *users) {
  if (sl->n == sl->cap) {
    uint32_t cap = sl->cap ? 2 * sl->cap : 8;
    crl_shadow *nv = crl_realloc(sl->v, cap * sizeof *nv);
    if (!nv) {
      sl->oom = 1;
      return;
    }
    sl->v = nv;
    sl->cap = cap;
  }
  crl_cand_input ci = {.reach = 1};
  for (uint32_t k = 0; k < users->n; k++) {
    crl_use_add(&ci.uses, users->b[k]);
    crl_use_add(&ci.gen, users->b[k]);
  }
  sl->v[sl->n++] = (crl_shadow){ci, v, def, owner};
}

/* Which memory an alloca or a byval argument candidate stands for, and
 * how its crossing sets are found (the lifetime rules, in order):
 *   - a byval argument holds the caller's bytes from the entry: plain
 *     liveness of its uses;
 *   - a non-escaping alloca is live from where a value may have been put
 *     in it to where it may be read (memory_events), markers or not;
 *   - an escaped alloca without markers becomes live at any of its users
 *     and stays live to its uses, or the exits without a lifetime.end;
 *   - an escaped alloca with markers, or a variable's alloca with markers
 *     under debug info, is live from each start that is its block's last
 *     marker to its uses, up to a lifetime.end (to the exits without one),
 *     and when escaped gets a shadow for its address (above).
 * Users after a non-unwind coro.end are the ramp's alone (alloca_uses). */
static int collect_memory(crl_plan *p, LLVMTargetDataRef td, positions *ps,
                          LLVMValueRef v, uint32_t b,
                          const crl_use_list *exits, uint32_t *cap, crl_shadow_list *sl) {
  crl_alloca_info ai = {0};
  crl_alloca_uses(p, td, v, &ai);
  crl_cand_input in = {.uses = ai.uses};
  uint32_t def = b;
  int shadow = 0;
  if (LLVMIsAArgument(v)) {
    def = p->num_blocks;
    if (ai.escapes) add_exit_uses(exits, &in.uses);
  } else if (!ai.escapes && !(ai.starts && crl_valmap_has(&ps->declared, v))) {
    /* Its bytes matter only where they may be read, from where they may
     * have been put there (memory_events). A variable's alloca with
     * lifetime markers (-g) keeps its whole scope instead, as a debugger
     * shows it in resumed code while in scope (LLVM's rule). */
    in.uses.n = 0;
    in.reach = 1;
    in.rewrites = 1;
    if (memory_events(p, ps, &ai, &in) != 0) in.uses.oom = 1;
  } else if (ai.starts == 0) {
    if (!ai.has_end) add_exit_uses(exits, &in.uses);
    in.reach = 1;
    in.gen = ai.users;
    ai.users.b = NULL;
    ai.users.n = 0;
  } else {
    if (ai.escapes && !ai.has_end) add_exit_uses(exits, &in.uses);
    in.reach = 1;
    crl_marker_gen_kill(p, &ai.markers, &in.gen, &in.kill);
    shadow = ai.escapes;
  }
  crl_vec_free(&ai.markers);
  crl_vec_free(&ai.reads);
  crl_vec_free(&ai.overwrites);
  crl_vec_free(&ai.partials);
  free(ai.part_mask);
  int rc = 0;
  if (!in.uses.n) {
    crl_cand_input_free(&in);
  } else {
    rc = push_cand(p, cap, v, def, 1, &in);
    if (rc == 0 && shadow) add_shadow(sl, v, b, p->num_cands - 1, &ai.users);
  }
  free(ai.users.b);
  return rc;
}

/* Values used only in their own block are no candidates; but one that a
 * candidate could be recomputed from (remat_plan.c) must be, so that it
 * can be kept in the frame, or recomputed in turn, after the suspends the
 * candidate crosses: operands of recomputable candidates, down to
 * CRL_CHAIN_OPERAND_LEVELS levels (each value once, so at most the
 * function's values), become candidates that cross nothing yet. */
#define CRL_CHAIN_OPERAND_LEVELS 64
static int add_chain_operands(crl_coro *c, crl_plan *p, uint32_t *cap) {
  crl_valmap have;
  if (crl_valmap_init(&have, p->num_cands + 16) != 0) return -1;
  for (uint32_t i = 0; i < p->num_cands; i++) crl_valmap_put(&have, p->cands[i].value, p);
  uint32_t from = 0;
  int rc = 0;
  for (int level = 0; level < CRL_CHAIN_OPERAND_LEVELS && rc == 0 && from < p->num_cands; level++) {
    uint32_t to = p->num_cands;
    for (uint32_t i = from; i < to && rc == 0; i++) {
      LLVMValueRef v = p->cands[i].value;
      if (p->cands[i].is_alloca || !crl_remat_candidate(v)) continue;
      unsigned nops = LLVMGetNumOperands(v);
      for (unsigned k = 0; k < nops && rc == 0; k++) {
        LLVMValueRef op = LLVMGetOperand(v, k);
        if (!LLVMIsAInstruction(op) || crl_valmap_has(&have, op) || skip_value(c, op))
          continue;
        crl_valmap_put(&have, op, p);
        crl_cand_input in = {.reach = 0};
        crl_value_uses(p, op, &in.uses);
        rc = push_cand(p, cap, op, crl_block_id(p, LLVMGetInstructionParent(op)), 0,
                       &in);
        if (rc == 0) p->cands[p->num_cands - 1].chain_only = 1;
      }
    }
    from = to;
  }
  crl_valmap_free(&have);
  return rc;
}

static int collect_values(crl_coro *c, crl_plan *p, const crl_use_list *exits,
                          const crl_valmap *pinned, crl_shadow_list *sl,
                          positions *ps) {
  uint32_t cap = 0;
  unsigned np = LLVMCountParams(c->fn);
  for (unsigned k = 0; k < np; k++) {
    LLVMValueRef a = LLVMGetParam(c->fn, k);
    if (a == c->frame_base) continue; /* every clone recomputes it */
    if (crl_arg_memory(c->fn, k)) {
      if (collect_memory(p, c->td, ps, a, p->num_blocks, exits, &cap, sl))
        return -1;
      continue;
    }
    crl_cand_input in = {.reach = 0};
    crl_value_uses(p, a, &in.uses);
    if (!in.uses.n) { free(in.uses.b); continue; }
    if (push_cand(p, &cap, a, p->num_blocks, 0, &in)) return -1;
  }
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (LLVMValueRef i = LLVMGetFirstInstruction(p->blocks[b]); i;
         i = LLVMGetNextInstruction(i)) {
      if (LLVMIsAAllocaInst(i)) {
        if (crl_valmap_has(pinned, i) || outside_frame(i)) continue;
        if (collect_memory(p, c->td, ps, i, b, exits, &cap, sl))
          return -1;
        continue;
      }
      if (skip_value(c, i)) continue;
      crl_cand_input in = {.reach = 0};
      crl_use_list *u = &in.uses;
      crl_value_uses(p, i, u);
      int nonlocal = 0;
      for (uint32_t k = 0; k < u->n; k++) nonlocal |= u->b[k] != b;
      /* A phi use in the defining block comes round a loop: not local. */
      for (LLVMUseRef us = LLVMGetFirstUse(i); us && !nonlocal; us = LLVMGetNextUse(us))
        nonlocal |= LLVMIsAPHINode(LLVMGetUser(us)) != NULL;
      if (!nonlocal) { free(u->b); continue; }
      if (push_cand(p, &cap, i, b, 0, &in)) return -1;
    }
  if (add_chain_operands(c, p, &cap) != 0) return -1;
  /* Shadows last: [num_main, num_cands) once crossing sets are known. */
  p->num_main = p->num_cands;
  if (sl->oom) return -1;
  for (uint32_t k = 0; k < sl->n; k++) {
    crl_cand_input in = sl->v[k].in;
    sl->v[k].in = (crl_cand_input){.reach = 0};
    if (push_cand(p, &cap, sl->v[k].value, sl->v[k].def, 1, &in)) return -1;
  }
  return 0;
}

/* The allocas variables are declared on, in one walk over the records. */
static void note_declared(LLVMValueRef fn, crl_valmap *out) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      for (LLVMDbgRecordRef r = LLVMGetFirstDbgRecord(i); r; r = LLVMGetNextDbgRecord(r)) {
        if (LLVMDbgRecordGetKind(r) != LLVMDbgRecordDeclare) continue;
        LLVMValueRef a = LLVMDbgVariableRecordGetValue(r, 0);
        if (a && LLVMIsAAllocaInst(a)) crl_valmap_put(out, a, a);
      }
}

int crl_collect_candidates(crl_coro *c, crl_plan *p, crl_shadow_list *sl) {
  crl_use_list exits = {0};
  for (uint32_t b = 0; b < p->num_blocks; b++)
    if (crl_cfg_num_succs(&p->live_cfg, b) == 0) crl_use_add(&exits, b);
  crl_valmap pinned;
  int rc = crl_valmap_init(&pinned, c->pinned_allocas.n);
  if (exits.oom) rc = -1;
  for (unsigned k = 0; rc == 0 && k < c->pinned_allocas.n; k++)
    rc = crl_valmap_put(&pinned, c->pinned_allocas.v[k], c->pinned_allocas.v[k]);
  positions ps;
  crl_valmap_init(&ps.pos, 64);
  crl_valmap_init(&ps.done, 16);
  crl_valmap_init(&ps.declared, 16);
  if (LLVMGetSubprogram(c->fn)) note_declared(c->fn, &ps.declared);
  if (rc == 0) rc = collect_values(c, p, &exits, &pinned, sl, &ps);
  crl_valmap_free(&ps.pos);
  crl_valmap_free(&ps.done);
  crl_valmap_free(&ps.declared);
  crl_valmap_free(&pinned);
  free(exits.b);
  return rc;
}
