/* The frame's fields and layout, and the choice among the recomputation
 * plans (one level, chains, LLVM's forced rule): each is laid out and the
 * smallest frame kept. */
#include <stdlib.h>
#include <string.h>

#include "frame/frame_plan.h"
#include "irkit/oom.h"
#include "irkit/slots.h"

/* Pinned allocas are named in the report as the input names them. */
static void name_pinned(crl_coro *c, const crl_valmap *slots) {
  for (uint32_t f = 0; f < c->frame.num_fields; f++) {
    crl_frame_field_plan *fd = &c->frame.fields[f];
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
  for (uint32_t f = header; f < c->frame.num_fields; f++)
    if (c->frame.fields[f].owns_name) free((void *)c->frame.fields[f].name);
  c->frame.num_fields = header;
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
  crl_mark_late_defs(c, p);
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
  if (!p->num_cands || c->frame.num_fields > CRL_REMAT_COMPARE_MAX_FIELDS) return 0;
  uint64_t best = c->frame.size;
  remat_state st = {0};
  int rc = save_state(p, &st), laid_out_best = 1;
  if (rc == 0 && p->chains_used) {
    rc = try_plan(c, p, slots, header, CRL_REMAT_ONE_LEVEL);
    if (rc == 0 && c->frame.size <= best) {
      best = c->frame.size;
      free_state(&st);
      rc = save_state(p, &st);
    } else if (rc == 0) {
      laid_out_best = 0;
    }
  }
  if (rc == 0) {
    rc = try_plan(c, p, slots, header, CRL_REMAT_FORCED);
    if (rc == 0 && c->frame.size < best) {
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
  crl_plan *p = c->frame.plan;
  crl_valmap own;
  const crl_valmap *slots = c->slots;
  if (!slots) {
    crl_number_slots(c->fn, &own);
    slots = &own;
  }
  name_pinned(c, slots);
  int rc = choose_remat_plan(c, p, slots, c->frame.num_fields);
  if (slots == &own) crl_valmap_free(&own);
  if (rc != 0) return -1;
  crl_drop_optional_fields(c);
  crl_frame_report_build(c);
  return 0;
}
