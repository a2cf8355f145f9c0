/* Which frame fields may share storage, and the layout that uses it:
 * interference rows built from live-range hulls a word at a time, refined
 * for spills stored at suspend points and for large allocas' exact
 * lifetimes, then handed to core/'s layout engine. */
#include <stdlib.h>
#include <string.h>

#include "core/layout.h"
#include "irkit/oom.h"
#include "frame/alloca_lifetime.h"
#include "frame/frame_plan.h"
#include "irkit/keysort.h"

typedef struct interf_ctx {
  crl_coro *c;
  crl_plan *p;
  uint32_t *cand_of_field; /* field -> candidate or UINT32_MAX */
} interf_ctx;

/* Does a & b hold a common bit among the first n? Scanned from the top:
 * values that stay live to the end share the last suspends. */
static int common_below(const crl_bitset *a, const crl_bitset *b, uint32_t n) {
  uint32_t nw = (n + 63) / 64;
  for (uint32_t w = nw; w-- > 0;) {
    uint64_t m = a->words[w] & b->words[w];
    if (w == nw - 1 && (n & 63)) m &= (1ULL << (n & 63)) - 1;
    if (m) return 1;
  }
  return 0;
}

/* Like common_below, but a's bits [n, 2n) (store points) against b's
 * [0, n) (suspends crossed). */
static int stored_while_live(const crl_bitset *a, const crl_bitset *b, uint32_t n) {
  for (uint32_t s = crl_bitset_next(a, n); s < 2 * n; s = crl_bitset_next(a, s + 1))
    if (crl_bitset_test(b, s - n)) return 1;
  return 0;
}

static int interferes(uint32_t i, uint32_t j, void *vctx) {
  interf_ctx *x = vctx;
  uint32_t ci = x->cand_of_field[i], cj = x->cand_of_field[j];
  if (ci == UINT32_MAX || cj == UINT32_MAX) return 1;
  const crl_cand *a = &x->p->cands[ci], *b = &x->p->cands[cj];
  /* Disjoint live ranges never interfere (the hull is a superset). */
  if (a->hi < b->lo || b->hi < a->lo) return 0;
  /* Allocas are used in place for their whole life: overlapping ranges
   * interfere. So do values stored right after their definition. */
  if (a->is_alloca && b->is_alloca && crl_alloca_lifetimes_disjoint(x->p, a, b))
    return 0;
  if (a->is_alloca || b->is_alloca) return 1;
  if (a->store_after_def || b->store_after_def) return 1;
  const crl_crossing *cr = &x->p->cross;
  uint32_t n = x->c->num_susp;
  const crl_bitset *ra = &cr->across[ci], *rb = &cr->across[cj];
  /* Spill slots are occupied from a store point to the resume: they clash
   * when crossing one suspend, or when one is stored while the other is live. */
  return common_below(ra, rb, n) || stored_while_live(ra, rb, n) ||
         stored_while_live(rb, ra, n);
}

static void set_range(uint64_t *w, uint32_t a, uint32_t b) {
  for (; a < b && (a & 63); a++) w[a >> 6] |= 1ULL << (a & 63);
  for (; a + 64 <= b; a += 64) w[a >> 6] = ~0ULL;
  for (; a < b; a++) w[a >> 6] |= 1ULL << (a & 63);
}

/* Spills stored at suspend points (ssa) share a slot unless live
 * together: their pairs among the overlapping hulls are checked one by
 * one. */
static void share_ssa_slots(crl_bitset *rows, const uint32_t *cf, uint32_t ncf,
                            const uint64_t *ssa, uint32_t W, interf_ctx *x) {
  for (uint32_t k = 0; k < ncf; k++) {
    uint32_t f = cf[k];
    if (!(ssa[f >> 6] >> (f & 63) & 1)) continue;
    uint64_t *row = rows[f].words;
    for (uint32_t w = (f + 1) >> 6; w < W; w++)
      for (uint64_t bits = row[w] & ssa[w]; bits; bits &= bits - 1) {
        uint32_t j = (w << 6) + crl_ctz64(bits);
        if (j <= f || interferes(f, j, x)) continue;
        row[w] &= ~(1ULL << (j & 63));
        rows[j].words[f >> 6] &= ~(1ULL << (f & 63));
      }
  }
}

/* Large allocas whose exact lifetimes never meet share storage. big:
 * scratch of ncf entries. */
static void share_disjoint_allocas(crl_plan *p, crl_bitset *rows, const uint32_t *cf,
                                   uint32_t ncf, uint32_t *big, interf_ctx *x) {
  uint32_t nbig = 0;
  for (uint32_t k = 0; k < ncf; k++)
    if (p->cands[x->cand_of_field[cf[k]]].live_blocks) big[nbig++] = cf[k];
  for (uint32_t k = 0; k < nbig; k++)
    for (uint32_t q = k + 1; q < nbig; q++) {
      uint32_t f = big[k], g = big[q];
      if (!(rows[f].words[g >> 6] >> (g & 63) & 1) ||
          !crl_alloca_lifetimes_disjoint(p, &p->cands[x->cand_of_field[f]],
                                         &p->cands[x->cand_of_field[g]]))
        continue;
      rows[f].words[g >> 6] &= ~(1ULL << (g & 63));
      rows[g].words[f >> 6] &= ~(1ULL << (f & 63));
    }
}

/* Interference rows, a word at a time. Candidate fields have ids in hull
 * order (plan_fields), so the fields whose hull starts before field f's
 * ends are an id range; taking out those whose hull ended before f's starts
 * (a set that only grows as f advances) leaves exactly the overlapping
 * hulls. That is the answer for allocas and values stored after their
 * definition; pairs of spills stored at suspend points are then checked
 * one by one (interferes()). Header, promise and index fields interfere
 * with everything. Returns the rows' storage, or NULL (out of memory). */
static uint64_t *interference_rows(crl_coro *c, crl_plan *p, interf_ctx *x,
                                   crl_bitset *rows) {
  uint32_t nf = c->frame.num_fields, W = (nf + 63) / 64, ncf = 0;
  uint64_t *store = crl_calloc((size_t)nf * W + 1, sizeof *store);
  uint64_t *others = crl_calloc(W + 1, sizeof *others);
  uint64_t *dead = crl_calloc(W + 1, sizeof *dead);
  uint64_t *ssa = crl_calloc(W + 1, sizeof *ssa);
  uint32_t *cf = crl_malloc((nf + 1) * sizeof *cf), *hi = crl_malloc((nf + 1) * sizeof *hi);
  if (!store || !others || !dead || !ssa || !cf || !hi) {
    free(store);
    store = NULL;
    goto out;
  }
  for (uint32_t f = 0; f < nf; f++) {
    rows[f].words = store + (size_t)f * W;
    rows[f].nbits = nf;
    rows[f].nwords = W;
    uint32_t ci = x->cand_of_field[f];
    if (ci == UINT32_MAX) {
      others[f >> 6] |= 1ULL << (f & 63);
      continue;
    }
    cf[ncf++] = f;
    const crl_cand *cd = &p->cands[ci];
    if (!cd->is_alloca && !cd->store_after_def) ssa[f >> 6] |= 1ULL << (f & 63);
  }
  crl_keyed *kv = crl_malloc((ncf + 1) * sizeof *kv);
  if (!kv) {
    free(store);
    store = NULL;
    goto out;
  }
  for (uint32_t k = 0; k < ncf; k++)
    kv[k] = (crl_keyed){p->cands[x->cand_of_field[cf[k]]].hi, cf[k]};
  crl_keyed_sort(kv, ncf, hi);
  free(kv);
  uint32_t h = 0;
  for (uint32_t k = 0; k < ncf; k++) {
    const crl_cand *cd = &p->cands[x->cand_of_field[cf[k]]];
    while (h < ncf && p->cands[x->cand_of_field[hi[h]]].hi < cd->lo) {
      dead[hi[h] >> 6] |= 1ULL << (hi[h] & 63);
      h++;
    }
    uint32_t a = k, b = ncf; /* first field whose hull starts after ours ends */
    while (a < b) {
      uint32_t mid = a + (b - a) / 2;
      if (p->cands[x->cand_of_field[cf[mid]]].lo <= cd->hi) a = mid + 1;
      else b = mid;
    }
    uint64_t *row = rows[cf[k]].words;
    set_range(row, cf[0], cf[a - 1] + 1);
    for (uint32_t w = 0; w < W; w++) row[w] = (row[w] | others[w]) & ~dead[w];
  }
  for (uint32_t f = 0; f < nf; f++)
    if (x->cand_of_field[f] == UINT32_MAX) set_range(rows[f].words, 0, nf);
  share_ssa_slots(rows, cf, ncf, ssa, W, x);
  share_disjoint_allocas(p, rows, cf, ncf, hi, x);
out:
  free(others); free(dead); free(ssa); free(cf); free(hi);
  return store;
}

typedef struct region_ctx {
  interf_ctx *x;
  const uint32_t *field; /* region member -> frame field */
} region_ctx;

static int region_interferes(uint32_t i, uint32_t j, void *vctx) {
  region_ctx *r = vctx;
  return interferes(r->field[i], r->field[j], r->x);
}

/* Allocas aligned above what the frame's allocation guarantees are laid
 * out together (sharing storage where their lifetimes allow) in one region
 * realigned at run time, so the slack to reach their alignment is paid
 * once per frame rather than once per alloca. The region's own field
 * interferes with every other field; its members take no space in the
 * frame's layout. Sets *reg to the region's field (UINT32_MAX when there
 * is none). Returns 0, or -1 when out of memory. */
static int layout_realigned(crl_coro *c, interf_ctx *x, uint32_t *reg) {
  uint32_t nf = c->frame.num_fields, k = 0, top = 1, any = 0;
  *reg = UINT32_MAX;
  for (uint32_t f = 0; f < nf && !any; f++) any = c->frame.fields[f].realign != 0;
  if (!any) return 0;
  uint32_t *m = crl_malloc((nf + 1) * sizeof *m);
  crl_layout_field *lf = crl_malloc((nf + 1) * sizeof *lf);
  if (!m || !lf) {
    free(m);
    free(lf);
    return -1;
  }
  for (uint32_t f = 0; f < nf; f++) {
    if (!c->frame.fields[f].realign) continue;
    m[k] = f;
    lf[k++] = (crl_layout_field){c->frame.fields[f].size, c->frame.fields[f].realign, CRL_LAYOUT_FREE};
    if (c->frame.fields[f].realign > top) top = c->frame.fields[f].realign;
  }
  crl_layout_result r = {0};
  region_ctx rc = {x, m};
  int ok = crl_layout_compute(&r, lf, k, region_interferes, &rc) == 0;
  uint64_t end = 0;
  uint32_t g = c->frame.align_guarantee;
  if (ok) {
    for (uint32_t i = 0; i < k; i++)
      if (r.offsets[i] + lf[i].size > end) end = r.offsets[i] + lf[i].size;
    *reg = crl_add_field(c, CRL_FIELD_REALIGNED, "__realigned", NULL, NULL,
                         end + top - g, g, CRL_LAYOUT_FREE);
    ok = *reg != UINT32_MAX;
  }
  if (ok) {
    c->frame.fields[*reg].realign = top;
    c->frame.fields[*reg].data_end = (end + g - 1) / g * g;
    x->cand_of_field[*reg] = UINT32_MAX;
    for (uint32_t i = 0; i < k; i++) {
      c->frame.fields[m[i]].region = *reg + 1;
      c->frame.fields[m[i]].region_offset = r.offsets[i];
    }
  }
  crl_layout_result_free(&r);
  free(m);
  free(lf);
  return ok ? 0 : -1;
}

/* Lays out every field outside the region (members take no space). */
static int layout_outside(crl_coro *c, crl_plan *p, interf_ctx *x,
                          crl_layout_result *r) {
  uint32_t nf = c->frame.num_fields;
  crl_layout_field *lf = crl_malloc((nf + 1) * sizeof *lf);
  if (!lf) return -1;
  for (uint32_t f = 0; f < nf; f++) {
    const crl_frame_field_plan *fd = &c->frame.fields[f];
    /* Region members sit in the region; as empty fields they overlap nothing. */
    lf[f].size = fd->region ? 0 : fd->size;
    lf[f].align = fd->region ? 1 : fd->align;
    lf[f].fixed_offset = fd->fixed_offset;
  }
  int rc;
  /* Rows cost nf^2/8 bytes; past the engine's own limit, ask per pair. */
  crl_bitset *rows = nf <= CRL_LAYOUT_ROWS_MAX ? crl_malloc((nf + 1) * sizeof *rows) : NULL;
  uint64_t *store = rows ? interference_rows(c, p, x, rows) : NULL;
  if (store)
    rc = crl_layout_compute_rows(r, lf, nf, rows);
  else
    rc = crl_layout_compute(r, lf, nf, interferes, x);
  free(store);
  free(rows);
  free(lf);
  return rc;
}

static int slack_eligible(const crl_frame_field_plan *fd, uint32_t g) {
  return fd->fixed_offset == CRL_LAYOUT_FREE && fd->align <= g &&
         (fd->kind == CRL_FIELD_INDEX || fd->kind == CRL_FIELD_SPILL ||
          fd->kind == CRL_FIELD_ALLOCA);
}

/* Is field f laid out past the region (which starts at x0)? Nothing
 * overlaps the region, so starting at or above x0 means past its end. */
static int past_region(const crl_coro *c, uint32_t reg, const crl_layout_result *r,
                       uint64_t x0, uint32_t f) {
  const crl_frame_field_plan *fd = &c->frame.fields[f];
  return f != reg && !fd->region && fd->size && r->offsets[f] >= x0;
}

/* The realignment leaves (alignment - guarantee) bytes of the region free,
 * split before and after the aligned part in a way only known at run time;
 * a block of up to half the alignment always fits on one side (rewrite.c
 * picks it). Fields the layout put past the region move there, keeping
 * their relative offsets, so the storage they share stays shared; fields
 * past the block's end move down by what it took. Kept only when the frame
 * gets smaller (the block costs a compare and a select per function). */
static int tail_into_slack(crl_coro *c, uint32_t reg, crl_layout_result *r) {
  crl_frame_field_plan *rf = &c->frame.fields[reg];
  uint32_t g = c->frame.align_guarantee, nf = c->frame.num_fields;
  uint64_t x0 = r->offsets[reg], t0 = (x0 + rf->size) / g * g;
  uint64_t e1 = x0 + rf->realign - g + rf->data_end; /* region end, rounded */
  uint64_t kmax = rf->realign / 2 / g, tend = t0;
  /* cross[k]: a tail field spans the boundary t0 + k*g (a difference array). */
  int32_t *cross = crl_calloc(kmax + 2, sizeof *cross);
  if (!cross) return -1;
  for (uint32_t f = 0; f < nf; f++) {
    const crl_frame_field_plan *fd = &c->frame.fields[f];
    uint64_t o = r->offsets[f];
    if (!past_region(c, reg, r, x0, f)) continue;
    if (!slack_eligible(fd, g)) {
      free(cross);
      return 0;
    }
    if (o + fd->size > tend) tend = o + fd->size;
    uint64_t k0 = (o - t0) / g + 1, k1 = (o + fd->size - t0 + g - 1) / g - 1;
    if (k1 > kmax) k1 = kmax;
    if (k0 <= k1) {
      cross[k0]++;
      cross[k1 + 1]--;
    }
  }
  uint64_t want = (tend - t0 + g - 1) / g, k = 0;
  int32_t run = 0;
  for (uint64_t j = 1; j <= kmax && j <= want; j++) {
    run += cross[j];
    if (!run) k = j;
  }
  free(cross);
  if (!k) return 0;
  uint64_t cut = t0 + k * g, shift = cut - e1, used = 0, size = 0;
  for (uint32_t f = 0; f < nf; f++) {
    const crl_frame_field_plan *fd = &c->frame.fields[f];
    uint64_t o = r->offsets[f], end;
    if (f == reg) end = e1;
    else if (fd->region || !fd->size) continue;
    else if (o < x0) end = o + fd->size;
    else if (o + fd->size <= cut) {
      if (o + fd->size - t0 > used) used = o + fd->size - t0;
      continue;
    } else end = o - shift + fd->size;
    if (end > size) size = end;
  }
  size = (size + r->align - 1) / r->align * r->align;
  if (size >= r->size) return 0;
  for (uint32_t f = 0; f < nf; f++) {
    crl_frame_field_plan *fd = &c->frame.fields[f];
    uint64_t o = r->offsets[f];
    if (!past_region(c, reg, r, x0, f)) continue;
    if (o + fd->size <= cut) {
      fd->region = reg + 1;
      fd->in_slack = 1;
      fd->region_offset = o - t0;
    } else {
      r->offsets[f] = o - shift;
    }
  }
  rf->slack_block = (used + g - 1) / g * g;
  rf->size = rf->realign - g + rf->data_end;
  r->size = size;
  return 1;
}

/* The frame's size: its fields' end, rounded to a pointer's alignment
 * only. A frame is allocated alone, never in an array, so its size need
 * not be a multiple of a larger alignment some field asks for (aligned
 * allocation functions round up themselves where they must); LLVM's frame
 * type pads its tail to that alignment, which costs up to 8 bytes more. */
static uint64_t frame_end(crl_coro *c, uint64_t laid_out, uint32_t align, uint32_t skip) {
  uint64_t end = 0;
  for (uint32_t f = 0; f < c->frame.num_fields; f++) {
    const crl_frame_field_plan *fd = &c->frame.fields[f];
    if (f != skip && !fd->region && fd->offset + fd->size > end) end = fd->offset + fd->size;
  }
  uint64_t g = LLVMPointerSize(c->td);
  if (align < g) g = align;
  end = (end + g - 1) / g * g;
  return end < laid_out ? end : laid_out;
}

/* An optional field goes when the frame ends lower without it. Nothing
 * else moves: the other fields keep their offsets. Done once, on the
 * layout the planner chose, so that its choice stays what it was. */
void crl_drop_optional_fields(crl_coro *c) {
  for (uint32_t f = 0; f < c->frame.num_fields; f++) {
    crl_frame_field_plan *fd = &c->frame.fields[f];
    if (!fd->optional || fd->region || !fd->size) continue;
    uint64_t without = frame_end(c, c->frame.size, c->frame.align, f);
    if (without < c->frame.size) {
      fd->dropped = 1;
      c->frame.size = without;
    }
  }
}

int crl_layout_frame(crl_coro *c, crl_plan *p) {
  uint32_t nf = c->frame.num_fields;
  /* The planner may lay the frame out more than once (choose_remat_plan),
   * and the ABI's header fields outlive each try: whatever an earlier
   * layout put in the realigned region or its slack must not stay there
   * (its region id would name another field, its slot collide). */
  for (uint32_t f = 0; f < nf; f++) {
    c->frame.fields[f].region = 0;
    c->frame.fields[f].in_slack = 0;
    c->frame.fields[f].region_offset = 0;
  }
  /* One more field may come: the realigned region. */
  interf_ctx x = {c, p, crl_malloc((nf + 1) * sizeof(uint32_t))};
  if (!x.cand_of_field) return -1;
  for (uint32_t f = 0; f < nf; f++) x.cand_of_field[f] = UINT32_MAX;
  for (uint32_t i = 0; i < p->num_cands; i++)
    if (p->cands[i].field != UINT32_MAX)
      x.cand_of_field[p->cands[i].field] = i;
  uint32_t reg;
  if (layout_realigned(c, &x, &reg) != 0) {
    free(x.cand_of_field);
    return -1;
  }
  crl_layout_result r;
  int rc = layout_outside(c, p, &x, &r);
  if (rc == 0 && reg != UINT32_MAX && tail_into_slack(c, reg, &r) < 0) {
    crl_layout_result_free(&r);
    rc = -1;
  }
  if (rc == 0) {
    nf = c->frame.num_fields;
    for (uint32_t f = 0; f < nf; f++) c->frame.fields[f].offset = r.offsets[f];
    for (uint32_t f = 0; f < nf; f++)
      if (c->frame.fields[f].region)
        c->frame.fields[f].offset = c->frame.fields[c->frame.fields[f].region - 1].offset +
                              c->frame.fields[f].region_offset;
    c->frame.size = frame_end(c, r.size, r.align, UINT32_MAX);
    c->frame.align = r.align;
    crl_layout_result_free(&r);
  }
  free(x.cand_of_field);
  return rc;
}
