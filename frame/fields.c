/* Frame fields: the table every part of the plan adds to (the ABI's
 * header, pinned allocas, the planner's allocas and spills, the realigned
 * region), and the planner's own fields for what crosses a suspend. */
#include <stdio.h>
#include <string.h>

#include "frame/frame.h"
#include "frame/frame_plan.h"
#include "irkit/keysort.h"
#include "core/layout.h"
#include "irkit/oom.h"

uint32_t crl_add_field(crl_coro *c, crl_field_kind k, const char *name,
                       LLVMValueRef v, LLVMTypeRef t, uint64_t size,
                       uint32_t align, uint64_t fixed_offset) {
  if (c->frame.num_fields == c->frame.cap_fields) {
    uint32_t cap = c->frame.cap_fields ? 2 * c->frame.cap_fields : 16;
    crl_frame_field_plan *fs = crl_realloc(c->frame.fields, cap * sizeof *fs);
    if (!fs) return UINT32_MAX; /* noted by crl_realloc */
    c->frame.fields = fs;
    c->frame.cap_fields = cap;
  }
  crl_frame_field_plan *f = &c->frame.fields[c->frame.num_fields];
  memset(f, 0, sizeof *f);
  f->kind = k;
  f->name = name;
  f->value = v;
  f->type = t;
  f->size = size;
  f->align = align ? align : 1;
  f->fixed_offset = fixed_offset;
  return c->frame.num_fields++;
}

uint32_t crl_pin_alloca(crl_coro *c, crl_field_kind k, const char *name,
                        LLVMValueRef alloca, LLVMTypeRef t, uint64_t size,
                        uint32_t align, uint64_t fixed_offset) {
  uint32_t f = crl_add_field(c, k, name, alloca, t, size, align, fixed_offset);
  if (f != UINT32_MAX) c->frame.fields[f].pinned = 1;
  return f;
}

/* A swifterror argument of the coroutine, or a value the ABI listed. */
static int unstorable(const crl_coro *c, LLVMValueRef v) {
  if (LLVMIsAArgument(v)) return crl_arg_swifterror(v);
  return crl_valmap_has(&c->unstorable, v);
}

/* Where a diagnostic about a value points (the value may be one the
 * lowering made, or an argument). */
static LLVMValueRef first_user(LLVMValueRef v) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u))
    if (LLVMIsAInstruction(LLVMGetUser(u))) return LLVMGetUser(u);
  return NULL;
}

static uint32_t *cands_by_lo(crl_plan *p) {
  uint32_t *ord = crl_malloc((p->num_cands + 1) * sizeof *ord);
  crl_keyed *kv = crl_malloc((p->num_cands + 1) * sizeof *kv);
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

int crl_plan_fields(crl_coro *c, crl_plan *p, const crl_valmap *slots) {
  uint32_t n = c->num_susp;
  unsigned guarantee = c->frame.align_guarantee;
  uint32_t *ord = cands_by_lo(p);
  if (!ord) return -1;
  for (uint32_t oi = 0; oi < p->num_cands; oi++) {
    uint32_t i = ord[oi];
    crl_cand *cd = &p->cands[i];
    const crl_bitset *row = &p->cross.across[i];
    uint32_t first = crl_bitset_next(row, 0);
    if (first >= n || cd->remat) continue;
    LLVMTypeRef t = cd->is_alloca ? crl_memory_type(cd->value) : LLVMTypeOf(cd->value);
    if (!cd->is_alloca && cd->narrow) t = LLVMIntTypeInContext(c->ctx, cd->narrow);
    uint64_t size = LLVMABISizeOfType(c->td, t);
    uint32_t align = LLVMABIAlignmentOfType(c->td, t);
    if (cd->is_alloca) {
      if (LLVMIsAArgument(cd->value) &&
          crl_arg_memory(c->fn, crl_arg_index(cd->value)) != CRL_ARG_BYVAL) {
        char *nm = crl_slot_name(slots, cd->value);
        /* Named at one of its uses: the argument itself is no instruction. */
        CRL_ERR(c, first_user(cd->value),
                "argument %s is %s memory used after a suspend: it belongs to the "
                "caller's call sequence and is gone once the ramp returns, and "
                "copying it could move an object whose address matters (not "
                "supported; LLVM keeps only its address and reads freed stack)",
                nm ? nm : "?",
                crl_arg_memory(c->fn, crl_arg_index(cd->value)) == CRL_ARG_INALLOCA
                    ? "inalloca" : "preallocated");
        free(nm);
        free(ord);
        return -1;
      }
      if (crl_memory_size(c, cd->value, &size) != 0) {
        CRL_ERR(c, cd->value, "a dynamically sized alloca lives across a suspend");
        free(ord);
        return -1;
      }
      align = crl_memory_align(c, cd->value);
    } else if (unstorable(c, cd->value)) {
      char *nm = crl_slot_name(slots, cd->value);
      LLVMValueRef at = first_user(cd->value);
      CRL_ERR(c, at ? at : cd->value,
              "the swifterror value %s is used after a later suspend: it is valid "
              "only until the coroutine suspends again, and no frame may hold it "
              "(load what it points to before that suspend instead)",
              nm ? nm : "?");
      free(nm);
      free(ord);
      return -1;
    } else if (align > guarantee) {
      /* A spill needs no more than the allocation gives: its loads and
       * stores carry the field's alignment. */
      align = guarantee;
    }
    char *name = crl_slot_name(slots, cd->value);
    cd->field = crl_add_field(c, cd->is_alloca ? CRL_FIELD_ALLOCA : CRL_FIELD_SPILL,
                              name, cd->value, t, size, align, CRL_LAYOUT_FREE);
    if (cd->field == UINT32_MAX) {
      free(name); /* the field that would have owned it was not made */
      free(ord);
      CRL_ERR(c, cd->value, "out of memory planning the frame");
      return -1;
    }
    c->frame.fields[cd->field].owns_name = 1;
    /* Above what the allocation guarantees: realigned at run time, in the
     * region layout (interference.c) builds for all such allocas. */
    if (cd->is_alloca && align > guarantee) c->frame.fields[cd->field].realign = align;
    if (cd->is_alloca) crl_valmap_put_id(&c->frame.field_of, cd->value, cd->field);
  }
  free(ord);
  return 0;
}
