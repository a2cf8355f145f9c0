/* The frame report: each coroutine's fields with their offsets, sizes
 * and the IR values they hold, named as the input names them. */
#include <stdio.h>
#include <string.h>

#include "frame/frame_plan.h"
#include "irkit/keysort.h"
#include "irkit/oom.h"

/* Names as LLVM prints them (%name, or %N by slot), computed in one pass:
 * asking LLVM to print each value rebuilds its slot table every time,
 * which is quadratic in the size of the function. */
char *crl_slot_name(const crl_valmap *slots, LLVMValueRef v) {
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

/* "<type> %name" ("<type> %name as iN" in a narrow slot), or
 * "alloca <type>, align N" for allocas. */
static char *value_desc(crl_coro *c, const char *name, LLVMValueRef v,
                        const crl_frame_field_plan *f) {
  LLVMTypeRef mt = LLVMIsAArgument(v) ? crl_memory_type(v) : NULL;
  char *ty = LLVMPrintTypeToString(LLVMIsAAllocaInst(v) ? LLVMGetAllocatedType(v)
                                   : mt ? mt : LLVMTypeOf(v));
  /* A named struct prints as its definition; the report wants its name. */
  char *def = ty[0] == '%' ? strstr(ty, " = type ") : NULL;
  if (def) *def = 0;
  if (!name) name = "?"; /* its allocation failed: noted, refused later */
  size_t n = strlen(ty) + strlen(name) + 48;
  char *s = crl_malloc(n);
  if (!s) {
    LLVMDisposeMessage(ty);
    return NULL;
  }
  if (LLVMIsAAllocaInst(v))
    snprintf(s, n, "%s = alloca %s, align %u", name, ty, LLVMGetAlignment(v));
  else if (mt)
    snprintf(s, n, "ptr byval(%s) %s", ty, name);
  else if (f->kind == CRL_FIELD_SPILL && f->type && f->type != LLVMTypeOf(v) &&
           LLVMGetTypeKind(f->type) == LLVMIntegerTypeKind)
    snprintf(s, n, "%s %s as i%u", ty, name, LLVMGetIntTypeWidth(f->type));
  else
    snprintf(s, n, "%s %s", ty, name);
  LLVMDisposeMessage(ty);
  (void)c;
  return s;
}

void crl_frame_report_build(crl_coro *c) {
  if (c->opts && c->opts->skip_frame_report) return;
  crl_frame_report *rep = crl_report_begin(c->res, c->fn, c->shape->abi);
  if (!rep) return;
  rep->size = c->frame.size;
  rep->align = c->frame.align;
  rep->num_suspends = c->num_susp;
  /* Fields in offset order (field id on ties) so reports read top-down; a
   * realigned region comes before the allocas it holds. */
  uint32_t nf = c->frame.num_fields;
  uint32_t *ord = crl_malloc((nf + 1) * sizeof *ord);
  crl_keyed *kv = crl_malloc((nf + 1) * sizeof *kv);
  if (!ord || !kv) {
    free(ord);
    free(kv);
    return;
  }
  for (uint32_t f = 0; f < nf; f++)
    kv[f] = (crl_keyed){2 * c->frame.fields[f].offset + !!c->frame.fields[f].region, f};
  crl_keyed_sort(kv, nf, ord);
  free(kv);
  for (uint32_t i = 0; i < nf; i++) {
    const crl_frame_field_plan *f = &c->frame.fields[ord[i]];
    if (f->dropped) continue;
    char *desc = f->value ? value_desc(c, f->name, f->value, f) : NULL;
    crl_report_field(rep, f->name, f->kind, f->offset, f->size, f->align, desc,
                     f->in_slack);
    free(desc);
  }
  free(ord);
  c->frame.report = rep;
}
