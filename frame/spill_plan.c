/* Spill planning: which values and allocas live across which suspends
 * (through core/liveness on the index CFG), which of them share frame
 * storage, and the frame layout (core/layout). */
#include <stdio.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "core/layout.h"
#include "irkit/oom.h"
#include "coro/lowering.h"
#include "irkit/blocks.h"
#include "frame/alloca_lifetime.h"
#include "frame/frame_plan.h"
#include "irkit/slots.h"

/* ---- candidates ---- */

/* oom: an allocation failed; the list is incomplete and the plan fails. */
typedef struct use_list { uint32_t *b; uint32_t n, cap; int oom; } use_list;

static void add_use(use_list *u, uint32_t b) {
  if (u->n == u->cap) {
    uint32_t cap = u->cap ? 2 * u->cap : 8;
    uint32_t *nb = crl_realloc(u->b, cap * sizeof *nb);
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
          if (!crl_plan_ramp_only_use(p, b, user)) add_use(out, b);
        }
    } else {
      uint32_t b = crl_block_id(p, LLVMGetInstructionParent(user));
      if (!crl_plan_ramp_only_use(p, b, user)) add_use(out, b);
    }
  }
}


typedef struct alloca_info {
  use_list uses;   /* where its contents or address are used */
  use_list users;  /* blocks of every user, markers included */
  crl_vec markers; /* its lifetime.start and lifetime.end calls */
  crl_vec reads;   /* users that may read its bytes */
  crl_vec overwrites; /* users that write all of its bytes, reading none */
  crl_vec partials;   /* users that write some of its bytes, reading none */
  /* For each partial store of an alloca of at most 64 bytes, the bytes it
   * writes (bit k: byte k), 0 when not known; and all of them. */
  uint64_t *part_mask;
  unsigned part_cap;
  uint64_t full_mask;
  uint32_t starts;
  int escapes, has_end;
} alloca_info;

/* Does `user` (reached through `v`, the object's own address when v == a)
 * write every byte of `a`, `size` bytes, reading none of them? A store of
 * the whole type, or a memset / memcpy / memmove into it with a constant
 * length covering it (and, for a copy, not from it). */
static int overwrites_all(LLVMTargetDataRef td, LLVMValueRef a, LLVMValueRef v,
                          LLVMValueRef user, uint64_t size) {
  if (v != a || !size) return 0;
  if (LLVMIsAStoreInst(user))
    return LLVMGetOperand(user, 1) == v && LLVMGetOperand(user, 0) != v &&
           LLVMABISizeOfType(td, LLVMTypeOf(LLVMGetOperand(user, 0))) >= size &&
           LLVMStoreSizeOfType(td, LLVMTypeOf(LLVMGetOperand(user, 0))) >= size;
  if (!LLVMIsACallInst(user)) return 0;
  LLVMValueRef callee = LLVMGetCalledValue(user);
  unsigned id = LLVMIsAFunction(callee) ? LLVMGetIntrinsicID(callee) : 0;
  if (!id || (id != LLVMLookupIntrinsicID("llvm.memset", 11) &&
              id != LLVMLookupIntrinsicID("llvm.memcpy", 11) &&
              id != LLVMLookupIntrinsicID("llvm.memmove", 12) &&
              id != LLVMLookupIntrinsicID("llvm.memcpy.inline", 18) &&
              id != LLVMLookupIntrinsicID("llvm.memset.inline", 18)))
    return 0;
  LLVMValueRef len = LLVMGetOperand(user, 2);
  if (LLVMGetOperand(user, 0) != v || !LLVMIsAConstantInt(len) ||
      LLVMConstIntGetZExtValue(len) < size)
    return 0;
  return LLVMGetOperand(user, 1) != v;
}

/* Does passing `v` as argument `k` of `call` leave a copy of the pointer
 * behind? Not when the parameter is captures(none) (at the call or on the
 * callee), nor for a byval parameter, which receives a copy of the bytes. */
static int call_captures(LLVMValueRef call, LLVMValueRef v, unsigned k) {
  if (LLVMGetOperand(call, k) != v) return 0;
  if (k >= LLVMGetNumArgOperands(call)) return 1; /* the callee itself */
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(call));
  unsigned byval = LLVMGetEnumAttributeKindForName("byval", 5);
  unsigned captures = LLVMGetEnumAttributeKindForName("captures", 8);
  if (LLVMGetCallSiteEnumAttribute(call, k + 1, byval)) return 0;
  LLVMAttributeRef a = LLVMGetCallSiteEnumAttribute(call, k + 1, captures);
  if (a && LLVMGetEnumAttributeValue(a) == 0) return 0;
  LLVMValueRef callee = LLVMGetCalledValue(call);
  if (LLVMIsAFunction(callee) && k < LLVMCountParams(callee)) {
    a = LLVMGetEnumAttributeAtIndex(callee, k + 1, captures);
    if (a && LLVMGetEnumAttributeValue(a) == 0) return 0;
  }
  (void)ctx;
  return 1;
}

/* Does `call` keep a copy of pointer `v` past the call? */
static int call_escapes(LLVMValueRef call, LLVMValueRef v) {
  unsigned n = LLVMGetNumOperands(call);
  for (unsigned k = 0; k < n; k++)
    if (call_captures(call, v, k)) return 1;
  return 0;
}

/* The constant byte offset a GEP adds, or -1 when an index is not a
 * constant. */
static int64_t gep_offset(LLVMTargetDataRef td, LLVMValueRef gep) {
  LLVMTypeRef t = LLVMGetGEPSourceElementType(gep);
  unsigned n = LLVMGetNumOperands(gep);
  int64_t off = 0;
  for (unsigned k = 1; k < n; k++) {
    LLVMValueRef ix = LLVMGetOperand(gep, k);
    if (!LLVMIsAConstantInt(ix)) return -1;
    long long i = LLVMConstIntGetSExtValue(ix);
    if (k == 1) {
      off += i * (int64_t)LLVMABISizeOfType(td, t);
      continue;
    }
    LLVMTypeKind kind = LLVMGetTypeKind(t);
    if (kind == LLVMStructTypeKind) {
      if (i < 0 || (unsigned)i >= LLVMCountStructElementTypes(t)) return -1;
      off += (int64_t)LLVMOffsetOfElement(td, t, (unsigned)i);
      t = LLVMStructGetTypeAtIndex(t, (unsigned)i);
    } else if (kind == LLVMArrayTypeKind || kind == LLVMVectorTypeKind) {
      t = LLVMGetElementType(t);
      off += i * (int64_t)LLVMABISizeOfType(td, t);
    } else {
      return -1;
    }
  }
  return off;
}

/* Records the bytes a partial store writes, when they are known. */
static void note_partial(LLVMTargetDataRef td, alloca_info *ai, LLVMValueRef st,
                         int64_t off, uint64_t size) {
  if (ai->partials.n > ai->part_cap) {
    unsigned cap = ai->partials.n * 2;
    uint64_t *m = crl_realloc(ai->part_mask, cap * sizeof *m);
    if (!m) {
      ai->uses.oom = 1;
      return;
    }
    ai->part_mask = m;
    ai->part_cap = cap;
  }
  uint64_t mask = 0;
  uint64_t w = LLVMStoreSizeOfType(td, LLVMTypeOf(LLVMGetOperand(st, 0)));
  if (size <= 64 && off >= 0 && (uint64_t)off + w <= size && w > 0)
    mask = (w == 64 ? ~0ULL : ((1ULL << w) - 1)) << off;
  ai->part_mask[ai->partials.n - 1] = mask;
}

/* Pushes an address derived from the object, with its byte offset. */
static int push_addr(crl_vec *work, int64_t **off, unsigned *cap, LLVMValueRef v,
                     int64_t at) {
  if (work->n == *cap) {
    int64_t *no = crl_realloc(*off, 2 * *cap * sizeof *no);
    if (!no) return -1;
    *off = no;
    *cap *= 2;
  }
  if (crl_vec_push(work, v)) return -1;
  (*off)[work->n - 1] = at;
  return 0;
}

/* Uses of an alloca (or a byval argument) through address arithmetic count
 * as its own uses. A pointer that escapes (stored, passed to a call that
 * may keep it, cast to an integer) may be used anywhere until the lifetime
 * ends. Memory intrinsics and captures(none) or byval parameters only use
 * the memory during the call. */
static void alloca_uses(crl_plan *p, LLVMTargetDataRef td, LLVMValueRef a,
                        alloca_info *ai) {
  crl_vec work = {0};
  uint64_t size = 0;
  if (LLVMIsAAllocaInst(a) && LLVMIsAConstantInt(LLVMGetOperand(a, 0)))
    size = LLVMABISizeOfType(td, LLVMGetAllocatedType(a)) *
           LLVMConstIntGetZExtValue(LLVMGetOperand(a, 0));
  ai->full_mask = size && size <= 64 ? (size == 64 ? ~0ULL : (1ULL << size) - 1) : 0;
  /* Byte offset of each address in the worklist from `a` (-1: unknown),
   * pushed in step with it. */
  int64_t *woff = crl_malloc(8 * sizeof *woff);
  unsigned woff_cap = woff ? 8 : 0;
  if (!woff) ai->uses.oom = 1;
  else woff[0] = 0;
  crl_vec_push(&work, a);
  for (unsigned w = 0; w < work.n && woff; w++) {
    LLVMValueRef v = work.v[w];
    int64_t here = woff[w];
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      if (!LLVMIsAInstruction(user)) continue;
      uint32_t ub = crl_block_id(p, LLVMGetInstructionParent(user));
      if (!LLVMIsAPHINode(user) && crl_plan_ramp_only_use(p, ub, user)) continue;
      crl_intr k = crl_intrinsic_of(user);
      if (k == CRL_I_LIFETIME_START) {
        ai->starts++;
        add_use(&ai->users, ub);
        if (crl_vec_push(&ai->markers, user)) ai->uses.oom = 1;
        continue;
      }
      if (k == CRL_I_LIFETIME_END) {
        ai->has_end = 1;
        add_use(&ai->uses, ub);
        add_use(&ai->users, ub);
        if (crl_vec_push(&ai->markers, user)) ai->uses.oom = 1;
        continue;
      }
      if (LLVMIsAPHINode(user)) {
        unsigned n = LLVMCountIncoming(user);
        for (unsigned e = 0; e < n; e++)
          if (LLVMGetIncomingValue(user, e) == v) {
            uint32_t ib = crl_block_id(p, LLVMGetIncomingBlock(user, e));
            if (!crl_plan_ramp_only_use(p, ib, user)) {
              add_use(&ai->uses, ib);
              add_use(&ai->users, ib);
            }
          }
        ai->escapes = 1;
        continue;
      }
      add_use(&ai->uses, ub);
      add_use(&ai->users, ub);
      if (LLVMIsAGetElementPtrInst(user) || LLVMIsABitCastInst(user) ||
          LLVMIsAAddrSpaceCastInst(user)) {
        int64_t d = LLVMIsAGetElementPtrInst(user) ? gep_offset(td, user) : 0;
        if (push_addr(&work, &woff, &woff_cap, user, here < 0 || d < 0 ? -1 : here + d))
          ai->uses.oom = 1;
      } else if (overwrites_all(td, a, v, user, size)) {
        if (crl_vec_push(&ai->overwrites, user)) ai->uses.oom = 1;
      } else if (LLVMIsAStoreInst(user)) {
        /* A partial store reads nothing; storing the address escapes. */
        if (LLVMGetOperand(user, 0) == v) ai->escapes = 1;
        else if (crl_vec_push(&ai->partials, user)) ai->uses.oom = 1;
        else note_partial(td, ai, user, here, size);
      } else {
        if (crl_vec_push(&ai->reads, user)) ai->uses.oom = 1;
        if (LLVMIsALoadInst(user)) {
        } else if (LLVMIsACallInst(user) || LLVMIsAInvokeInst(user)) {
          if (call_escapes(user, v)) ai->escapes = 1;
        } else {
          ai->escapes = 1;
          if (LLVMIsASelectInst(user) && push_addr(&work, &woff, &woff_cap, user, -1))
            ai->uses.oom = 1;
        }
      }
    }
  }
  crl_vec_free(&work);
  free(woff);
}

/* Blocks whose last lifetime marker of the alloca is a start (gen) or an
 * end (kill). Markers of one block are ordered by walking it, which only
 * blocks holding several markers of the same alloca need. */
static void marker_gen_kill(crl_plan *p, const crl_vec *markers, use_list *gen,
                            use_list *kill) {
  for (unsigned k = 0; k < markers->n; k++) {
    LLVMValueRef m = markers->v[k];
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(m);
    int last = 1;
    for (unsigned j = 0; j < markers->n && last; j++)
      if (j != k && LLVMGetInstructionParent(markers->v[j]) == bb &&
          crl_comes_before(m, markers->v[j]))
        last = 0;
    if (!last) continue;
    add_use(crl_intrinsic_of(m) == CRL_I_LIFETIME_START ? gen : kill,
            crl_block_id(p, bb));
  }
}

/* What collect gathers for one candidate: its uses (backward liveness from
 * its definition) and, for memory, where it can become live (forward, see
 * crl_reach_in_matrix); reach is set when the forward side applies. */
typedef struct cand_input {
  use_list uses, gen, kill;
  int reach;
  int rewrites;      /* uses are exposed reads, and ...  */
  use_list rewrite;  /* ... these blocks write it whole first */
} cand_input;

static int push_cand(crl_plan *p, uint32_t *cap, LLVMValueRef v, uint32_t def,
                     int is_alloca, cand_input *in, crl_live_value **lv,
                     cand_input **ci) {
  if (in->uses.oom || in->gen.oom || in->kill.oom || in->rewrite.oom) {
    free(in->uses.b);
    free(in->gen.b);
    free(in->kill.b);
    free(in->rewrite.b);
    return -1;
  }
  if (p->num_cands == *cap) {
    uint32_t nc = *cap ? 2 * *cap : 64;
    crl_cand *cands = crl_realloc(p->cands, nc * sizeof *cands);
    if (cands) p->cands = cands;
    crl_live_value *nlv = crl_realloc(*lv, nc * sizeof *nlv);
    if (nlv) *lv = nlv;
    cand_input *nci = crl_realloc(*ci, nc * sizeof *nci);
    if (nci) *ci = nci;
    if (!cands || !nlv || !nci) {
      free(in->uses.b);
      free(in->gen.b);
      free(in->kill.b);
      free(in->rewrite.b);
      return -1;
    }
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
  (*ci)[i] = *in;
  (*lv)[i].def_block = def;
  (*lv)[i].num_uses = in->uses.n;
  (*lv)[i].use_blocks = in->uses.b;
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

static int memory_events(crl_plan *p, positions *ps, const alloca_info *ai,
                         cand_input *in) {
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
    add_use(last == 'S' || last == 'E' ? &in->kill : &in->gen, ev[a].block);
    /* Partial stores that together write every byte before any read
     * redefine it like a whole write (two field stores of a struct). */
    uint64_t covered = 0;
    for (uint32_t k = a; k < z; k++) {
      if (ev[k].kind == 'P') {
        covered |= ev[k].bytes;
        if (!ai->full_mask || (covered & ai->full_mask) != ai->full_mask) continue;
        add_use(&in->rewrite, ev[a].block);
        break;
      }
      add_use(ev[k].kind == 'R' ? &in->uses : &in->rewrite, ev[a].block);
      break;
    }
    a = z;
  }
  free(ev);
  return 0;
}

/* An escaped alloca with lifetime markers must keep one address while
 * anything can reach it through the pointer, even where it is dead between
 * a lifetime.end and the next start: LLVM gives an alloca the same address
 * after a restart. That makes it a frame alloca when one of its users
 * reaches another through a suspend, which its lifetime alone does not
 * show; a shadow candidate (users to users) asks that, and only adds to
 * its owner's crossing set (crl_frame_liveness). */
typedef struct shadow_list {
  cand_input *in;
  LLVMValueRef *value;
  uint32_t *def, *owner;
  uint32_t n, cap;
  int oom;
} shadow_list;

static void add_shadow(shadow_list *sl, LLVMValueRef v, uint32_t def, uint32_t owner,
                       const use_list *users) {
  if (sl->n == sl->cap) {
    uint32_t cap = sl->cap ? 2 * sl->cap : 8;
    cand_input *in = crl_realloc(sl->in, cap * sizeof *in);
    if (in) sl->in = in;
    LLVMValueRef *val = crl_realloc(sl->value, cap * sizeof *val);
    if (val) sl->value = val;
    uint32_t *d = crl_realloc(sl->def, cap * sizeof *d);
    if (d) sl->def = d;
    uint32_t *o = crl_realloc(sl->owner, cap * sizeof *o);
    if (o) sl->owner = o;
    if (!in || !val || !d || !o) {
      sl->oom = 1;
      return;
    }
    sl->cap = cap;
  }
  cand_input ci = {.reach = 1};
  for (uint32_t k = 0; k < users->n; k++) {
    add_use(&ci.uses, users->b[k]);
    add_use(&ci.gen, users->b[k]);
  }
  sl->in[sl->n] = ci;
  sl->value[sl->n] = v;
  sl->def[sl->n] = def;
  sl->owner[sl->n++] = owner;
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
                          const use_list *exits, uint32_t *cap, crl_live_value **lv,
                          cand_input **ci, shadow_list *sl) {
  alloca_info ai = {0};
  alloca_uses(p, td, v, &ai);
  cand_input in = {.uses = ai.uses};
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
    marker_gen_kill(p, &ai.markers, &in.gen, &in.kill);
    shadow = ai.escapes;
  }
  crl_vec_free(&ai.markers);
  crl_vec_free(&ai.reads);
  crl_vec_free(&ai.overwrites);
  crl_vec_free(&ai.partials);
  free(ai.part_mask);
  int rc = 0;
  if (!in.uses.n) {
    free(in.uses.b);
    free(in.gen.b);
    free(in.kill.b);
    free(in.rewrite.b);
  } else {
    rc = push_cand(p, cap, v, def, 1, &in, lv, ci);
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
static int add_chain_operands(crl_coro *c, crl_plan *p, uint32_t *cap,
                              crl_live_value **lv, cand_input **ci) {
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
        cand_input in = {.reach = 0};
        value_uses(p, op, &in.uses);
        rc = push_cand(p, cap, op, crl_block_id(p, LLVMGetInstructionParent(op)), 0,
                       &in, lv, ci);
        if (rc == 0) p->cands[p->num_cands - 1].chain_only = 1;
      }
    }
    from = to;
  }
  crl_valmap_free(&have);
  return rc;
}

static int collect_values(crl_coro *c, crl_plan *p, crl_live_value **lv,
                          cand_input **ci, const use_list *exits,
                          const crl_valmap *pinned, shadow_list *sl,
                          positions *ps) {
  uint32_t cap = 0;
  unsigned np = LLVMCountParams(c->fn);
  for (unsigned k = 0; k < np; k++) {
    LLVMValueRef a = LLVMGetParam(c->fn, k);
    if (a == c->frame_base) continue; /* every clone recomputes it */
    if (crl_arg_memory(c->fn, k)) {
      if (collect_memory(p, c->td, ps, a, p->num_blocks, exits, &cap, lv, ci, sl))
        return -1;
      continue;
    }
    cand_input in = {.reach = 0};
    value_uses(p, a, &in.uses);
    if (!in.uses.n) { free(in.uses.b); continue; }
    if (push_cand(p, &cap, a, p->num_blocks, 0, &in, lv, ci)) return -1;
  }
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (LLVMValueRef i = LLVMGetFirstInstruction(p->blocks[b]); i;
         i = LLVMGetNextInstruction(i)) {
      if (LLVMIsAAllocaInst(i)) {
        if (crl_valmap_has(pinned, i) || outside_frame(i)) continue;
        if (collect_memory(p, c->td, ps, i, b, exits, &cap, lv, ci, sl))
          return -1;
        continue;
      }
      if (skip_value(c, i)) continue;
      cand_input in = {.reach = 0};
      use_list *u = &in.uses;
      value_uses(p, i, u);
      int nonlocal = 0;
      for (uint32_t k = 0; k < u->n; k++) nonlocal |= u->b[k] != b;
      /* A phi use in the defining block comes round a loop: not local. */
      for (LLVMUseRef us = LLVMGetFirstUse(i); us && !nonlocal; us = LLVMGetNextUse(us))
        nonlocal |= LLVMIsAPHINode(LLVMGetUser(us)) != NULL;
      if (!nonlocal) { free(u->b); continue; }
      if (push_cand(p, &cap, i, b, 0, &in, lv, ci)) return -1;
    }
  if (add_chain_operands(c, p, &cap, lv, ci) != 0) return -1;
  /* Shadows last: [num_main, num_cands) once crossing sets are known. */
  p->num_main = p->num_cands;
  if (sl->oom) return -1;
  for (uint32_t k = 0; k < sl->n; k++) {
    cand_input in = sl->in[k];
    sl->in[k] = (cand_input){.reach = 0};
    if (push_cand(p, &cap, sl->value[k], sl->def[k], 1, &in, lv, ci)) return -1;
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

static int collect(crl_coro *c, crl_plan *p, crl_live_value **lv,
                   cand_input **ci, shadow_list *sl) {
  use_list exits = {0};
  for (uint32_t b = 0; b < p->num_blocks; b++)
    if (crl_cfg_num_succs(&p->live_cfg, b) == 0) add_use(&exits, b);
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
  if (rc == 0) rc = collect_values(c, p, lv, ci, &exits, &pinned, sl, &ps);
  crl_valmap_free(&ps.pos);
  crl_valmap_free(&ps.done);
  crl_valmap_free(&ps.declared);
  crl_valmap_free(&pinned);
  free(exits.b);
  return rc;
}

/* Values crossing more suspends than this go to memory mode (rewrite.c):
 * SSA repair would merge the slot and the register at every await that
 * may skip its suspend, one phi per value per await. */
#define CRL_SSA_MODE_MAX_CROSSINGS 2

/* Is v used where the frame may be gone (crl_plan_mark_gone), in code
 * other than the ramp's own tail? */
static int used_where_frame_gone(crl_plan *p, LLVMValueRef v) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user)) continue;
    if (LLVMIsAPHINode(user)) {
      for (unsigned k = 0, n = LLVMCountIncoming(user); k < n; k++) {
        if (LLVMGetIncomingValue(user, k) != v) continue;
        uint32_t b = crl_block_id(p, LLVMGetIncomingBlock(user, k));
        if (b < p->num_blocks && p->gone[b] && !crl_plan_ramp_only_use(p, b, user)) return 1;
      }
      continue;
    }
    uint32_t b = crl_block_id(p, LLVMGetInstructionParent(user));
    if (b < p->num_blocks && p->gone[b] && !crl_plan_ramp_only_use(p, b, user)) return 1;
  }
  return 0;
}

/* A value is stored right after its definition (memory mode) when it is
 * defined after the store point of a suspend it crosses, or crosses many:
 * then every block that uses it loads it. Not where the frame may be gone
 * (a suspended path, after coro.free), which must use the function's own
 * value: a value used there that crosses many suspends stays with SSA
 * repair (stores at the suspend points, reloads at their resume entries),
 * when its definition allows. */
static void mark_late_defs(crl_coro *c, crl_plan *p) {
  uint32_t n = c->num_susp;
  for (uint32_t i = 0; i < p->num_cands; i++) {
    crl_cand *cd = &p->cands[i];
    if (cd->is_alloca || cd->remat) continue;
    const crl_bitset *row = &p->cross.across[i];
    uint32_t crossings = 0;
    for (uint32_t s = crl_bitset_next(row, 0); s < n; s = crl_bitset_next(row, s + 1))
      if (++crossings > CRL_SSA_MODE_MAX_CROSSINGS) break;
    if (crossings > CRL_SSA_MODE_MAX_CROSSINGS && !used_where_frame_gone(p, cd->value)) {
      cd->store_after_def = 1;
      continue;
    }
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
  uint32_t *first_pt = crl_malloc((p->num_blocks + 1) * sizeof *first_pt);
  uint32_t *next_pt = crl_malloc((n + 1) * sizeof *next_pt);
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
 * landing block? */
static int store_at_suspend(const crl_suspend *sp) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(sp->pre);
  return sp->point == t && LLVMGetNumSuccessors(t) == 1 &&
         LLVMGetSuccessor(t, 0) == sp->landing;
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
  crl_plan *p = crl_calloc(1, sizeof *p);
  if (!p) {
    CRL_ERR(c, NULL, "out of memory planning the frame");
    return -1;
  }
  c->plan = p;
  if (crl_plan_build_cfg(p, c->fn, c->susp, c->num_susp) != 0) {
    CRL_ERR(c, NULL, "out of memory building the control-flow graph");
    return -1;
  }
  if (crl_plan_mark_gone(p, c->susp, c->num_susp, &c->frees) != 0) {
    CRL_ERR(c, NULL, "out of memory building the control-flow graph");
    return -1;
  }
  p->begin_block = crl_block_id(p, LLVMGetInstructionParent(c->begin));
  if (check_begin_dominates(c, p) != 0) return -1;
  crl_live_value *lv = NULL;
  cand_input *ci = NULL;
  shadow_list sl = {0};
  int rc = collect(c, p, &lv, &ci, &sl);
  uint32_t n = c->num_susp;
  uint32_t *rb = crl_malloc((2 * n + 1) * sizeof *rb);
  uint32_t *pt = crl_malloc((2 * n + 1) * sizeof *pt);
  if (!rb || !pt) rc = -1;
  for (uint32_t s = 0; rc == 0 && s < n; s++) {
    rb[s] = crl_block_id(p, c->susp[s].resume);
    rb[n + s] = pt[n + s] = crl_block_id(p, LLVMGetInstructionParent(c->susp[s].point));
    /* A store point that ends the block falling into the resume block (no
     * separate save): what is live there is what is live into the resume
     * block, exactly; the store point's own block would also count values
     * whose last use comes before it, and spills whose last use comes
     * before a back-to-back suspend could not share storage with values
     * defined after it. */
    if (store_at_suspend(&c->susp[s])) {
      rb[n + s] = rb[s];
      pt[n + s] = p->num_blocks; /* no value is defined there */
    }
  }
  crl_reach_value *rv = rc == 0 ? crl_calloc(2 * (size_t)p->num_cands + 1, sizeof *rv) : NULL;
  if (!rv) rc = -1;
  crl_reach_value *bk = rv ? rv + p->num_cands : NULL;
  for (uint32_t i = 0; rc == 0 && i < p->num_cands; i++) {
    rv[i] = (crl_reach_value){ci[i].gen.n, ci[i].kill.n, ci[i].gen.b, ci[i].kill.b};
    bk[i] = (crl_reach_value){ci[i].uses.n, ci[i].rewrite.n, ci[i].uses.b, ci[i].rewrite.b};
  }
  if (rc == 0) rc = crl_crossing_and_hulls(p, 2 * n, rb, lv, rv, bk);
  /* Shadows hand their crossing sets to their owners and go. */
  for (uint32_t k = 0; rc == 0 && k < sl.n; k++)
    crl_bitset_union_with(&p->cross.across[sl.owner[k]],
                          &p->cross.across[p->num_main + k]);
  for (uint32_t i = p->num_main; rc == 0 && i < p->num_cands; i++) {
    free(ci[i].uses.b);
    free(ci[i].gen.b);
    free(ci[i].kill.b);
    free(ci[i].rewrite.b);
  }
  if (rc == 0) p->num_cands = p->cross.num_values = p->num_main;
  if (rc == 0) rc = crl_exact_alloca_lifetimes(c, p, lv, rv);
  if (rc == 0) rc = add_store_points(c, p, pt);
  free(pt);
  free(rb);
  free(rv);
  for (uint32_t i = 0; ci && i < p->num_cands; i++) {
    free(ci[i].uses.b);
    free(ci[i].gen.b);
    free(ci[i].kill.b);
    free(ci[i].rewrite.b);
  }
  free(ci);
  free(lv);
  for (uint32_t k = 0; k < sl.n; k++) {
    free(sl.in[k].uses.b);
    free(sl.in[k].gen.b);
    free(sl.in[k].kill.b);
  }
  free(sl.in);
  free(sl.value);
  free(sl.def);
  free(sl.owner);
  if (rc != 0) {
    CRL_ERR(c, NULL, "out of memory in liveness analysis");
    return -1;
  }
  /* Keep what liveness found, for the one-level plan (crl_frame_build). */
  size_t words = (size_t)p->num_cands * p->cross.across[0].nwords;
  p->rows_before = crl_malloc((words + 1) * sizeof *p->rows_before);
  p->hull_before = crl_malloc((2 * (size_t)p->num_cands + 1) * sizeof *p->hull_before);
  if (!p->rows_before || !p->hull_before) {
    CRL_ERR(c, NULL, "out of memory in liveness analysis");
    return -1;
  }
  if (p->num_cands) memcpy(p->rows_before, p->cross.across[0].words, words * sizeof *p->rows_before);
  for (uint32_t i = 0; i < p->num_cands; i++) {
    p->hull_before[2 * i] = p->cands[i].lo;
    p->hull_before[2 * i + 1] = p->cands[i].hi;
  }
  p->chains_used = crl_mark_remat(c, p, CRL_REMAT_CHAINS);
  crl_mark_narrow(c, p);
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

/* The plan's own fields and layout, after the ABI's header fields. */
static int fields_and_layout(crl_coro *c, crl_plan *p, const crl_valmap *slots) {
  if (crl_plan_fields(c, p, slots) != 0) return -1;
  if (crl_layout_frame(c, p) != 0) {
    /* The layout's only failure is an allocation's (core/ notes none). */
    CRL_ERR(c, NULL, "out of memory (frame layout)");
    return -1;
  }
  return 0;
}

/* Forgets the planner's fields (those from `header` on). */
static void drop_fields(crl_coro *c, crl_plan *p, uint32_t header) {
  for (uint32_t f = header; f < c->num_fields; f++)
    if (c->fields[f].owns_name) free((void *)c->fields[f].name);
  c->num_fields = header;
  for (uint32_t i = 0; i < p->num_cands; i++) p->cands[i].field = UINT32_MAX;
}

/* Puts back liveness's crossing sets and hulls, or the given state. */
typedef struct remat_state {
  uint64_t *rows;
  uint32_t *hull;
  uint8_t *flags; /* remat | store_after_def << 1 */
} remat_state;

static int save_state(crl_plan *p, remat_state *st) {
  size_t words = (size_t)p->num_cands * p->cross.across[0].nwords;
  st->rows = crl_malloc((words + 1) * sizeof *st->rows);
  st->hull = crl_malloc((2 * (size_t)p->num_cands + 1) * sizeof *st->hull);
  st->flags = crl_malloc((size_t)p->num_cands + 1);
  if (!st->rows || !st->hull || !st->flags) return -1;
  memcpy(st->rows, p->cross.across[0].words, words * sizeof *st->rows);
  for (uint32_t i = 0; i < p->num_cands; i++) {
    st->hull[2 * i] = p->cands[i].lo;
    st->hull[2 * i + 1] = p->cands[i].hi;
    st->flags[i] = (uint8_t)(p->cands[i].remat | p->cands[i].store_after_def << 1);
  }
  return 0;
}

static void load_state(crl_plan *p, const uint64_t *rows, const uint32_t *hull,
                       const uint8_t *flags) {
  size_t words = (size_t)p->num_cands * p->cross.across[0].nwords;
  memcpy(p->cross.across[0].words, rows, words * sizeof *rows);
  for (uint32_t i = 0; i < p->num_cands; i++) {
    p->cands[i].lo = hull[2 * i];
    p->cands[i].hi = hull[2 * i + 1];
    p->cands[i].remat = flags ? flags[i] & 1 : 0;
    p->cands[i].store_after_def = flags ? flags[i] >> 1 & 1 : 0;
  }
}

/* Frames with more fields than this keep the chained plan without laying
 * out the one-level plan as well: layout is the planner's costliest step,
 * and doing it twice on a frame of thousands of fields costs an embedding
 * compiler more (6% of the whole run on 2000 awaits) than the few bytes
 * the comparison can save there. */
#define CRL_REMAT_COMPARE_MAX_FIELDS 1024u

static void free_state(remat_state *st) {
  free(st->rows);
  free(st->hull);
  free(st->flags);
  *st = (remat_state){0};
}

/* Lays out the plan `mode` makes from liveness's crossing sets: 0, or -1
 * on failure. A forced plan that is the chained one is not laid out: 1,
 * and the plan's state is the caller's to put back (the fields and layout
 * already there are kept). */
static int try_plan(crl_coro *c, crl_plan *p, const crl_valmap *slots, uint32_t header,
                    crl_remat_mode mode) {
  load_state(p, p->rows_before, p->hull_before, NULL);
  int differs = crl_mark_remat(c, p, mode);
  if (mode == CRL_REMAT_FORCED && !differs) return 1;
  drop_fields(c, p, header);
  mark_late_defs(c, p);
  return fields_and_layout(c, p, slots);
}

/* Recomputation decides by estimated bytes, which storage sharing can turn
 * around, and value by value, which misses roots shared by several values.
 * So up to three plans are laid out and the smallest frame wins: the
 * chained one; when it used a chain, the one-level plan (operands only from
 * values already in the frame; ties go to it, as it adds the least code);
 * and the forced one (every chain the budget allows, which is LLVM's rule:
 * with it no frame is larger than LLVM's for want of recomputation). Below
 * CRL_REMAT_COMPARE_MAX_FIELDS fields only. */
static int choose_remat_plan(crl_coro *c, crl_plan *p, const crl_valmap *slots,
                             uint32_t header) {
  if (fields_and_layout(c, p, slots) != 0) return -1;
  if (!p->num_cands || c->num_fields > CRL_REMAT_COMPARE_MAX_FIELDS) return 0;
  uint64_t best = c->frame_size;
  remat_state st = {0};
  int rc = save_state(p, &st), laid_out_best = 1;
  if (rc == 0 && p->chains_used) {
    rc = try_plan(c, p, slots, header, CRL_REMAT_ONE_LEVEL);
    if (rc == 0 && c->frame_size <= best) {
      best = c->frame_size;
      free_state(&st);
      rc = save_state(p, &st);
    } else if (rc == 0) {
      laid_out_best = 0;
    }
  }
  if (rc == 0) {
    rc = try_plan(c, p, slots, header, CRL_REMAT_FORCED);
    if (rc == 0 && c->frame_size < best) {
      free_state(&st);
      return 0;
    }
    if (rc == 1) {
      load_state(p, st.rows, st.hull, st.flags);
      rc = 0;
    } else {
      laid_out_best = 0;
    }
  }
  if (rc == 0 && !laid_out_best) {
    drop_fields(c, p, header);
    load_state(p, st.rows, st.hull, st.flags);
    rc = fields_and_layout(c, p, slots);
  }
  free_state(&st);
  if (rc != 0 && crl_result_ok(c->res)) CRL_ERR(c, NULL, "out of memory planning the frame");
  return rc;
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
  int rc = choose_remat_plan(c, p, slots, c->num_fields);
  if (slots == &own) crl_valmap_free(&own);
  if (rc != 0) return -1;
  crl_drop_optional_fields(c);
  crl_frame_report_build(c);
  return 0;
}
