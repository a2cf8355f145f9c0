#include "pipeline/rollback.h"
#include "irkit/oom.h"

#include <stdlib.h>
#include <string.h>

#include "cloner/clone.h"
#include "irkit/vec.h"

/* An operand of the copy that named a global (or a constant built on one),
 * replaced by poison there. */
typedef struct op_fix {
  LLVMValueRef inst;
  unsigned idx;
  LLVMValueRef orig;         /* NULL for a block address of the function's own */
  LLVMBasicBlockRef block;   /* that block's twin in the copy */
} op_fix;

typedef struct attr_at {
  unsigned idx;
  LLVMAttributeRef a;
} attr_at;

struct crl_saved_fn {
  LLVMValueRef fn, copy;
  op_fix *ops;
  unsigned nops;
  attr_at *attrs;
  unsigned nattrs;
  LLVMCallConv cc;
  LLVMLinkage linkage;
  LLVMVisibility vis;
  LLVMUnnamedAddr unnamed;
  LLVMDLLStorageClass dll;
  LLVMValueRef personality; /* NULL: none */
  char *section, *gc;
  unsigned align;
  int restored;
};

/* A global variable's initializer before a coroutine's lowering began. */
typedef struct init_fix {
  LLVMValueRef g, init;
} init_fix;

int crl_rollback_init(crl_rollback *rb, LLVMModuleRef m) {
  memset(rb, 0, sizeof *rb);
  rb->mod = m;
  rb->scratch = LLVMModuleCreateWithNameInContext("corolower.rollback",
                                                  LLVMGetModuleContext(m));
  rb->last_fn = LLVMGetLastFunction(m);
  rb->last_global = LLVMGetLastGlobal(m);
  if (!rb->scratch || crl_valmap_init(&rb->index, 16) != 0) {
    if (rb->scratch) LLVMDisposeModule(rb->scratch);
    rb->scratch = NULL;
    return -1;
  }
  return 0;
}

/* Constants that name no global: kept as they are in the copy. */
static int plain_constant(LLVMValueRef v) {
  return LLVMIsAConstantInt(v) || LLVMIsAConstantFP(v) ||
         LLVMIsAConstantPointerNull(v) || LLVMIsAUndefValue(v) ||
         LLVMIsAConstantAggregateZero(v) || LLVMIsAConstantDataSequential(v) ||
         LLVMIsAConstantTokenNone(v);
}

static int push_op(crl_saved_fn *s, unsigned *cap, op_fix fix) {
  if (s->nops == *cap) {
    unsigned nc = *cap ? 2 * *cap : 16;
    op_fix *o = crl_realloc(s->ops, nc * sizeof *o);
    if (!o) return -1;
    s->ops = o;
    *cap = nc;
  }
  s->ops[s->nops++] = fix;
  return 0;
}

/* Takes every global out of the copy's operands (remembered in s->ops), so
 * that no walk over a global's uses finds the copy. */
static int detach_globals(crl_saved_fn *s, const crl_valmap *map) {
  unsigned cap = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(s->copy); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      int n = LLVMGetNumOperands(i);
      for (int j = 0; j < n; j++) {
        LLVMValueRef op = LLVMGetOperand(i, (unsigned)j);
        if (!op || LLVMValueIsBasicBlock(op) || !LLVMIsAConstant(op) || plain_constant(op))
          continue;
        op_fix fix = {i, (unsigned)j, op, NULL};
        /* The function's own blocks die with its lowered body: their
         * addresses are taken again from the copy's blocks. */
        if (LLVMIsABlockAddress(op) && LLVMGetBlockAddressFunction(op) == s->fn) {
          fix.block = crl_valmap_get(map, LLVMGetBlockAddressBasicBlock(op));
          if (fix.block) fix.orig = NULL;
        }
        if (push_op(s, &cap, fix) != 0) return -1;
        LLVMSetOperand(i, (unsigned)j, LLVMGetPoison(LLVMTypeOf(op)));
      }
    }
  return 0;
}

/* Attribute lists 0 (the result), 1..np (the parameters), then the
 * function's own. */
static unsigned attr_index(unsigned k, unsigned np) {
  return k == np + 1 ? (unsigned)LLVMAttributeFunctionIndex : k;
}

static int save_attrs(crl_saved_fn *s) {
  unsigned np = LLVMCountParams(s->fn), total = 0;
  for (unsigned k = 0; k <= np + 1; k++) {
    unsigned idx = attr_index(k, np);
    total += LLVMGetAttributeCountAtIndex(s->fn, idx);
  }
  s->attrs = crl_malloc((total ? total : 1) * sizeof *s->attrs);
  LLVMAttributeRef *tmp = crl_malloc((total ? total : 1) * sizeof *tmp);
  if (!s->attrs || !tmp) {
    free(tmp);
    return -1;
  }
  for (unsigned k = 0; k <= np + 1; k++) {
    unsigned idx = attr_index(k, np);
    unsigned c = LLVMGetAttributeCountAtIndex(s->fn, idx);
    if (!c) continue;
    LLVMGetAttributesAtIndex(s->fn, idx, tmp);
    for (unsigned a = 0; a < c; a++) s->attrs[s->nattrs++] = (attr_at){idx, tmp[a]};
  }
  free(tmp);
  return 0;
}

static char *dup_or_null(const char *s) {
  if (!s || !*s) return NULL;
  size_t n = strlen(s) + 1;
  char *d = crl_malloc(n);
  if (d) memcpy(d, s, n);
  return d;
}

static int save_props(crl_saved_fn *s) {
  LLVMValueRef f = s->fn;
  s->cc = (LLVMCallConv)LLVMGetFunctionCallConv(f);
  s->linkage = LLVMGetLinkage(f);
  s->vis = LLVMGetVisibility(f);
  s->unnamed = LLVMGetUnnamedAddress(f);
  s->dll = LLVMGetDLLStorageClass(f);
  s->personality = LLVMHasPersonalityFn(f) ? LLVMGetPersonalityFn(f) : NULL;
  s->align = LLVMGetAlignment(f);
  s->section = dup_or_null(LLVMGetSection(f));
  s->gc = dup_or_null(LLVMGetGC(f));
  if ((LLVMGetSection(f) && *LLVMGetSection(f) && !s->section) ||
      (LLVMGetGC(f) && *LLVMGetGC(f) && !s->gc))
    return -1;
  return save_attrs(s);
}

static void free_saved(crl_saved_fn *s) {
  if (s->copy) LLVMDeleteFunction(s->copy);
  free(s->ops);
  free(s->attrs);
  free(s->section);
  free(s->gc);
  memset(s, 0, sizeof *s);
}

static int clone_body(crl_saved_fn *s) {
  unsigned nb = LLVMCountBasicBlocks(s->fn), np = LLVMCountParams(s->fn);
  LLVMBasicBlockRef *blocks = crl_malloc((nb ? nb : 1) * sizeof *blocks);
  crl_valmap map;
  if (!blocks || crl_valmap_init(&map, 64) != 0) {
    free(blocks);
    return -1;
  }
  LLVMGetBasicBlocks(s->fn, blocks);
  int rc = 0;
  for (unsigned k = 0; k < np && rc == 0; k++)
    rc = crl_valmap_put(&map, LLVMGetParam(s->fn, k), LLVMGetParam(s->copy, k));
  crl_clone_opts o = {.map = &map};
  if (rc == 0) rc = crl_clone_blocks(s->fn, s->copy, blocks, nb, &o);
  if (rc == 0) rc = detach_globals(s, &map);
  crl_valmap_free(&map);
  free(blocks);
  return rc;
}

int crl_rollback_save(crl_rollback *rb, LLVMValueRef fn) {
  if (!rb->scratch) return -1;
  if (crl_valmap_has(&rb->index, fn)) return 0;
  if (rb->n == rb->cap) {
    unsigned nc = rb->cap ? 2 * rb->cap : 8;
    crl_saved_fn *v = crl_realloc(rb->fns, nc * sizeof *v);
    if (!v) return -1;
    rb->fns = v;
    rb->cap = nc;
  }
  crl_saved_fn *s = &rb->fns[rb->n];
  memset(s, 0, sizeof *s);
  s->fn = fn;
  s->copy = LLVMAddFunction(rb->scratch, "", LLVMGlobalGetValueType(fn));
  if (save_props(s) != 0 || clone_body(s) != 0 ||
      crl_valmap_put_id(&rb->index, fn, rb->n) != 0) {
    free_saved(s);
    return -1;
  }
  rb->n++;
  return 0;
}

int crl_rollback_has(const crl_rollback *rb, LLVMValueRef fn) {
  return crl_valmap_has(&rb->index, fn);
}

crl_mark crl_rollback_mark(const crl_rollback *rb) {
  return (crl_mark){LLVMGetLastFunction(rb->mod), LLVMGetLastGlobal(rb->mod), rb->ninits};
}

/* Globals named by the constant v (itself, or inside a constant
 * expression or aggregate), to a small depth: what a lowering could write
 * an initializer of is named directly or through a cast. */
static int log_globals_in(crl_rollback *rb, LLVMValueRef v, int depth) {
  if (LLVMIsAGlobalVariable(v)) {
    if (!LLVMGetInitializer(v)) return 0;
    if (rb->ninits == rb->capinits) {
      unsigned nc = rb->capinits ? 2 * rb->capinits : 8;
      init_fix *f = crl_realloc(rb->inits, nc * sizeof *f);
      if (!f) return -1;
      rb->inits = f;
      rb->capinits = nc;
    }
    rb->inits[rb->ninits++] = (init_fix){v, LLVMGetInitializer(v)};
    return 0;
  }
  if (depth == 0 || LLVMIsAGlobalValue(v) || plain_constant(v)) return 0;
  int n = LLVMGetNumOperands(v);
  for (int j = 0; j < n; j++)
    if (log_globals_in(rb, LLVMGetOperand(v, (unsigned)j), depth - 1) != 0) return -1;
  return 0;
}

int crl_rollback_log_inits(crl_rollback *rb, LLVMValueRef fn) {
  uint32_t k = crl_valmap_get_id(&rb->index, fn);
  if (k == UINT32_MAX) return -1;
  crl_saved_fn *s = &rb->fns[k];
  for (unsigned j = 0; j < s->nops; j++)
    if (s->ops[j].orig && log_globals_in(rb, s->ops[j].orig, 3) != 0) return -1;
  return 0;
}

/* Moves every block of `from` to the end of `to`. Only moving after a
 * block crosses functions in LLVM 22 (moving before one stays inside the
 * block's own function). */
static void move_blocks(LLVMValueRef from, LLVMValueRef to) {
  LLVMBasicBlockRef anchor = LLVMAppendBasicBlockInContext(
      LLVMGetTypeContext(LLVMTypeOf(to)), to, "");
  LLVMBasicBlockRef last = anchor, bb;
  while ((bb = LLVMGetFirstBasicBlock(from))) {
    LLVMMoveBasicBlockAfter(bb, last);
    last = bb;
  }
  LLVMDeleteBasicBlock(anchor);
}

/* Which saved functions a rollback step works on. */
typedef int (*pick_fn)(const crl_saved_fn *s, const void *arg);

/* Drops the bodies of the picked saved functions (and of the module's
 * functions after `added`, when given) all at once: their blocks go into
 * one function of the scratch module, which is deleted, so references
 * among them are dropped together. Allocates nothing: a rollback must
 * work when memory has run out. */
static void drop_bodies(crl_rollback *rb, pick_fn pick, const void *arg,
                        const crl_mark *added) {
  LLVMTypeRef void_fn = LLVMFunctionType(
      LLVMVoidTypeInContext(LLVMGetModuleContext(rb->mod)), NULL, 0, 0);
  LLVMValueRef bin = LLVMAddFunction(rb->scratch, "", void_fn);
  for (unsigned k = 0; k < rb->n; k++)
    if (pick(&rb->fns[k], arg) && LLVMGetFirstBasicBlock(rb->fns[k].fn))
      move_blocks(rb->fns[k].fn, bin);
  if (added)
    for (LLVMValueRef f = added->last_fn ? LLVMGetNextFunction(added->last_fn)
                                         : LLVMGetFirstFunction(rb->mod);
         f; f = LLVMGetNextFunction(f))
      if (LLVMGetFirstBasicBlock(f)) move_blocks(f, bin);
  LLVMDeleteFunction(bin);
}


/* Whether v's only users are constants nothing uses: what deleting a
 * global leaves of its initializer (constants stay uniqued in the context
 * until replaced). */
static int only_dead_uses(LLVMValueRef v, int depth) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAConstant(user) || LLVMIsAGlobalValue(user) || depth == 0 ||
        !only_dead_uses(user, depth - 1))
      return 0;
  }
  return 1;
}

/* Deletes a global or function whose uses are all dead constants: they are
 * pointed at poison first, so none is left naming freed memory. */
static void delete_global(LLVMValueRef g) {
  if (LLVMGetFirstUse(g)) LLVMReplaceAllUsesWith(g, LLVMGetPoison(LLVMTypeOf(g)));
  if (LLVMIsAFunction(g)) LLVMDeleteFunction(g);
  else LLVMDeleteGlobal(g);
}

/* Deletes the globals, then the functions, added after the mark (or only
 * those nothing uses when `unused_only`, repeated until none goes). A
 * function or global something live still uses stays. */
static void delete_added(crl_rollback *rb, crl_mark since, int unused_only) {
  int gone = 1;
  while (gone) {
    gone = 0;
    LLVMValueRef g = since.last_global ? LLVMGetNextGlobal(since.last_global)
                                       : LLVMGetFirstGlobal(rb->mod);
    while (g) {
      LLVMValueRef next = LLVMGetNextGlobal(g);
      if (only_dead_uses(g, 4)) {
        delete_global(g);
        gone = 1;
      }
      g = next;
    }
    LLVMValueRef f = since.last_fn ? LLVMGetNextFunction(since.last_fn)
                                   : LLVMGetFirstFunction(rb->mod);
    while (f) {
      LLVMValueRef next = LLVMGetNextFunction(f);
      int removable = !unused_only || LLVMIsDeclaration(f) ||
                      LLVMGetLinkage(f) == LLVMPrivateLinkage ||
                      LLVMGetLinkage(f) == LLVMInternalLinkage;
      if (removable && only_dead_uses(f, 4)) {
        delete_global(f);
        gone = 1;
      }
      f = next;
    }
  }
}

static void remove_attrs(LLVMValueRef f, unsigned idx) {
  unsigned c = LLVMGetAttributeCountAtIndex(f, idx);
  if (!c) return;
  LLVMAttributeRef buf[64];
  while ((c = LLVMGetAttributeCountAtIndex(f, idx)) > 0) {
    unsigned take = c < 64 ? c : 64;
    LLVMAttributeRef *a = c <= 64 ? buf : crl_malloc(c * sizeof *a);
    if (!a) return;
    LLVMGetAttributesAtIndex(f, idx, a);
    for (unsigned k = 0; k < take; k++) {
      if (LLVMIsStringAttribute(a[k])) {
        unsigned len = 0;
        const char *key = LLVMGetStringAttributeKind(a[k], &len);
        LLVMRemoveStringAttributeAtIndex(f, idx, key, len);
      } else {
        LLVMRemoveEnumAttributeAtIndex(f, idx, LLVMGetEnumAttributeKind(a[k]));
      }
    }
    if (a != buf) free(a);
  }
}

static void restore_props(crl_saved_fn *s) {
  LLVMValueRef f = s->fn;
  unsigned np = LLVMCountParams(f);
  for (unsigned k = 0; k <= np + 1; k++)
    remove_attrs(f, attr_index(k, np));
  for (unsigned k = 0; k < s->nattrs; k++)
    LLVMAddAttributeAtIndex(f, s->attrs[k].idx, s->attrs[k].a);
  LLVMSetFunctionCallConv(f, s->cc);
  LLVMSetLinkage(f, s->linkage);
  LLVMSetVisibility(f, s->vis);
  LLVMSetUnnamedAddress(f, s->unnamed);
  LLVMSetDLLStorageClass(f, s->dll);
  LLVMSetPersonalityFn(f, s->personality);
  LLVMSetAlignment(f, s->align);
  LLVMSetSection(f, s->section ? s->section : "");
  LLVMSetGC(f, s->gc);
}

/* Moves the copy's blocks (the body as it was) back into the function. */
static void restore_body(crl_saved_fn *s) {
  move_blocks(s->copy, s->fn);
  unsigned np = LLVMCountParams(s->fn);
  for (unsigned k = 0; k < np; k++)
    LLVMReplaceAllUsesWith(LLVMGetParam(s->copy, k), LLVMGetParam(s->fn, k));
  for (unsigned j = 0; j < s->nops; j++) {
    op_fix *o = &s->ops[j];
    LLVMSetOperand(o->inst, o->idx, o->orig ? o->orig : LLVMBlockAddress(s->fn, o->block));
  }
  restore_props(s);
  s->restored = 1;
}

static void revert_inits(crl_rollback *rb, unsigned since) {
  while (rb->ninits > since) {
    init_fix *f = &rb->inits[--rb->ninits];
    LLVMSetInitializer(f->g, f->init);
  }
}

static crl_mark base_mark(const crl_rollback *rb) {
  return (crl_mark){rb->last_fn, rb->last_global, 0};
}

static int pick_fn_is(const crl_saved_fn *s, const void *fn) {
  return !s->restored && s->fn == (LLVMValueRef)fn;
}

static int pick_unrestored(const crl_saved_fn *s, const void *unused) {
  (void)unused;
  return !s->restored;
}

static int pick_not_kept(const crl_saved_fn *s, const void *keep) {
  return !s->restored && !crl_valmap_has((const crl_valmap *)keep, s->fn);
}

static void restore_picked(crl_rollback *rb, pick_fn pick, const void *arg) {
  for (unsigned k = 0; k < rb->n; k++)
    if (pick(&rb->fns[k], arg)) restore_body(&rb->fns[k]);
}

void crl_rollback_discard(crl_rollback *rb, LLVMValueRef fn, crl_mark since) {
  drop_bodies(rb, pick_fn_is, fn, &since);
  delete_added(rb, since, 0);
  revert_inits(rb, since.ninits);
}

void crl_rollback_undo_all(crl_rollback *rb) {
  crl_mark base = base_mark(rb);
  drop_bodies(rb, pick_unrestored, NULL, &base);
  delete_added(rb, base, 0);
  restore_picked(rb, pick_unrestored, NULL);
  revert_inits(rb, 0);
}

void crl_rollback_undo_except(crl_rollback *rb, const crl_valmap *keep) {
  drop_bodies(rb, pick_not_kept, keep, NULL);
  restore_picked(rb, pick_not_kept, keep);
  /* Of what lowering added, only what nothing uses now goes. */
  delete_added(rb, base_mark(rb), 1);
}

void crl_rollback_put_back_set(const crl_rollback *rb, const crl_valmap *keep,
                               crl_valmap *out) {
  if (crl_valmap_init(out, rb->n) != 0) return;
  for (unsigned k = 0; k < rb->n; k++)
    if (!crl_valmap_has(keep, rb->fns[k].fn)) crl_valmap_put(out, rb->fns[k].fn, rb->fns[k].fn);
}

void crl_rollback_free(crl_rollback *rb) {
  for (unsigned k = 0; k < rb->n; k++) free_saved(&rb->fns[k]);
  free(rb->fns);
  free(rb->inits);
  crl_valmap_free(&rb->index);
  if (rb->scratch) LLVMDisposeModule(rb->scratch);
  memset(rb, 0, sizeof *rb);
}
