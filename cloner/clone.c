#include "cloner/clone.h"

#include <stdlib.h>
#include <string.h>

#include "cloner/debug_info.h"
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

/* Debug records are not copied by LLVMInstructionClone; rebuild the
 * variable records (values, variables and locations remapped) in front of
 * the clone. A declare whose address is gone (an alloca now in the frame,
 * declared at the clone's entry instead) is dropped. */
static void clone_debug_records(LLVMDIBuilderRef dib, LLVMValueRef src_inst,
                                LLVMValueRef dst_inst, crl_clone_opts *o) {
  for (LLVMDbgRecordRef r = LLVMGetFirstDbgRecord(src_inst); r;
       r = LLVMGetNextDbgRecord(r)) {
    LLVMDbgRecordKind k = LLVMDbgRecordGetKind(r);
    if (k != LLVMDbgRecordValue && k != LLVMDbgRecordDeclare) continue;
    LLVMValueRef v = LLVMDbgVariableRecordGetValue(r, 0);
    if (!v) continue;
    LLVMValueRef key = v;
    LLVMValueRef m = is_local(v) ? crl_valmap_get(o->map, key) : v;
    if (k == LLVMDbgRecordDeclare && (!m || LLVMIsUndef(m) || LLVMIsPoison(m)))
      continue;
    if (!m) m = LLVMGetPoison(LLVMTypeOf(v));
    LLVMMetadataRef var = LLVMDbgVariableRecordGetVariable(r);
    LLVMMetadataRef expr = LLVMDbgVariableRecordGetExpression(r);
    LLVMMetadataRef loc = LLVMDbgRecordGetDebugLoc(r);
    if (o->di) {
      var = crl_di_var(o->di, var);
      loc = crl_di_loc(o->di, loc);
    }
    if (!var || !expr || !loc) continue;
    if (k == LLVMDbgRecordValue)
      LLVMDIBuilderInsertDbgValueRecordBefore(dib, m, var, expr, loc, dst_inst);
    else if (LLVMGetTypeKind(LLVMTypeOf(m)) == LLVMPointerTypeKind)
      LLVMDIBuilderInsertDeclareRecordBefore(dib, m, var, expr, loc, dst_inst);
  }
}

int crl_clone_blocks(LLVMValueRef src, LLVMValueRef dst,
                     LLVMBasicBlockRef *blocks, unsigned n, crl_clone_opts *o) {
  LLVMModuleRef m = LLVMGetGlobalParent(dst);
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  (void)src;
  LLVMBasicBlockRef *nb = crl_malloc((n ? n : 1) * sizeof *nb);
  if (!nb) {
    LLVMDisposeBuilder(b);
    crl_oom_note();
    return -1;
  }
  int rc = 0;
  for (unsigned k = 0; k < n && rc == 0; k++) {
    const char *nm = LLVMGetBasicBlockName(blocks[k]);
    nb[k] = LLVMAppendBasicBlockInContext(ctx, dst, nm ? nm : "");
    rc = crl_valmap_put(o->map, blocks[k], nb[k]);
  }
  crl_vec srcs = {0}, dsts = {0};
  crl_valmap cut; /* source blocks whose clone was cut short */
  crl_valmap in;  /* source blocks being cloned: `missing` may map others */
  int cut_ok = crl_valmap_init(&cut, 4) == 0, in_ok = crl_valmap_init(&in, n) == 0;
  if (!cut_ok || !in_ok) rc = -1;
  for (unsigned k = 0; k < n && rc == 0; k++) rc = crl_valmap_put(&in, blocks[k], blocks[k]);
  int has_dbg = 0;
  for (unsigned k = 0; k < n && rc == 0; k++) {
    LLVMPositionBuilderAtEnd(b, nb[k]);
    for (LLVMValueRef i = LLVMGetFirstInstruction(blocks[k]); i && rc == 0;
         i = LLVMGetNextInstruction(i)) {
      size_t len;
      const char *nm = name_of(i, &len);
      LLVMValueRef c;
      if (LLVMIsAPHINode(i) && crl_valmap_get(o->map, i)) continue;
      if (LLVMIsAPHINode(i)) {
        c = LLVMBuildPhi(b, LLVMTypeOf(i), "");
      } else {
        c = LLVMInstructionClone(i);
        LLVMInsertIntoBuilderWithName(b, c, "");
      }
      if (len) LLVMSetValueName2(c, nm, len);
      if (LLVMGetFirstDbgRecord(i)) has_dbg = 1;
      if (crl_valmap_put(o->map, i, c) != 0 || crl_vec_push(&srcs, i) != 0 ||
          crl_vec_push(&dsts, c) != 0) {
        rc = -1;
        break;
      }
      if (o->stop_after && o->stop_after(i, o->stop_ctx)) {
        LLVMPositionBuilderAtEnd(b, nb[k]);
        LLVMBuildUnreachable(b);
        rc = crl_valmap_put(&cut, blocks[k], blocks[k]);
        break;
      }
    }
  }
  /* Out of memory: the map may lack a pair, so no operand is remapped; the
   * caller drops the half-made clone. */
  if (rc != 0) crl_oom_note();
  for (unsigned k = 0; k < srcs.n && rc == 0; k++) {
    LLVMValueRef s = srcs.v[k], c = dsts.v[k];
    if (LLVMIsAPHINode(s)) {
      unsigned ni = LLVMCountIncoming(s);
      for (unsigned e = 0; e < ni; e++) {
        LLVMBasicBlockRef ib = LLVMGetIncomingBlock(s, e);
        LLVMBasicBlockRef mb = crl_valmap_get(o->map, ib);
        if (!mb || !crl_valmap_has(&in, ib) || crl_valmap_has(&cut, ib)) continue;
        LLVMValueRef v = map_value(LLVMGetIncomingValue(s, e), o, s);
        if (!v) { rc = -1; break; }
        LLVMAddIncoming(c, &v, &mb, 1);
      }
      continue;
    }
    unsigned nops = (unsigned)LLVMGetNumOperands(c);
    for (unsigned j = 0; j < nops; j++) {
      LLVMValueRef op = LLVMGetOperand(c, j);
      if (!op || !is_local(op)) continue;
      LLVMValueRef mv = map_value(op, o, s);
      if (!mv) { rc = -1; break; }
      if (mv != op) LLVMSetOperand(c, j, mv);
    }
  }
  if (rc == 0 && has_dbg) {
    int own = !(o->di && o->di->dib);
    LLVMDIBuilderRef dib = own ? LLVMCreateDIBuilderDisallowUnresolved(m) : o->di->dib;
    for (unsigned k = 0; k < srcs.n; k++)
      if (LLVMGetFirstDbgRecord(srcs.v[k]))
        clone_debug_records(dib, srcs.v[k], dsts.v[k], o);
    if (own) LLVMDisposeDIBuilder(dib);
  }
  crl_vec_free(&srcs);
  crl_vec_free(&dsts);
  if (cut_ok) crl_valmap_free(&cut);
  if (in_ok) crl_valmap_free(&in);
  free(nb);
  LLVMDisposeBuilder(b);
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
