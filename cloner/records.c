#include "cloner/records.h"

#include <stdlib.h>
#include <string.h>

#include "cloner/debug_info.h"

enum { DW_OP_LLVM_fragment = 0x1000 };

static int is_local(LLVMValueRef v) {
  return LLVMIsAInstruction(v) || LLVMIsAArgument(v) ||
         LLVMValueIsBasicBlock(v);
}

void crl_drop_assign_id(LLVMValueRef copy, unsigned assign_id) {
  if (LLVMGetMetadata(copy, assign_id)) LLVMSetMetadata(copy, assign_id, NULL);
}

/* The unsigned after "NAME, " at p, or 0. */
static uint64_t number_after(const char *p, size_t name_len) {
  p += name_len;
  if (strncmp(p, ", ", 2) != 0) return 0;
  return strtoull(p + 2, NULL, 10);
}

/* LLVM-C cannot read an expression's operations: they are read from its
 * printed form ("!DIExpression(DW_OP_LLVM_arg, 1, ...)"), which for a
 * metadata node alone numbers nothing and so costs its own length. */
unsigned crl_expr_locations(LLVMContextRef ctx, LLVMMetadataRef expr,
                            uint64_t *frag_offset, uint64_t *frag_bits) {
  static const char arg[] = "DW_OP_LLVM_arg", frag[] = "DW_OP_LLVM_fragment";
  *frag_offset = *frag_bits = 0;
  char *t = LLVMPrintValueToString(LLVMMetadataAsValue(ctx, expr));
  if (!t) return 0;
  unsigned n = 0;
  for (const char *p = strstr(t, "DW_OP_LLVM_"); p; p = strstr(p + 1, "DW_OP_LLVM_")) {
    if (strncmp(p, arg, sizeof arg - 1) == 0 && p[sizeof arg - 1] == ',') {
      uint64_t k = number_after(p, sizeof arg - 1);
      if (k + 1 > n) n = (unsigned)(k + 1);
    } else if (strncmp(p, frag, sizeof frag - 1) == 0 && p[sizeof frag - 1] == ',') {
      const char *q = p + sizeof frag - 1;
      *frag_offset = number_after(p, sizeof frag - 1);
      q = strchr(q + 2, ',');
      *frag_bits = q ? strtoull(q + 2, NULL, 10) : 0;
    }
  }
  LLVMDisposeMessage(t);
  return n;
}

/* The expression that ends a variable's (fragment's) location. */
static LLVMMetadataRef kill_expr(LLVMDIBuilderRef dib, uint64_t off, uint64_t bits) {
  uint64_t ops[3] = {DW_OP_LLVM_fragment, off, bits};
  return LLVMDIBuilderCreateExpression(dib, ops, bits ? 3 : 0);
}

/* The record's value in the copy: poison for a local value the copy does
 * not have, NULL for a declare of one. `*expr` becomes a kill when the
 * record reads several locations. */
static LLVMValueRef record_value(LLVMDIBuilderRef dib, LLVMDbgRecordRef r,
                                 const crl_valmap *map, LLVMMetadataRef *expr) {
  LLVMDbgRecordKind k = LLVMDbgRecordGetKind(r);
  LLVMValueRef v = LLVMDbgVariableRecordGetValue(r, 0);
  if (!v) return NULL;
  LLVMValueRef m = is_local(v) ? crl_valmap_get(map, v) : v;
  if (k == LLVMDbgRecordDeclare)
    return !m || LLVMIsUndef(m) || LLVMIsPoison(m) ||
                   LLVMGetTypeKind(LLVMTypeOf(m)) != LLVMPointerTypeKind
               ? NULL
               : m;
  if (!crl_di_expr_is_empty(dib, *expr)) {
    uint64_t off, bits;
    LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(v));
    if (crl_expr_locations(ctx, *expr, &off, &bits) > 1) {
      *expr = kill_expr(dib, off, bits);
      return LLVMGetPoison(LLVMTypeOf(v));
    }
  }
  return m ? m : LLVMGetPoison(LLVMTypeOf(v));
}

void crl_clone_records(LLVMDIBuilderRef dib, LLVMValueRef src_inst,
                       LLVMValueRef dst_inst, const crl_valmap *map,
                       struct crl_di *di) {
  for (LLVMDbgRecordRef r = LLVMGetFirstDbgRecord(src_inst); r;
       r = LLVMGetNextDbgRecord(r)) {
    LLVMDbgRecordKind k = LLVMDbgRecordGetKind(r);
    /* A label record: LLVM-C cannot read its label. */
    if (k == LLVMDbgRecordLabel) continue;
    LLVMMetadataRef var = LLVMDbgVariableRecordGetVariable(r);
    LLVMMetadataRef expr = LLVMDbgVariableRecordGetExpression(r);
    LLVMMetadataRef loc = LLVMDbgRecordGetDebugLoc(r);
    if (!var || !expr || !loc) continue;
    LLVMValueRef m = record_value(dib, r, map, &expr);
    if (!m) continue;
    if (di) {
      var = crl_di_var(di, var);
      loc = crl_di_loc(di, loc);
    }
    if (!var || !loc) continue;
    if (k == LLVMDbgRecordDeclare)
      LLVMDIBuilderInsertDeclareRecordBefore(dib, m, var, expr, loc, dst_inst);
    else
      LLVMDIBuilderInsertDbgValueRecordBefore(dib, m, var, expr, loc, dst_inst);
  }
}
