#include "cloner/clone.h"

#include <stdlib.h>
#include <string.h>

#include "cloner/debug_info.h"
#include "cloner/records.h"
#include "irkit/oom.h"
#include "irkit/vec.h"

static int is_local(LLVMValueRef v) {
  return LLVMIsAInstruction(v) || LLVMIsAArgument(v) ||
         LLVMValueIsBasicBlock(v);
}

static LLVMValueRef map_value(LLVMValueRef v, crl_clone_opts *o,
                              LLVMValueRef user) {
  if (!v) return v;
  LLVMValueRef key = LLVMValueIsBasicBlock(v) ? (LLVMValueRef)LLVMValueAsBasicBlock(v) : v;
  LLVMValueRef m = crl_valmap_get(o->map, key);
  if (m) return LLVMValueIsBasicBlock(v) ? LLVMBasicBlockAsValue((LLVMBasicBlockRef)m) : m;
  if (!is_local(v)) return v;
  LLVMValueRef r = o->missing ? o->missing(v, o->missing_ctx) : NULL;
  if (r) {
    crl_valmap_put(o->map, key, LLVMValueIsBasicBlock(v) ? (void *)LLVMValueAsBasicBlock(r) : (void *)r);
    return r;
  }
  if (!o->bad_operand) {
    o->bad_operand = v;
    o->bad_user = user;
  }
  return NULL;
}

static char *name_of(LLVMValueRef v, size_t *len) {
  const char *n = LLVMGetValueName2(v, len);
  return (char *)n;
}

/* One call of crl_clone_blocks: the instructions copied, in order, with
 * their copies, and the source blocks cloned and cut short. */
typedef struct clone_run {
  crl_clone_opts *o;
  crl_vec srcs, dsts;
  crl_valmap cut; /* source blocks whose clone was cut short */
  crl_valmap in;  /* source blocks being cloned: `missing` may map others */
  int has_dbg;
  unsigned assign_id; /* the !DIAssignID kind: copies carry none (records.h) */
} clone_run;

/* Copies the instructions of block src into dst (phis empty for now),
 * up to the one o->stop_after stops at. 0, or -1 out of memory. */
static int copy_block(clone_run *cr, LLVMBuilderRef b, LLVMBasicBlockRef src,
                      LLVMBasicBlockRef dst) {
  crl_clone_opts *o = cr->o;
  LLVMPositionBuilderAtEnd(b, dst);
  for (LLVMValueRef i = LLVMGetFirstInstruction(src); i; i = LLVMGetNextInstruction(i)) {
    size_t len;
    const char *nm = name_of(i, &len);
    LLVMValueRef c;
    if (LLVMIsAPHINode(i) && crl_valmap_get(o->map, i)) continue;
    if (LLVMIsAPHINode(i)) {
      c = LLVMBuildPhi(b, LLVMTypeOf(i), "");
    } else {
      c = LLVMInstructionClone(i);
      LLVMInsertIntoBuilderWithName(b, c, "");
      crl_drop_assign_id(c, cr->assign_id);
    }
    if (len) LLVMSetValueName2(c, nm, len);
    if (LLVMGetFirstDbgRecord(i)) cr->has_dbg = 1;
    if (crl_valmap_put(o->map, i, c) != 0 || crl_vec_push(&cr->srcs, i) != 0 ||
        crl_vec_push(&cr->dsts, c) != 0)
      return -1;
    if (o->stop_after && o->stop_after(i, o->stop_ctx)) {
      LLVMPositionBuilderAtEnd(b, dst);
      LLVMBuildUnreachable(b);
      return crl_valmap_put(&cr->cut, src, src);
    }
  }
  return 0;
}

/* Points copy c of instruction s at the copies of its operands; a phi
 * gets the incoming values of the cloned blocks that reach it. */
static int remap(const clone_run *cr, LLVMValueRef s, LLVMValueRef c) {
  crl_clone_opts *o = cr->o;
  if (LLVMIsAPHINode(s)) {
    unsigned ni = LLVMCountIncoming(s);
    for (unsigned e = 0; e < ni; e++) {
      LLVMBasicBlockRef ib = LLVMGetIncomingBlock(s, e);
      LLVMBasicBlockRef mb = crl_valmap_get(o->map, ib);
      if (!mb || !crl_valmap_has(&cr->in, ib) || crl_valmap_has(&cr->cut, ib)) continue;
      LLVMValueRef v = map_value(LLVMGetIncomingValue(s, e), o, s);
      if (!v) return -1;
      LLVMAddIncoming(c, &v, &mb, 1);
    }
    return 0;
  }
  unsigned nops = (unsigned)LLVMGetNumOperands(c);
  for (unsigned j = 0; j < nops; j++) {
    LLVMValueRef op = LLVMGetOperand(c, j);
    if (!op || !is_local(op)) continue;
    LLVMValueRef mv = map_value(op, o, s);
    if (!mv) return -1;
    if (mv != op) LLVMSetOperand(c, j, mv);
  }
  return 0;
}

static void clone_debug(const clone_run *cr, LLVMModuleRef m) {
  crl_clone_opts *o = cr->o;
  int own = !(o->di && o->di->dib);
  LLVMDIBuilderRef dib = own ? LLVMCreateDIBuilderDisallowUnresolved(m) : o->di->dib;
  for (unsigned k = 0; k < cr->srcs.n; k++)
    if (LLVMGetFirstDbgRecord(cr->srcs.v[k]))
      crl_clone_records(dib, cr->srcs.v[k], cr->dsts.v[k], o->map, o->di);
  if (own) LLVMDisposeDIBuilder(dib);
}

int crl_clone_blocks(LLVMValueRef src, LLVMValueRef dst,
                     LLVMBasicBlockRef *blocks, unsigned n, crl_clone_opts *o) {
  LLVMModuleRef m = LLVMGetGlobalParent(dst);
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  (void)src;
  clone_run cr = {o, {0}, {0}, {0}, {0}, 0,
                  LLVMGetMDKindIDInContext(ctx, "DIAssignID", 10)};
  LLVMBasicBlockRef *nb = crl_malloc((n ? n : 1) * sizeof *nb);
  int cut_ok = crl_valmap_init(&cr.cut, 4) == 0, in_ok = crl_valmap_init(&cr.in, n) == 0;
  int rc = nb && cut_ok && in_ok ? 0 : -1;
  for (unsigned k = 0; k < n && rc == 0; k++) {
    const char *nm = LLVMGetBasicBlockName(blocks[k]);
    nb[k] = LLVMAppendBasicBlockInContext(ctx, dst, nm ? nm : "");
    rc = crl_valmap_put(o->map, blocks[k], nb[k]);
  }
  for (unsigned k = 0; k < n && rc == 0; k++) rc = crl_valmap_put(&cr.in, blocks[k], blocks[k]);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  for (unsigned k = 0; k < n && rc == 0; k++) rc = copy_block(&cr, b, blocks[k], nb[k]);
  LLVMDisposeBuilder(b);
  /* Out of memory: the map may lack a pair, so no operand is remapped; the
   * caller drops the half-made clone. */
  if (rc != 0) crl_oom_note();
  for (unsigned k = 0; k < cr.srcs.n && rc == 0; k++) rc = remap(&cr, cr.srcs.v[k], cr.dsts.v[k]);
  if (rc == 0 && cr.has_dbg) clone_debug(&cr, m);
  crl_vec_free(&cr.srcs);
  crl_vec_free(&cr.dsts);
  if (cut_ok) crl_valmap_free(&cr.cut);
  if (in_ok) crl_valmap_free(&cr.in);
  free(nb);
  return rc;
}

static int skipped(unsigned kind, const unsigned *skip) {
  for (; skip && *skip; skip++)
    if (*skip == kind) return 1;
  return 0;
}

void crl_copy_fn_attrs(LLVMValueRef src, LLVMValueRef dst,
                       const unsigned *skip_kinds) {
  unsigned n = LLVMGetAttributeCountAtIndex(src, LLVMAttributeFunctionIndex);
  if (n) {
    LLVMAttributeRef *a = crl_malloc(n * sizeof *a);
    if (!a) {
      crl_oom_note();
      return;
    }
    LLVMGetAttributesAtIndex(src, LLVMAttributeFunctionIndex, a);
    for (unsigned k = 0; k < n; k++) {
      if (LLVMIsEnumAttribute(a[k]) &&
          skipped(LLVMGetEnumAttributeKind(a[k]), skip_kinds))
        continue;
      LLVMAddAttributeAtIndex(dst, LLVMAttributeFunctionIndex, a[k]);
    }
    free(a);
  }
  if (LLVMHasPersonalityFn(src))
    LLVMSetPersonalityFn(dst, LLVMGetPersonalityFn(src));
  const char *sec = LLVMGetSection(src);
  if (sec && *sec) LLVMSetSection(dst, sec);
  const char *gc = LLVMGetGC(src);
  if (gc) LLVMSetGC(dst, gc);
  if (LLVMGetAlignment(src)) LLVMSetAlignment(dst, LLVMGetAlignment(src));
}
