#include "cloner/frame_debug.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

#include "irkit/oom.h"

enum { DW_ATE_boolean = 0x02, DW_ATE_float = 0x04, DW_ATE_unsigned = 0x07,
       DW_ATE_unsigned_char = 0x08 };
enum { FLAG_ARTIFICIAL = 1 << 6 };

static LLVMMetadataRef basic(LLVMDIBuilderRef dib, const char *name, uint64_t bits,
                             unsigned enc) {
  return LLVMDIBuilderCreateBasicType(dib, name, strlen(name), bits, enc, 0);
}

/* A member type from the field's IR type, when no variable names it: what
 * a debugger can print usefully (pointers, integers, floating point),
 * bytes otherwise. */
static LLVMMetadataRef ir_member_type(LLVMDIBuilderRef dib, const crl_frame_field_plan *f) {
  uint64_t bits = f->size * 8;
  LLVMTypeKind k = f->type ? LLVMGetTypeKind(f->type) : LLVMVoidTypeKind;
  if (k == LLVMPointerTypeKind)
    return LLVMDIBuilderCreatePointerType(dib, NULL, bits, 0, 0, NULL, 0);
  if (k == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(f->type) == 1 && bits == 8)
    return basic(dib, "bool", 8, DW_ATE_boolean);
  if (k == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(f->type) == bits) {
    char name[24];
    snprintf(name, sizeof name, "__uint%u", (unsigned)bits);
    return basic(dib, name, bits, DW_ATE_unsigned);
  }
  if (k == LLVMFloatTypeKind && bits == 32) return basic(dib, "float", 32, DW_ATE_float);
  if (k == LLVMDoubleTypeKind && bits == 64) return basic(dib, "double", 64, DW_ATE_float);
  LLVMMetadataRef sub = LLVMDIBuilderGetOrCreateSubrange(dib, 0, (int64_t)f->size);
  LLVMMetadataRef byte = basic(dib, "unsigned char", 8, DW_ATE_unsigned_char);
  return LLVMDIBuilderCreateArrayType(dib, bits, 8, byte,
                                      &sub, 1);
}

/* A field's member name when no variable names it. */
static void field_name(const crl_frame_field_plan *f, uint32_t id, char *buf, size_t n) {
  size_t len = 0;
  const char *v = f->value ? LLVMGetValueName2(f->value, &len) : NULL;
  if (f->kind != CRL_FIELD_ALLOCA && f->kind != CRL_FIELD_SPILL && f->name)
    snprintf(buf, n, "%s", f->name);
  else if (v && len)
    snprintf(buf, n, "%.*s", (int)len, v);
  else
    snprintf(buf, n, "__%s_%u", f->kind == CRL_FIELD_SPILL ? "spill" : "field", (unsigned)id);
}

/* The variable each field holds whole (a declare with no expression on
 * it), or NULL: the first such in the ramp's order. */
static LLVMMetadataRef *vars_by_field(crl_coro *c, crl_di *di) {
  LLVMMetadataRef *by = crl_calloc(c->frame.num_fields + 1, sizeof *by);
  if (!by) return NULL;
  for (unsigned k = 0; k < c->frame.num_vars; k++) {
    const crl_frame_var *v = &c->frame.vars[k];
    if (v->field < c->frame.num_fields && !by[v->field] &&
        crl_di_expr_is_empty(di->dib, v->expr))
      by[v->field] = v->var;
  }
  return by;
}

static LLVMMetadataRef member(crl_coro *c, crl_di *di, uint32_t id, LLVMMetadataRef var,
                              LLVMMetadataRef file) {
  const crl_frame_field_plan *f = &c->frame.fields[id];
  char buf[128];
  const char *name = buf;
  unsigned len = 0;
  LLVMMetadataRef ty = var ? crl_di_var_type(di, var) : NULL;
  uint64_t tbits = ty ? LLVMDITypeGetSizeInBits(ty) : 0;
  /* A variable's own type when it fills the field (a typedef reports no
   * size of its own). */
  if (!ty || (tbits && tbits != f->size * 8)) ty = NULL, var = NULL;
  if (var) name = crl_di_var_name(di, var, &len);
  else field_name(f, id, buf, sizeof buf), len = (unsigned)strlen(buf);
  if (!ty) ty = ir_member_type(di->dib, f);
  return LLVMDIBuilderCreateMemberType(di->dib, file, name, len, file, 0,
                                       f->size * 8, 0, f->offset * 8, 0, ty);
}

/* The pointer-to-frame type, made once per coroutine. */
static LLVMMetadataRef frame_type(crl_coro *c, crl_di *di, LLVMMetadataRef file) {
  if (c->frame.di_type) return c->frame.di_type;
  LLVMMetadataRef *by = vars_by_field(c, di);
  LLVMMetadataRef *mem = crl_calloc(c->frame.num_fields + 1, sizeof *mem);
  unsigned n = 0;
  for (uint32_t k = 0; by && mem && k < c->frame.num_fields; k++) {
    const crl_frame_field_plan *f = &c->frame.fields[k];
    if (f->dropped || f->region || f->kind == CRL_FIELD_REALIGNED || !f->size) continue;
    mem[n++] = member(c, di, k, by[k], file);
  }
  if (by && mem) {
    size_t len;
    const char *fn = LLVMGetValueName2(c->fn, &len);
    char *name = crl_malloc(len + sizeof ".coro_frame_ty");
    if (name) {
      memcpy(name, fn, len);
      memcpy(name + len, ".coro_frame_ty", sizeof ".coro_frame_ty");
      LLVMMetadataRef st = LLVMDIBuilderCreateStructType(
          di->dib, file, name, strlen(name), file, 0, c->frame.size * 8,
          c->frame.align * 8, 0, NULL, mem, n, 0, NULL, NULL, 0);
      c->frame.di_type = LLVMDIBuilderCreatePointerType(
          di->dib, st, LLVMPointerSize(c->td) * 8, 0, 0, NULL, 0);
      free(name);
    }
  }
  free(by);
  free(mem);
  return c->frame.di_type;
}

void crl_declare_coro_frame(crl_coro *c, crl_di *di, LLVMValueRef slot, LLVMValueRef before) {
  if (!di->sp) return;
  LLVMMetadataRef file = LLVMDIScopeGetFile(di->sp);
  LLVMMetadataRef ty = frame_type(c, di, file);
  if (!ty) return;
  unsigned line = LLVMDISubprogramGetLine(di->sp);
  static const char name[] = "__coro_frame";
  LLVMMetadataRef var = LLVMDIBuilderCreateAutoVariable(
      di->dib, di->sp, name, sizeof name - 1, file, line, ty, 1, (LLVMDIFlags)FLAG_ARTIFICIAL, 0);
  LLVMMetadataRef loc = LLVMDIBuilderCreateDebugLocation(c->ctx, line, 0, di->sp, NULL);
  LLVMDIBuilderInsertDeclareRecordBefore(di->dib, slot, var,
                                         LLVMDIBuilderCreateExpression(di->dib, NULL, 0),
                                         loc, before);
}
