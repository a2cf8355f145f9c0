/* Frame layout: place fields (fixed ABI header fields, the promise, spilled
 * values, allocas) at offsets so that fields which may be live at the same
 * time never overlap, while fields that never interfere may share storage.
 *
 * How.
 *  - Fixed fields keep their offsets (taken as given, even if misaligned or
 *    overlapping each other) and block every free field.
 *  - Zero-size free fields go at offset 0: they overlap nothing.
 *  - Every other field is placed at the LOWEST aligned offset where it
 *    overlaps no fixed field and no already placed field it interferes with,
 *    so holes (e.g. bytes 17..23 after a 1-byte promise at 16) get filled.
 *    Two placement orders (alignment-first, size-first) are tried, each with
 *    the real interference and with everything interfering (which cannot be
 *    worse than a shared layout made by the same order); the smallest frame
 *    wins. Keeping the all-interfering candidates guarantees that allowing
 *    sharing never makes a frame larger.
 *  - With at most CRL_LAYOUT_EXACT_MAX free non-empty fields, a branch and
 *    bound over placement orders finds the optimum. This is exact: in an
 *    optimal layout, placing fields in increasing offset order, each at its
 *    lowest feasible offset, puts every field at or below its optimal offset.
 *
 * Cost. A field that interferes with every placed field (dense) or with none
 * is placed through a chunked gap list with per-alignment capacities, about
 * O(sqrt(gaps)) per field; telling these cases apart costs one popcount pass
 * over the field's interference row (n/64 words). Only partially interfering
 * fields pay for a scan of the placed fields, kept in offset order (so
 * nothing is sorted), that stops at the first free spot; one that meets
 * fewer than 1/16 of the placed fields sorts just those instead (a field
 * meeting only its neighbours would otherwise walk the whole frame).
 * 20,000 dense or 20,000 independent fields take milliseconds.
 *
 * Limits. Sizes, fixed offsets and alignments must leave headroom: the sum
 * of all sizes and alignments plus the largest fixed end must stay below
 * 2^62, otherwise crl_layout_compute returns -1.
 */
#ifndef CRL_CORE_LAYOUT_H
#define CRL_CORE_LAYOUT_H

/* Checked standalone as a main file; clang, unlike gcc, then reports every
 * unused static inline function. */
#if defined(__clang__) && defined(__INCLUDE_LEVEL__) && __INCLUDE_LEVEL__ == 0
#pragma clang diagnostic ignored "-Wunused-function"
#endif

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bitset.h"

#define CRL_LAYOUT_FREE UINT64_MAX

/* Free non-empty fields up to which the layout is provably optimal. The
 * search visits at most sum_k 8!/(8-k)! ~ 110k nodes at the default. */
#ifndef CRL_LAYOUT_EXACT_MAX
#define CRL_LAYOUT_EXACT_MAX 8
#endif

/* 0 turns off the scan's lower bound from recently placed fields (tests
 * compare the two: the layouts must be identical). */
#ifndef CRL_LAYOUT_HINT
#define CRL_LAYOUT_HINT 1
#endif

/* The scan's lower bound looks at this many of the most recently placed
 * fields, each of which may have met up to CRL_LAYOUT_HINT_DROPS fields the
 * new one does not (a row compare each). */
#ifndef CRL_LAYOUT_HINT_WINDOW
#define CRL_LAYOUT_HINT_WINDOW 4u
#endif
#ifndef CRL_LAYOUT_HINT_DROPS
#define CRL_LAYOUT_HINT_DROPS 4u
#endif

/* crl_layout_compute turns callback answers into bitset rows (one call per
 * pair) up to this many free fields; above it, the rows would need
 * n^2/8 bytes, so it asks the callback during placement instead. */
#ifndef CRL_LAYOUT_ROWS_MAX
#define CRL_LAYOUT_ROWS_MAX 16384u
#endif

typedef struct crl_layout_field {
  uint64_t size;
  uint32_t align;        /* power of two >= 1 */
  uint64_t fixed_offset; /* CRL_LAYOUT_FREE or a fixed ABI offset */
} crl_layout_field;

/* Nonzero when fields i and j may NOT share storage. Must be symmetric; the
 * engine only asks with i < j and never for fixed fields (they interfere with
 * everything). */
typedef int (*crl_interferes_fn)(uint32_t i, uint32_t j, void *ctx);

typedef struct crl_layout_result {
  uint64_t *offsets; /* one per field; NULL when there are no fields */
  uint64_t size;     /* max end, rounded up to align */
  uint32_t align;    /* max field alignment, at least 1 */
} crl_layout_result;

static inline void crl_layout_result_free(crl_layout_result *r) {
  free(r->offsets);
  r->offsets = NULL;
  r->size = 0;
  r->align = 1;
}

static inline uint64_t crl_lay_round_up(uint64_t x, uint64_t al) { return (x + al - 1u) & ~(al - 1u); }

static inline uint32_t crl_lay_log2(uint32_t al) { return crl_ctz64(al); }

/* Half-open byte range [a, b); in a gap list b == UINT64_MAX means unbounded. */
typedef struct crl_lay_iv {
  uint64_t a, b;
} crl_lay_iv;

#define CRL_LAY_INF UINT64_MAX

static inline void crl_lay_iv_sift(crl_lay_iv *v, uint32_t root, uint32_t n) {
  crl_lay_iv t = v[root];
  for (;;) {
    uint32_t c = 2u * root + 1u;
    if (c >= n) break;
    if (c + 1u < n && v[c + 1u].a > v[c].a) c++;
    if (v[c].a <= t.a) break;
    v[root] = v[c];
    root = c;
  }
  v[root] = t;
}

/* By start, in place. Ties may end up in any (deterministic) order: callers
 * only depend on the set. */
static inline void crl_lay_iv_sort(crl_lay_iv *v, uint32_t n) {
  uint32_t i;
  if (n < 2) return;
  if (n <= 16) {
    for (i = 1; i < n; i++) {
      crl_lay_iv t = v[i];
      uint32_t j = i;
      while (j > 0 && v[j - 1].a > t.a) {
        v[j] = v[j - 1];
        j--;
      }
      v[j] = t;
    }
    return;
  }
  for (i = n / 2; i-- > 0;) crl_lay_iv_sift(v, i, n);
  for (i = n - 1; i > 0; i--) {
    crl_lay_iv t = v[0];
    v[0] = v[i];
    v[i] = t;
    crl_lay_iv_sift(v, 0, i);
  }
}

/* Lowest offset x, a multiple of al, with [x, x+s) disjoint from every
 * interval of two start-sorted lists (s > 0, intervals non-empty). Intervals
 * are met in start order; one that overlaps the candidate pushes it past its
 * end, and the first one starting at or after the candidate's end proves the
 * candidate free, since all later ones start even later. */
static inline uint64_t crl_lay_lowest_fit(const crl_lay_iv *p, uint32_t np, const crl_lay_iv *q, uint32_t nq,
                                          uint64_t s, uint64_t al) {
  uint64_t cand = 0;
  uint32_t i = 0, j = 0;
  for (;;) {
    const crl_lay_iv *iv;
    if (i < np && (j >= nq || p[i].a <= q[j].a))
      iv = &p[i++];
    else if (j < nq)
      iv = &q[j++];
    else
      break;
    if (iv->a >= cand + s) break;
    if (iv->b > cand) cand = crl_lay_round_up(iv->b, al);
  }
  return cand;
}

/* ---- Gap list --------------------------------------------------------------
 * The free space left by a set of intervals: the sorted, disjoint, bounded
 * gaps below `top`, and everything from `top` up. Bounded gaps live in chunks
 * of up to CRL_GAP_CHUNK; each chunk records, per alignment class, the
 * largest field its gaps can take, so a lowest-fit query skips whole chunks
 * and scans only the one holding the answer. Chunks split when full; their
 * order is an index array. Keeping the unbounded tail out of the chunks makes
 * the common case, appending at the top, touch no chunk at all. */
#define CRL_GAP_CHUNK 64u

typedef struct crl_gapset {
  crl_lay_iv *gap; /* chunk c owns gap[c*CHUNK .. c*CHUNK + cnt[c]) */
  uint32_t *cnt;
  uint64_t *cap; /* cap[c*ncls + k] */
  uint32_t *order;
  uint32_t nchunks, maxchunks, ncls;
  uint64_t top;
  const uint32_t *cls_align;
} crl_gapset;

static inline void crl_gapset_free(crl_gapset *gs) {
  free(gs->gap);
  free(gs->cnt);
  free(gs->cap);
  free(gs->order);
  gs->gap = NULL;
  gs->cnt = NULL;
  gs->cap = NULL;
  gs->order = NULL;
  gs->nchunks = gs->maxchunks = 0;
}

/* Largest size a field aligned to al fits into bounded gap g. */
static inline uint64_t crl_gap_cap(crl_lay_iv g, uint64_t al) {
  uint64_t x = crl_lay_round_up(g.a, al);
  return x < g.b ? g.b - x : 0;
}

static inline void crl_gapset_recalc(crl_gapset *gs, uint32_t c) {
  const crl_lay_iv *g = gs->gap + (size_t)c * CRL_GAP_CHUNK;
  uint64_t *cap = gs->cap + (size_t)c * gs->ncls;
  uint32_t k, j;
  for (k = 0; k < gs->ncls; k++) {
    uint64_t best = 0;
    for (j = 0; j < gs->cnt[c]; j++) {
      uint64_t v = crl_gap_cap(g[j], gs->cls_align[k]);
      if (v > best) best = v;
    }
    cap[k] = best;
  }
}

/* Whether shrinking g could lower its chunk's maxima, i.e. g attains one. */
static inline int crl_gapset_attains_max(const crl_gapset *gs, uint32_t c, crl_lay_iv g) {
  const uint64_t *cap = gs->cap + (size_t)c * gs->ncls;
  uint32_t k;
  for (k = 0; k < gs->ncls; k++)
    if (crl_gap_cap(g, gs->cls_align[k]) >= cap[k]) return 1;
  return 0;
}

static inline int crl_gapset_grow(crl_gapset *gs) {
  uint32_t m = gs->maxchunks * 2u + 4u;
  crl_lay_iv *gap = (crl_lay_iv *)realloc(gs->gap, (size_t)m * CRL_GAP_CHUNK * sizeof(crl_lay_iv));
  uint32_t *cnt, *order;
  uint64_t *cap;
  if (!gap) return -1;
  gs->gap = gap;
  cnt = (uint32_t *)realloc(gs->cnt, (size_t)m * sizeof(uint32_t));
  if (!cnt) return -1;
  gs->cnt = cnt;
  order = (uint32_t *)realloc(gs->order, (size_t)m * sizeof(uint32_t));
  if (!order) return -1;
  gs->order = order;
  cap = (uint64_t *)realloc(gs->cap, (size_t)m * (gs->ncls ? gs->ncls : 1u) * sizeof(uint64_t));
  if (!cap) return -1;
  gs->cap = cap;
  gs->maxchunks = m;
  return 0;
}

/* ivs: sorted by start, non-empty. Returns 0 or -1 (out of memory). */
static inline int crl_gapset_init(crl_gapset *gs, const crl_lay_iv *ivs, uint32_t n, const uint32_t *cls_align,
                                  uint32_t ncls) {
  uint64_t cur = 0;
  uint32_t i, c = 0;
  memset(gs, 0, sizeof *gs);
  gs->ncls = ncls;
  gs->cls_align = cls_align;
  if (crl_gapset_grow(gs) != 0) {
    crl_gapset_free(gs);
    return -1;
  }
  gs->nchunks = 1;
  gs->cnt[0] = 0;
  gs->order[0] = 0;
  for (i = 0; i < n; i++) {
    if (ivs[i].a > cur) {
      /* Half-full chunks leave room to insert before the first split. */
      if (gs->cnt[c] == CRL_GAP_CHUNK / 2u) {
        if (gs->nchunks == gs->maxchunks && crl_gapset_grow(gs) != 0) {
          crl_gapset_free(gs);
          return -1;
        }
        c = gs->nchunks++;
        gs->cnt[c] = 0;
        gs->order[c] = c;
      }
      gs->gap[(size_t)c * CRL_GAP_CHUNK + gs->cnt[c]].a = cur;
      gs->gap[(size_t)c * CRL_GAP_CHUNK + gs->cnt[c]].b = ivs[i].a;
      gs->cnt[c]++;
    }
    if (ivs[i].b > cur) cur = ivs[i].b;
  }
  gs->top = cur;
  for (c = 0; c < gs->nchunks; c++) crl_gapset_recalc(gs, c);
  return 0;
}

/* Lowest offset aligned to cls_align[cls] where s (> 0) bytes fit. */
static inline uint64_t crl_gapset_find(const crl_gapset *gs, uint64_t s, uint32_t cls) {
  uint64_t al = gs->cls_align[cls];
  uint32_t p, j;
  for (p = 0; p < gs->nchunks; p++) {
    uint32_t c = gs->order[p];
    const crl_lay_iv *g = gs->gap + (size_t)c * CRL_GAP_CHUNK;
    if (gs->cap[(size_t)c * gs->ncls + cls] < s) continue;
    for (j = 0; j < gs->cnt[c]; j++)
      if (crl_gap_cap(g[j], al) >= s) return crl_lay_round_up(g[j].a, al);
  }
  return crl_lay_round_up(gs->top, al);
}

/* Splits the chunk at order position p in two halves. */
static inline int crl_gapset_split(crl_gapset *gs, uint32_t p) {
  uint32_t c, nc, half = CRL_GAP_CHUNK / 2u;
  if (gs->nchunks == gs->maxchunks && crl_gapset_grow(gs) != 0) return -1;
  c = gs->order[p];
  nc = gs->nchunks++;
  memcpy(gs->gap + (size_t)nc * CRL_GAP_CHUNK, gs->gap + (size_t)c * CRL_GAP_CHUNK + half,
         (size_t)(gs->cnt[c] - half) * sizeof(crl_lay_iv));
  gs->cnt[nc] = gs->cnt[c] - half;
  gs->cnt[c] = half;
  memmove(gs->order + p + 2, gs->order + p + 1, (size_t)(gs->nchunks - 2 - p) * sizeof(uint32_t));
  gs->order[p + 1] = nc;
  crl_gapset_recalc(gs, c);
  crl_gapset_recalc(gs, nc);
  return 0;
}

/* Removes [x, y) (x < y) from the free space. Returns 0 or -1 (out of memory). */
static inline int crl_gapset_take(crl_gapset *gs, uint64_t x, uint64_t y) {
  uint32_t p;
  for (p = 0; p < gs->nchunks; p++) {
    uint32_t c = gs->order[p];
    if (gs->cnt[c] && gs->gap[(size_t)c * CRL_GAP_CHUNK + gs->cnt[c] - 1].b > x) break;
  }
  while (p < gs->nchunks) {
    uint32_t c, j = 0, done = 0, stale = 0;
    crl_lay_iv *g;
    if (gs->cnt[gs->order[p]] == CRL_GAP_CHUNK && crl_gapset_split(gs, p) != 0) return -1;
    c = gs->order[p];
    g = gs->gap + (size_t)c * CRL_GAP_CHUNK;
    while (j < gs->cnt[c] && g[j].b <= x) j++;
    while (j < gs->cnt[c]) {
      int left = g[j].a < x, right = g[j].b > y;
      if (g[j].a >= y) {
        done = 1;
        break;
      }
      /* Every change below only shrinks gap j, so the chunk's maxima can
       * drop only if gap j attains one. */
      stale = stale || crl_gapset_attains_max(gs, c, g[j]);
      if (left && right) {
        memmove(g + j + 2, g + j + 1, (size_t)(gs->cnt[c] - j - 1) * sizeof(crl_lay_iv));
        g[j + 1].a = y;
        g[j + 1].b = g[j].b;
        g[j].b = x;
        gs->cnt[c]++;
        done = 1;
        break;
      } else if (left) {
        g[j].b = x;
        j++;
      } else if (right) {
        g[j].a = y;
        done = 1;
        break;
      } else {
        memmove(g + j, g + j + 1, (size_t)(gs->cnt[c] - j - 1) * sizeof(crl_lay_iv));
        gs->cnt[c]--;
      }
    }
    if (stale) crl_gapset_recalc(gs, c);
    if (done) break;
    p++;
  }
  if (y > gs->top) {
    if (x > gs->top) { /* the padding below x becomes a bounded gap, last in order */
      crl_lay_iv ng;
      uint32_t c, k;
      if (gs->cnt[gs->order[gs->nchunks - 1]] == CRL_GAP_CHUNK && crl_gapset_split(gs, gs->nchunks - 1) != 0)
        return -1;
      c = gs->order[gs->nchunks - 1];
      ng.a = gs->top;
      ng.b = x;
      gs->gap[(size_t)c * CRL_GAP_CHUNK + gs->cnt[c]++] = ng;
      for (k = 0; k < gs->ncls; k++) {
        uint64_t v = crl_gap_cap(ng, gs->cls_align[k]);
        if (v > gs->cap[(size_t)c * gs->ncls + k]) gs->cap[(size_t)c * gs->ncls + k] = v;
      }
    }
    gs->top = y;
  }
  return 0;
}

/* ---- Engine ------------------------------------------------------------- */

typedef struct crl_lay {
  const crl_layout_field *f;
  uint32_t n;
  const crl_bitset *rows; /* NULL: ask fn */
  crl_interferes_fn fn;
  void *ctx;
  uint32_t nfree; /* free fields with size > 0 */
  uint32_t *free_ids;
  crl_lay_iv *fixed_iv; /* non-empty fixed fields, sorted by start */
  uint32_t nfixed_iv;
  uint64_t fixed_end; /* includes empty fixed fields' offsets */
  uint64_t frame_align;
  uint32_t cls_align[32], ncls;
  uint8_t cls_of_log2[32];
  crl_gapset fixed_gaps;
  /* per-pass scratch */
  uint64_t *off;
  crl_bitset placed;
  uint8_t *kind; /* with rows: how field i relates to all other free fields */
  uint32_t *ids;
  uint32_t *byoff; /* placed free fields in offset order */
  uint64_t *by_a, *by_b; /* their [start, end), in the same order: the scan
                            reads them sequentially; by_a[nbyoff] is
                            UINT64_MAX */
  uint32_t nbyoff;
  crl_lay_iv *few; /* the placed fields one field interferes with */
  uint64_t max_size; /* of the placed free fields */
  uint32_t t;    /* fields placed so far in this pass: ids[0..t) */
  uint32_t *pos; /* placed field -> its index in ids */
} crl_lay;

static inline int crl_lay_interferes(const crl_lay *L, uint32_t i, uint32_t j) {
  if (L->rows) return crl_bitset_test(&L->rows[i], j);
  return i < j ? L->fn(i, j, L->ctx) != 0 : L->fn(j, i, L->ctx) != 0;
}

/* Alignment-first (large alignments leave no padding below smaller ones) or
 * size-first (first-fit decreasing); field id breaks ties. */
static inline int crl_lay_before(const crl_layout_field *f, uint32_t x, uint32_t y, int size_first) {
  if (size_first) {
    if (f[x].size != f[y].size) return f[x].size > f[y].size;
    if (f[x].align != f[y].align) return f[x].align > f[y].align;
  } else {
    if (f[x].align != f[y].align) return f[x].align > f[y].align;
    if (f[x].size != f[y].size) return f[x].size > f[y].size;
  }
  return x < y;
}

static inline void crl_lay_sift_ids(uint32_t *ids, uint32_t root, uint32_t end, const crl_layout_field *f,
                                    int size_first) {
  uint32_t t = ids[root];
  for (;;) {
    uint32_t c = 2u * root + 1u;
    if (c >= end) break;
    if (c + 1u < end && crl_lay_before(f, ids[c], ids[c + 1u], size_first)) c++;
    if (!crl_lay_before(f, t, ids[c], size_first)) break;
    ids[root] = ids[c];
    root = c;
  }
  ids[root] = t;
}

/* Heapsort into placement order: the order is total (ids break ties), so the
 * result is deterministic without recursion or scratch. */
static inline void crl_lay_sort_ids(uint32_t *ids, uint32_t n, const crl_layout_field *f, int size_first) {
  uint32_t i;
  if (n < 2) return;
  for (i = n / 2; i-- > 0;) crl_lay_sift_ids(ids, i, n, f, size_first);
  for (i = n - 1; i > 0; i--) {
    uint32_t t = ids[0];
    ids[0] = ids[i];
    ids[i] = t;
    crl_lay_sift_ids(ids, 0, i, f, size_first);
  }
}

/* How a row relates to a set (the placed fields): it meets none of it (0),
 * all of it (1) or some (2). Branch-free blocks of words so the compiler can
 * vectorise; the "some" answer exits early. */
static inline int crl_lay_classify(const crl_bitset *row, const crl_bitset *set) {
  uint32_t nw = set->nwords, rw = row->nwords < nw ? row->nwords : nw, w = 0;
  uint64_t any_in = 0, any_out = 0;
  while (w < rw) {
    uint32_t e = rw - w > 16u ? w + 16u : rw;
    for (; w < e; w++) {
      uint64_t pl = set->words[w], r = row->words[w];
      any_in |= r & pl;
      any_out |= pl & ~r;
    }
    if (any_in && any_out) return 2;
  }
  for (; w < nw; w++) any_out |= set->words[w];
  if (any_in && any_out) return 2;
  return any_in ? 1 : 0;
}

/* Records placed field i (at L->off[i]) in offset order. Fields are mostly
 * placed at the top, so the move is usually empty. */
static inline void crl_lay_note_placed(crl_lay *L, uint32_t i) {
  uint32_t lo = 0, hi = L->nbyoff;
  uint64_t x = L->off[i];
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2u;
    if (L->by_a[mid] <= x) lo = mid + 1u;
    else hi = mid;
  }
  memmove(&L->byoff[lo + 1u], &L->byoff[lo], (size_t)(L->nbyoff - lo) * sizeof(uint32_t));
  /* by_a carries its sentinel along. */
  memmove(&L->by_a[lo + 1u], &L->by_a[lo], (size_t)(L->nbyoff - lo + 1u) * sizeof(uint64_t));
  memmove(&L->by_b[lo + 1u], &L->by_b[lo], (size_t)(L->nbyoff - lo) * sizeof(uint64_t));
  L->byoff[lo] = i;
  L->by_a[lo] = x;
  L->by_b[lo] = x + L->f[i].size;
  L->nbyoff++;
  if (L->f[i].size > L->max_size) L->max_size = L->f[i].size;
}

/* The fields j met when it was placed that i does not meet: with at most
 * CRL_LAYOUT_HINT_DROPS of them, returns 1 and sets *lo to their lowest
 * start (UINT64_MAX when there are none); otherwise returns 0. Fields
 * placed after j are not looked at (they did not bear on j's offset). */
static inline int crl_lay_dropped(const crl_lay *L, uint32_t i, uint32_t j, uint64_t *lo) {
  const crl_bitset *ri = &L->rows[i], *rj = &L->rows[j];
  uint32_t w, n = 0, nw = L->placed.nwords < rj->nwords ? L->placed.nwords : rj->nwords;
  *lo = UINT64_MAX;
  for (w = 0; w < nw; w++) {
    uint64_t have = w < ri->nwords ? ri->words[w] : 0;
    for (uint64_t d = rj->words[w] & L->placed.words[w] & ~have; d; d &= d - 1u) {
      uint32_t g = (w << 6) + crl_ctz64(d);
      if (L->pos[g] >= L->pos[j]) continue;
      if (++n > CRL_LAYOUT_HINT_DROPS) return 0;
      if (L->off[g] < *lo) *lo = L->off[g];
    }
  }
  return 1;
}

/* A lower bound on field i's lowest fit, from the last few placed fields.
 * Such a field j, no larger and no more aligned than i, was placed at its
 * own lowest fit: every aligned offset below it was blocked for j by a
 * fixed field or by a field j met. Unless that field is one of the few j
 * met and i does not (the dropped ones), it blocks i there as well. So i
 * fits nowhere below j's offset except where it overlaps a dropped field.
 * Runs of fields that meet what a recent one met, give or take a few
 * (values live to the end of the coroutine, each defined after the last;
 * awaiters interleaved with them, each taking the slot of a value that has
 * just died), then start their scan near the answer instead of at offset
 * 0, which would walk every placed field below it: quadratic in such
 * frames. *pp gets the first position in offset order whose field may
 * reach above the bound. */
static inline uint64_t crl_lay_hint(const crl_lay *L, uint32_t i, uint64_t s, uint64_t al, uint32_t *pp) {
  uint32_t back, lo = 0, hi = L->nbyoff;
  uint64_t bound = 0, below;
  *pp = 0;
  for (back = 1; CRL_LAYOUT_HINT && back <= CRL_LAYOUT_HINT_WINDOW && back <= L->t; back++) {
    uint32_t j = L->ids[L->t - back];
    uint64_t b = L->off[j], d;
    if (L->f[j].size > s || L->f[j].align > al || !crl_lay_dropped(L, i, j, &d)) continue;
    if (d != UINT64_MAX && d + 1u < b + s) b = d + 1u > s ? d + 1u - s : 0;
    b = crl_lay_round_up(b, al);
    if (b > bound) bound = b;
  }
  /* A field starting at or below bound - max_size ends at or below bound. */
  if (bound <= L->max_size) return bound;
  below = bound - L->max_size;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2u;
    if (L->by_a[mid] <= below) lo = mid + 1u;
    else hi = mid;
  }
  *pp = lo;
  return bound;
}

/* The scan over placed fields in offset order from position *pp, for a
 * candidate *candp of s bytes aligned by am + 1: every interfering field
 * that overlaps the candidate pushes it past its end. Stops at the first
 * field starting at or above the candidate's end; by_a ends in a sentinel
 * (UINT64_MAX) above any candidate, so the loop needs no bound check. Kept
 * apart so its few variables stay in registers: big frames run it over
 * thousands of fields per call. */
static inline void crl_lay_scan_row(const crl_lay *L, const uint64_t *row, uint64_t s, uint64_t am,
                                    uint32_t *pp, uint64_t *candp) {
  const uint64_t *by_a = L->by_a, *by_b = L->by_b;
  const uint32_t *byoff = L->byoff;
  uint64_t cand = *candp, lim = cand + s;
  size_t p = *pp; /* not uint32_t: no zero-extension per step */
  for (; by_a[p] < lim; p++) {
    uint32_t f = byoff[p];
    if ((row[f >> 6] >> (f & 63u) & 1u) && by_b[p] > cand) {
      cand = (by_b[p] + am) & ~am;
      lim = cand + s;
    }
  }
  *pp = (uint32_t)p;
  *candp = cand;
}

/* Lowest fit for field i against the placed fields it interferes with and
 * the fixed ones. Placed fields are met in offset order, so nothing needs
 * sorting, and the scan stops at the first one starting at or above
 * cand + s. The few fixed intervals are checked apart, between runs of the
 * placed scan. */
static inline uint64_t crl_lay_fit_some(const crl_lay *L, uint32_t i, uint64_t s, uint64_t al) {
  uint64_t cand = 0, start;
  uint32_t p = 0, q = 0;
  const uint64_t *row = L->rows ? L->rows[i].words : NULL;
  if (row) {
    /* A field meeting few of many placed fields sorts those few instead of
     * walking past the rest: without this, frames whose fields each meet
     * a handful of others take quadratic time. Same answer either way. */
    const uint64_t *pl = L->placed.words;
    uint32_t nw = L->placed.nwords < L->rows[i].nwords ? L->placed.nwords : L->rows[i].nwords;
    uint32_t w;
    uint64_t k = 0;
    for (w = 0; w < nw && k * 16u < L->nbyoff; w++) k += crl_popcount64(row[w] & pl[w]);
    if (k * 16u < L->nbyoff) {
      crl_lay_iv *few = L->few;
      k = 0;
      for (w = 0; w < nw; w++)
        for (uint64_t bits = row[w] & pl[w]; bits; bits &= bits - 1u) {
          uint32_t f = (w << 6) + crl_ctz64(bits);
          few[k].a = L->off[f];
          few[k++].b = L->off[f] + L->f[f].size;
        }
      crl_lay_iv_sort(few, (uint32_t)k);
      return crl_lay_lowest_fit(few, (uint32_t)k, L->fixed_iv, L->nfixed_iv, s, al);
    }
  }
  if (row) cand = crl_lay_hint(L, i, s, al, &p);
  do {
    uint64_t lim;
    start = cand;
    /* Fixed intervals are sorted by start; one passed over ends at or below
     * cand, which only grows, so it never matters again. */
    while (q < L->nfixed_iv && L->fixed_iv[q].a < cand + s) {
      if (L->fixed_iv[q].b > cand) cand = crl_lay_round_up(L->fixed_iv[q].b, al);
      q++;
    }
    lim = cand + s;
    if (row) {
      crl_lay_scan_row(L, row, s, al - 1u, &p, &cand);
    } else {
      for (; p < L->nbyoff && L->by_a[p] < lim; p++)
        if (crl_lay_interferes(L, i, L->byoff[p]) && L->by_b[p] > cand) {
          cand = crl_lay_round_up(L->by_b[p], al);
          lim = cand + s;
        }
    }
  } while (cand != start);
  return cand;
}

/* One greedy pass over L->ids. Writes L->off for free non-empty fields and
 * returns the highest end (at least fixed_end), or CRL_LAY_INF on out of
 * memory. dense != 0 treats every pair as interfering. *all_dense is set to
 * whether every field interfered with all fields placed before it, in which
 * case the dense pass over the same order would repeat this one. */
static inline uint64_t crl_lay_pass(crl_lay *L, int dense, int *all_dense) {
  crl_gapset all;
  uint64_t end = L->fixed_end;
  uint32_t t;
  *all_dense = 1;
  if (crl_gapset_init(&all, L->fixed_iv, L->nfixed_iv, L->cls_align, L->ncls) != 0) return CRL_LAY_INF;
  crl_bitset_clear_all(&L->placed);
  L->nbyoff = 0;
  L->max_size = 0;
  L->t = 0;
  L->by_a[0] = UINT64_MAX; /* the scan's sentinel */
  for (t = 0; t < L->nfree; t++) {
    uint32_t i = L->ids[t], cls = L->cls_of_log2[crl_lay_log2(L->f[i].align)];
    uint64_t s = L->f[i].size, al = L->f[i].align, x;
    int kind; /* 0 none, 1 all, 2 some placed fields interfere */
    if (dense || t == 0) {
      kind = 1;
    } else if (L->rows && L->kind[i] != 2) {
      kind = L->kind[i];
    } else if (L->rows) {
      kind = crl_lay_classify(&L->rows[i], &L->placed);
    } else {
      kind = 2; /* asking the callback about every placed field is the scan */
    }
    if (kind != 1) *all_dense = 0;
    if (kind == 1) {
      x = crl_gapset_find(&all, s, cls);
    } else if (kind == 0) {
      x = crl_gapset_find(&L->fixed_gaps, s, cls);
    } else {
      x = crl_lay_fit_some(L, i, s, al);
    }
    L->off[i] = x;
    L->pos[i] = t;
    L->t = t + 1u;
    crl_bitset_set(&L->placed, i);
    crl_lay_note_placed(L, i);
    if (crl_gapset_take(&all, x, x + s) != 0) {
      crl_gapset_free(&all);
      return CRL_LAY_INF;
    }
    if (x + s > end) end = x + s;
  }
  crl_gapset_free(&all);
  return end;
}

/* ---- Exact search for few fields ----------------------------------------- */

typedef struct crl_lay_exact {
  const crl_lay *L;
  uint32_t f;
  uint64_t size[CRL_LAYOUT_EXACT_MAX], al[CRL_LAYOUT_EXACT_MAX];
  uint32_t mask[CRL_LAYOUT_EXACT_MAX]; /* interfering free indices */
  uint32_t twin[CRL_LAYOUT_EXACT_MAX]; /* earlier identical field, or UINT32_MAX */
  uint64_t cur[CRL_LAYOUT_EXACT_MAX], best_off[CRL_LAYOUT_EXACT_MAX];
  uint64_t best; /* best rounded frame size so far */
  int improved;
} crl_lay_exact;

static inline void crl_lay_exact_dfs(crl_lay_exact *E, uint32_t used, uint64_t end) {
  uint32_t k;
  if (used == (1u << E->f) - 1u) {
    uint32_t q;
    E->best = crl_lay_round_up(end, E->L->frame_align);
    for (q = 0; q < E->f; q++) E->best_off[q] = E->cur[q];
    E->improved = 1;
    return;
  }
  for (k = 0; k < E->f; k++) {
    crl_lay_iv iv[CRL_LAYOUT_EXACT_MAX];
    uint32_t m = 0, q;
    uint64_t x, e;
    if (used & (1u << k)) continue;
    /* Identical fields are interchangeable: only try them in index order. */
    if (E->twin[k] != UINT32_MAX && !(used & (1u << E->twin[k]))) continue;
    for (q = 0; q < E->f; q++)
      if ((used & E->mask[k]) & (1u << q)) {
        iv[m].a = E->cur[q];
        iv[m].b = E->cur[q] + E->size[q];
        m++;
      }
    crl_lay_iv_sort(iv, m);
    x = crl_lay_lowest_fit(iv, m, E->L->fixed_iv, E->L->nfixed_iv, E->size[k], E->al[k]);
    e = x + E->size[k] > end ? x + E->size[k] : end;
    if (crl_lay_round_up(e, E->L->frame_align) >= E->best) continue;
    E->cur[k] = x;
    crl_lay_exact_dfs(E, used | (1u << k), e);
  }
}

/* Improves L->off in place if a smaller frame exists; best is the current
 * rounded size. */
static inline void crl_lay_exact_search(crl_lay *L, uint64_t best) {
  crl_lay_exact E;
  uint32_t a, b;
  memset(&E, 0, sizeof E);
  E.L = L;
  E.f = L->nfree;
  E.best = best;
  for (a = 0; a < E.f; a++) {
    E.size[a] = L->f[L->free_ids[a]].size;
    E.al[a] = L->f[L->free_ids[a]].align;
    E.twin[a] = UINT32_MAX;
  }
  for (a = 0; a < E.f; a++)
    for (b = a + 1; b < E.f; b++)
      if (crl_lay_interferes(L, L->free_ids[a], L->free_ids[b])) {
        E.mask[a] |= 1u << b;
        E.mask[b] |= 1u << a;
      }
  for (b = 0; b < E.f; b++)
    for (a = b; a-- > 0;) {
      uint32_t both = (1u << a) | (1u << b);
      if (E.size[a] == E.size[b] && E.al[a] == E.al[b] && (E.mask[a] & ~both) == (E.mask[b] & ~both)) {
        E.twin[b] = a;
        break;
      }
    }
  crl_lay_exact_dfs(&E, 0, L->fixed_end);
  if (E.improved)
    for (a = 0; a < E.f; a++) L->off[L->free_ids[a]] = E.best_off[a];
}

static inline void crl_lay_cleanup(crl_lay *L) {
  free(L->free_ids);
  free(L->fixed_iv);
  free(L->off);
  free(L->ids);
  free(L->byoff);
  free(L->by_a);
  free(L->by_b);
  free(L->kind);
  free(L->few);
  free(L->pos);
  crl_bitset_free(&L->placed);
  crl_gapset_free(&L->fixed_gaps);
}

static inline int crl_layout_run(crl_layout_result *out, const crl_layout_field *fields, uint32_t n,
                                 const crl_bitset *rows, crl_interferes_fn fn, void *ctx) {
  crl_lay L;
  uint64_t total = 0, best_end = CRL_LAY_INF, best_size = CRL_LAY_INF;
  const uint64_t limit = (uint64_t)1 << 62;
  uint32_t i, nfix = 0, pass;
  memset(&L, 0, sizeof L);
  out->offsets = NULL;
  out->size = 0;
  out->align = 1;
  L.f = fields;
  L.n = n;
  L.rows = rows;
  L.fn = fn;
  L.ctx = ctx;
  L.frame_align = 1;
  for (i = 0; i < n; i++) {
    const crl_layout_field *f = &fields[i];
    if (f->align == 0 || (f->align & (f->align - 1u))) return -1;
    if (f->size >= limit || (f->fixed_offset != CRL_LAYOUT_FREE && f->fixed_offset >= limit)) return -1;
    if (f->fixed_offset != CRL_LAYOUT_FREE) {
      uint64_t e = f->fixed_offset + f->size;
      if (e >= limit) return -1;
      if (e > L.fixed_end) L.fixed_end = e;
      if (f->size) nfix++;
    } else if (f->size) {
      L.nfree++;
      L.cls_of_log2[crl_lay_log2(f->align)] = 1;
    }
    if (f->align > L.frame_align) L.frame_align = f->align;
    total += f->size + f->align;
    if (total >= limit) return -1;
  }
  if (total + L.fixed_end >= limit) return -1;
  out->align = (uint32_t)L.frame_align;
  if (n == 0) return 0;

  L.off = (uint64_t *)malloc((size_t)n * sizeof(uint64_t));
  L.free_ids = (uint32_t *)malloc(((size_t)L.nfree + 1) * sizeof(uint32_t));
  L.fixed_iv = (crl_lay_iv *)malloc(((size_t)nfix + 1) * sizeof(crl_lay_iv));
  if (!L.off || !L.free_ids || !L.fixed_iv) goto oom;
  for (i = 0; i < 32; i++)
    if (L.cls_of_log2[i]) {
      L.cls_align[L.ncls] = (uint32_t)1 << i;
      L.cls_of_log2[i] = (uint8_t)L.ncls++;
    }
  L.nfree = 0;
  for (i = 0; i < n; i++) {
    const crl_layout_field *f = &fields[i];
    if (f->fixed_offset != CRL_LAYOUT_FREE) {
      L.off[i] = f->fixed_offset;
      if (f->size) {
        L.fixed_iv[L.nfixed_iv].a = f->fixed_offset;
        L.fixed_iv[L.nfixed_iv].b = f->fixed_offset + f->size;
        L.nfixed_iv++;
      }
    } else {
      L.off[i] = 0;
      if (f->size) L.free_ids[L.nfree++] = i;
    }
  }
  crl_lay_iv_sort(L.fixed_iv, L.nfixed_iv);

  if (L.nfree > 0) {
    uint64_t *best_off = NULL, dense_lb = 0, cur = 0;
    uint32_t *first_order = NULL;
    crl_bitset *own_rows = NULL, free_set = {NULL, 0, 0};
    int ok = 1, last_all_dense = 0;
    /* Dense layouts keep every free field apart from each other and from the
     * fixed ones: they span at least the free sizes plus the fixed union. */
    for (i = 0; i < L.nfixed_iv; i++) {
      uint64_t a = L.fixed_iv[i].a > cur ? L.fixed_iv[i].a : cur;
      if (L.fixed_iv[i].b > a) dense_lb += L.fixed_iv[i].b - a;
      if (L.fixed_iv[i].b > cur) cur = L.fixed_iv[i].b;
    }
    for (i = 0; i < L.nfree; i++) dense_lb += fields[L.free_ids[i]].size;
    if (L.fixed_end > dense_lb) dense_lb = L.fixed_end;
    dense_lb = crl_lay_round_up(dense_lb, L.frame_align);
    if (crl_gapset_init(&L.fixed_gaps, L.fixed_iv, L.nfixed_iv, L.cls_align, L.ncls) != 0) goto oom;
    L.ids = (uint32_t *)malloc((size_t)L.nfree * sizeof(uint32_t));
    L.byoff = (uint32_t *)malloc((size_t)L.nfree * sizeof(uint32_t));
    L.by_a = (uint64_t *)malloc(((size_t)L.nfree + 1u) * sizeof(uint64_t));
    L.by_b = (uint64_t *)malloc((size_t)L.nfree * sizeof(uint64_t));
    L.few = (crl_lay_iv *)malloc((size_t)L.nfree * sizeof(crl_lay_iv));
    L.pos = (uint32_t *)malloc((size_t)n * sizeof(uint32_t));
    best_off = (uint64_t *)malloc((size_t)n * sizeof(uint64_t));
    first_order = (uint32_t *)malloc(((size_t)L.nfree + 1) * sizeof(uint32_t));
    if (!L.ids || !L.byoff || !L.by_a || !L.by_b || !L.few || !L.pos || !best_off || !first_order ||
        crl_bitset_init(&L.placed, n) != 0) {
      free(best_off);
      free(first_order);
      goto oom;
    }
    /* Callback answers become rows once, so every pass after the first
     * costs popcounts, not n^2 calls. Only free fields need rows. */
    if (!rows && L.nfree <= CRL_LAYOUT_ROWS_MAX && L.nfree > CRL_LAYOUT_EXACT_MAX) {
      uint32_t a, b;
      own_rows = (crl_bitset *)calloc(n, sizeof(crl_bitset));
      if (!own_rows) ok = 0;
      for (a = 0; ok && a < L.nfree; a++)
        if (crl_bitset_init(&own_rows[L.free_ids[a]], n) != 0) ok = 0;
      for (a = 0; ok && a < L.nfree; a++)
        for (b = a + 1; b < L.nfree; b++) {
          uint32_t x = L.free_ids[a], y = L.free_ids[b];
          if (fn(x, y, ctx)) {
            crl_bitset_set(&own_rows[x], y);
            crl_bitset_set(&own_rows[y], x);
          }
        }
      L.rows = own_rows;
    }
    /* Fields that interfere with every other free field, or with none, are
     * placed the same way whatever is already placed: classify them once
     * instead of once per field per pass. Uniform inputs (all dense, all
     * independent) then cost no row scans inside the passes. */
    if (ok && L.rows) {
      L.kind = (uint8_t *)malloc(n);
      if (!L.kind || crl_bitset_init(&free_set, n) != 0) ok = 0;
      for (i = 0; ok && i < L.nfree; i++) crl_bitset_set(&free_set, L.free_ids[i]);
      for (i = 0; ok && i < L.nfree; i++) {
        uint32_t id = L.free_ids[i];
        crl_bitset_reset(&free_set, id);
        L.kind[id] = (uint8_t)crl_lay_classify(&L.rows[id], &free_set);
        crl_bitset_set(&free_set, id);
      }
      crl_bitset_free(&free_set);
    }
    /* Candidates: {alignment-first, size-first} x {real, all-interfering}.
     * A dense pass is skipped when it would repeat the real one, or when the
     * best frame already meets the lower bound no dense layout can beat. */
    for (pass = 0; ok && pass < 4; pass++) {
      uint64_t end, size;
      int dense = pass & 1, all_dense = 0;
      if (dense && (last_all_dense || best_size <= dense_lb)) continue;
      if (!dense) {
        memcpy(L.ids, L.free_ids, (size_t)L.nfree * sizeof(uint32_t));
        crl_lay_sort_ids(L.ids, L.nfree, fields, pass >> 1);
        /* Both orders agree when no field is larger but less aligned than
         * another: the second pair of passes would repeat the first. */
        if (pass == 0 && first_order) memcpy(first_order, L.ids, (size_t)L.nfree * sizeof(uint32_t));
        if (pass == 2 && first_order &&
            memcmp(first_order, L.ids, (size_t)L.nfree * sizeof(uint32_t)) == 0)
          break;
      }
      end = crl_lay_pass(&L, dense, &all_dense);
      if (end == CRL_LAY_INF) {
        ok = 0;
        break;
      }
      last_all_dense = all_dense;
      size = crl_lay_round_up(end, L.frame_align);
      if (size < best_size) {
        best_size = size;
        best_end = end;
        memcpy(best_off, L.off, (size_t)n * sizeof(uint64_t));
      }
    }
    free(first_order);
    if (own_rows) {
      for (i = 0; i < n; i++) crl_bitset_free(&own_rows[i]);
      free(own_rows);
      L.rows = rows;
    }
    if (!ok) {
      free(best_off);
      goto oom;
    }
    memcpy(L.off, best_off, (size_t)n * sizeof(uint64_t));
    free(best_off);
    if (L.nfree <= CRL_LAYOUT_EXACT_MAX) {
      crl_lay_exact_search(&L, best_size);
      best_end = L.fixed_end;
      for (i = 0; i < L.nfree; i++) {
        uint32_t id = L.free_ids[i];
        if (L.off[id] + fields[id].size > best_end) best_end = L.off[id] + fields[id].size;
      }
    }
  } else {
    best_end = L.fixed_end;
  }
  out->size = crl_lay_round_up(best_end, L.frame_align);
  out->offsets = L.off;
  L.off = NULL;
  crl_lay_cleanup(&L);
  return 0;
oom:
  crl_lay_cleanup(&L);
  return -1;
}

/* Returns 0, or -1 on out of memory or invalid input (alignment not a power
 * of two, sizes without headroom; see the top of this file). On failure
 * out->offsets is NULL. interferes may be NULL when at most one free field
 * has a non-zero size. */
static inline int crl_layout_compute(crl_layout_result *out, const crl_layout_field *fields, uint32_t n,
                                     crl_interferes_fn interferes, void *ctx) {
  return crl_layout_run(out, fields, n, NULL, interferes, ctx);
}

/* rows[i] (for every field i, nbits >= n) has bit j set iff i and j
 * interfere; it must be symmetric. Bits of fixed fields and bit i of rows[i]
 * are ignored. */
static inline int crl_layout_compute_rows(crl_layout_result *out, const crl_layout_field *fields, uint32_t n,
                                          const crl_bitset *rows) {
  return crl_layout_run(out, fields, n, rows, NULL, NULL);
}

#endif /* CRL_LAYOUT_H */
