/* Suspend-crossing sets: for each candidate, the suspend points (and store
 * points) it is live across, and the hull of its live blocks in reverse
 * post-order (what interference starts from). */
#include <stdlib.h>
#include <string.h>

#include "core/layout.h"
#include "irkit/oom.h"
#include "frame/alloca_lifetime.h"
#include "frame/frame_plan.h"

/* Live-in matrices (per chunk of values) above this many words (64 MiB)
 * fall back to walks. */
#define CRL_MATRIX_MAX_WORDS (8u << 20)

typedef struct crossing_ctx {
  crl_plan *p;
  uint32_t ns, n;
  const uint32_t *rb;       /* suspend id -> its block */
  uint32_t *rpo, *order, cnt;
  uint32_t *first, *next;   /* suspend ids chained per block */
  /* The candidates that may cross a suspend (select_candidates), in index
   * order; the matrix holds only these, compacted (clv: their live values). */
  uint32_t *ids, nids;
  crl_live_value *clv;
} crossing_ctx;

#define HULL(cd, b) do { uint32_t r_ = x->rpo[b]; if (r_ != UINT32_MAX) { \
    if (r_ < (cd)->lo) { (cd)->lo = r_; } \
    if (r_ > (cd)->hi) { (cd)->hi = r_; } } } while (0)

/* The hull starts from the definition and the uses; live-in blocks widen it.
 * Memory live from its users on (reach) has no definition, and its uses
 * may be only the reads that matter; but every block that touches it
 * (its forward gen and kill blocks: each such block's last event is one or
 * the other) belongs in the hull, or storage shared with another value
 * could take a write (even a dead one) while that value is live. */
static void hull_from_def_and_uses(crossing_ctx *x, const crl_live_value *lv,
                                   const crl_reach_value *rv) {
  for (uint32_t i = 0; i < x->p->num_cands; i++) {
    crl_cand *cd = &x->p->cands[i];
    cd->lo = UINT32_MAX;
    cd->hi = 0;
    /* Memory live from its users on: where it is defined says nothing. */
    uint32_t d = lv[i].def_block < x->n ? lv[i].def_block : 0;
    if (!cd->reach) HULL(cd, d);
    for (uint32_t k = 0; k < lv[i].num_uses; k++)
      if (lv[i].use_blocks[k] < x->n) HULL(cd, lv[i].use_blocks[k]);
    if (cd->reach) {
      for (uint32_t k = 0; k < rv[i].num_gen; k++)
        if (rv[i].gen_blocks[k] < x->n) HULL(cd, rv[i].gen_blocks[k]);
      for (uint32_t k = 0; k < rv[i].num_kill; k++)
        if (rv[i].kill_blocks[k] < x->n) HULL(cd, rv[i].kill_blocks[k]);
    }
  }
}

/* One backward walk per candidate (core/liveness): cost is the sum of the
 * live ranges, for when the matrix would be too big. */
/* Forward walk for one candidate with `reach`: marks (stamp == gen) the
 * blocks whose entry rv reaches, as crl_reach_in_matrix defines it. */
static void reach_walk(const crl_cfg *g, const crl_reach_value *rv, uint32_t *in_stamp,
                       uint32_t *kill_stamp, uint32_t *gen_stamp, uint32_t gen,
                       uint32_t *stack) {
  uint32_t n = g->num_blocks, sp = 0;
  for (uint32_t k = 0; k < rv->num_kill; k++)
    if (rv->kill_blocks[k] < n) kill_stamp[rv->kill_blocks[k]] = gen;
  for (uint32_t k = 0; k < rv->num_gen; k++) {
    uint32_t b = rv->gen_blocks[k];
    if (b >= n || gen_stamp[b] == gen) continue;
    gen_stamp[b] = gen;
    stack[sp++] = b; /* out[b] holds */
  }
  while (sp) {
    uint32_t b = stack[--sp];
    for (uint32_t e = g->succ_off[b]; e < g->succ_off[b + 1]; e++) {
      uint32_t s = g->succ[e];
      if (in_stamp[s] == gen) continue;
      in_stamp[s] = gen;
      /* out[s] holds too unless s kills (a gen block is already pushed). */
      if (kill_stamp[s] != gen && gen_stamp[s] != gen) {
        gen_stamp[s] = gen;
        stack[sp++] = s;
      }
    }
  }
}

/* Backward walk for one candidate with `rewrites`: marks (stamp == gen)
 * the blocks on whose entry bk is live, as crl_live_in_kill_matrix says. */
static void rewrite_walk(const crl_cfg *g, const crl_reach_value *bk, uint32_t *in_stamp,
                         uint32_t *kill_stamp, uint32_t gen, uint32_t *stack) {
  uint32_t n = g->num_blocks, sp = 0;
  for (uint32_t k = 0; k < bk->num_kill; k++)
    if (bk->kill_blocks[k] < n) kill_stamp[bk->kill_blocks[k]] = gen;
  for (uint32_t k = 0; k < bk->num_gen; k++) {
    uint32_t b = bk->gen_blocks[k];
    if (b >= n || in_stamp[b] == gen) continue;
    in_stamp[b] = gen;
    kill_stamp[b] = 0; /* a use in the block comes first */
    stack[sp++] = b;
  }
  while (sp) {
    uint32_t b = stack[--sp];
    for (uint32_t e = g->pred_off[b]; e < g->pred_off[b + 1]; e++) {
      uint32_t q = g->pred[e];
      if (in_stamp[q] == gen || kill_stamp[q] == gen) continue;
      in_stamp[q] = gen;
      stack[sp++] = q;
    }
  }
}

static int crossing_by_walks(crossing_ctx *x, const crl_live_value *lv,
                             const crl_reach_value *rv, const crl_reach_value *bk) {
  crl_plan *p = x->p;
  crl_live_scratch sc;
  uint32_t *out = crl_malloc((x->n + 1) * sizeof *out);
  uint32_t *st = crl_calloc(6 * ((size_t)x->n + 1), sizeof *st);
  if (!out || !st || crl_live_scratch_init(&sc, &p->live_cfg) != 0) {
    free(out);
    free(st);
    return -1;
  }
  uint32_t *in_stamp = st, *kill_stamp = st + x->n + 1, *gen_stamp = st + 2 * (x->n + 1);
  uint32_t *stack = st + 3 * (x->n + 1);
  uint32_t *bin_stamp = st + 4 * (x->n + 1), *bkill_stamp = st + 5 * (x->n + 1);
  for (uint32_t t = 0; t < x->nids; t++) {
    uint32_t i = x->ids[t];
    crl_cand *cd = &p->cands[i];
    uint32_t m = crl_live_in_blocks(&sc, &lv[i], out);
    if (cd->reach) reach_walk(&p->live_cfg, &rv[i], in_stamp, kill_stamp, gen_stamp, i + 1, stack);
    if (cd->rewrites) rewrite_walk(&p->live_cfg, &bk[i], bin_stamp, bkill_stamp, i + 1, stack);
    for (uint32_t k = 0; k < m; k++) {
      if (cd->reach && in_stamp[out[k]] != i + 1) continue;
      if (cd->rewrites && bin_stamp[out[k]] != i + 1) continue;
      HULL(cd, out[k]);
      for (uint32_t s = x->first[out[k]]; s != UINT32_MAX; s = x->next[s])
        crl_bitset_set(&p->cross.across[i], s);
    }
  }
  crl_live_scratch_free(&sc);
  free(out);
  free(st);
  return 0;
}

/* Hull ends from the matrix: the first (last) block in reverse post-order
 * where each value is live-in, found with a running "seen" set. `left`
 * is how many values are live anywhere (from the first pass, which gives
 * them), or UINT64_MAX: the pass stops when it has met them all. Returns
 * how many it met. */
static uint64_t hull_ends(crossing_ctx *x, const uint64_t *m, uint32_t W, const uint32_t *rng,
                          uint64_t *seen, int from_top, uint32_t c0, uint64_t left) {
  uint64_t met = 0;
  memset(seen, 0, (size_t)W * sizeof *seen);
  for (uint32_t k = 0; k < x->cnt && met < left; k++) {
    uint32_t pos = from_top ? k : x->cnt - 1 - k, b = x->order[pos];
    const uint64_t *row = m + (size_t)b * W;
    for (uint32_t w = rng[2 * b]; w < rng[2 * b + 1]; w++) {
      uint64_t fresh = row[w] & ~seen[w];
      if (!fresh) continue;
      seen[w] |= fresh;
      met += crl_popcount64(fresh);
      while (fresh) {
        crl_cand *cd = &x->p->cands[x->ids[c0 + (w << 6) + crl_ctz64(fresh)]];
        fresh &= fresh - 1;
        if (from_top && pos < cd->lo) cd->lo = pos;
        if (!from_top && pos > cd->hi) cd->hi = pos;
      }
    }
  }
  return met;
}

/* Crossing sets are the suspends' rows of the live-in matrix, transposed:
 * 64 suspends by 64 candidates at a time, so the cost is per word, not per
 * (value, suspend) pair live across it. */
static void transpose_rows(crossing_ctx *x, const uint64_t *m, uint32_t W, const uint32_t *rng,
                           uint32_t c0) {
  crl_plan *p = x->p;
  uint64_t blk[64];
  for (uint32_t s0 = 0; s0 < x->ns; s0 += 64) {
    uint32_t cnt = x->ns - s0 < 64 ? x->ns - s0 : 64;
    for (uint32_t w = 0; w < W; w++) {
      uint64_t any = 0;
      for (uint32_t k = 0; k < 64; k++) {
        uint32_t b = k < cnt ? x->rb[s0 + k] : UINT32_MAX;
        blk[k] = b < x->n && w >= rng[2 * b] && w < rng[2 * b + 1] ? m[(size_t)b * W + w] : 0;
        any |= blk[k];
      }
      if (!any) continue;
      crl_transpose64(blk);
      for (uint32_t j = 0; j < 64; j++) {
        uint32_t v = c0 + (w << 6) + j;
        if (blk[j] && v < x->nids) p->cross.across[x->ids[v]].words[s0 >> 6] |= blk[j];
      }
    }
  }
}

/* Candidates CRL_MATRIX_CHUNK_WORDS * 64 at a time (core/liveness'
 * matrix), then crossing sets by reading the rows of the suspends' blocks.
 * The work is the same as all at once, but a chunk's matrix stays in
 * cache: for thousands of values over tens of thousands of blocks the whole
 * matrix is tens of megabytes, and each pass over it would go to memory. */
#define CRL_MATRIX_CHUNK_WORDS 32u
/* Candidates with `reach` are live only where their sources reach too:
 * their live-in rows are and'ed with the forward matrix of the chunk. */
static int apply_reach(crossing_ctx *x, const crl_reach_value *rv, int backward,
                       uint32_t c0, uint32_t cnt, uint32_t w, uint64_t *m,
                       const uint32_t *rng, uint64_t *f, uint32_t *frng, uint64_t *keep) {
  crl_plan *p = x->p;
  int any = 0;
  memset(keep, 0, (size_t)w * sizeof *keep);
  for (uint32_t j = 0; j < cnt; j++) {
    const crl_cand *cd = &p->cands[x->ids[c0 + j]];
    if (backward ? cd->rewrites : cd->reach) any = 1;
    else keep[j >> 6] |= 1ULL << (j & 63);
  }
  if (!any) return 0;
  crl_reach_value *sub = crl_malloc(((size_t)cnt + 1) * sizeof *sub);
  if (!sub) return -1;
  for (uint32_t j = 0; j < cnt; j++)
    sub[j] = keep[j >> 6] >> (j & 63) & 1 ? (crl_reach_value){0, 0, NULL, NULL} : rv[x->ids[c0 + j]];
  int rc = backward ? crl_live_in_kill_matrix_rng(&p->live_cfg, sub, cnt, f, w, frng)
                    : crl_reach_in_matrix_rng(&p->live_cfg, sub, cnt, f, w, frng);
  free(sub);
  if (rc != 0) return -1;
  /* Rows hold words only inside their ranges (core/liveness): f's row is
   * zero outside its range. */
  for (size_t b = 0; b < x->n; b++) {
    uint32_t lo = rng[2 * b], hi = rng[2 * b + 1], flo = frng[2 * b], fhi = frng[2 * b + 1];
    uint64_t *row = m + b * w;
    const uint64_t *frow = f + b * w;
    if (flo < lo) flo = lo;
    if (fhi > hi) fhi = hi;
    if (flo >= fhi) flo = fhi = hi;
    /* Outside f's range only the kept bits stay; inside, f's too. */
    for (uint32_t k = lo; k < flo; k++) row[k] &= keep[k];
    for (uint32_t k = flo; k < fhi; k++) row[k] &= frow[k] | keep[k];
    for (uint32_t k = fhi; k < hi; k++) row[k] &= keep[k];
  }
  return 0;
}

static int crossing_by_matrix(crossing_ctx *x, const crl_reach_value *rv,
                              const crl_reach_value *bk, uint32_t WC) {
  crl_plan *p = x->p;
  uint64_t *m = crl_malloc(((size_t)x->n * WC + 1) * sizeof *m);
  uint64_t *seen = crl_malloc(((size_t)WC + 1) * sizeof *seen);
  uint64_t *keep = crl_malloc(((size_t)WC + 1) * sizeof *keep);
  uint64_t *f = NULL;
  /* Word ranges of m's and f's rows (core/liveness). */
  uint32_t *rng = crl_malloc((2 * (size_t)x->n + 1) * sizeof *rng);
  uint32_t *frng = crl_malloc((2 * (size_t)x->n + 1) * sizeof *frng);
  int any_reach = 0;
  for (uint32_t t = 0; t < x->nids && !any_reach; t++)
    any_reach = p->cands[x->ids[t]].reach || p->cands[x->ids[t]].rewrites;
  if (any_reach) f = crl_malloc(((size_t)x->n * WC + 1) * sizeof *f);
  int rc = m && seen && keep && rng && frng && (f || !any_reach) ? 0 : -1;
  for (uint32_t c0 = 0; rc == 0 && c0 < x->nids; c0 += WC * 64) {
    uint32_t cnt = x->nids - c0 < WC * 64 ? x->nids - c0 : WC * 64;
    uint32_t w = (cnt + 63) / 64;
    if (crl_live_in_matrix_rng(&p->live_cfg, x->clv + c0, cnt, m, w, rng) != 0 ||
        (any_reach && (apply_reach(x, rv, 0, c0, cnt, w, m, rng, f, frng, keep) != 0 ||
                       apply_reach(x, bk, 1, c0, cnt, w, m, rng, f, frng, keep) != 0))) {
      rc = -1;
      break;
    }
    transpose_rows(x, m, w, rng, c0);
    uint64_t live = hull_ends(x, m, w, rng, seen, 1, c0, UINT64_MAX);
    hull_ends(x, m, w, rng, seen, 0, c0, live);
  }
  free(rng);
  free(frng);
  free(m);
  free(seen);
  free(keep);
  free(f);
  return rc;
}
#undef HULL

/* Which candidates may be live into a suspend's block; the others keep an
 * empty crossing set and their hull from the definition and the uses.
 * Every block a candidate is live in lies on a path from its definition
 * (or a block that writes it) to a use, so within [lo, hi], its hull in
 * reverse post-order so far, unless such a path leaves that range: going
 * forward past hi and coming back, or going back below a block of the
 * range, both take a retreating edge t -> h with h <= hi and t >= lo. So
 * a candidate whose range meets no retreating edge's [h, t] and holds no
 * suspend's block strictly above lo (without a loop nothing is live into
 * the first block of its range: no path reaches it from a definition or a
 * write) is live across nothing, and its live blocks widen no hull. Unreachable suspend blocks lie outside every range: then nothing
 * is filtered. Costs O(blocks + candidates); the matrix then holds only
 * the candidates that remain (half of them in straight-line coroutines). */
static int select_candidates(crossing_ctx *x) {
  crl_plan *p = x->p;
  uint32_t cnt = x->cnt, nr = 0;
  uint32_t *susp_below = crl_calloc((size_t)cnt + 2, sizeof *susp_below);
  uint32_t *max_tail = crl_malloc(((size_t)cnt + 1) * sizeof *max_tail);
  x->ids = crl_malloc(((size_t)p->num_cands + 1) * sizeof *x->ids);
  if (!susp_below || !max_tail || !x->ids) {
    free(susp_below);
    free(max_tail);
    return -1;
  }
  int filter = 1;
  /* susp_below[r + 1] - susp_below[q + 1]: suspend blocks at positions (q, r]. */
  for (uint32_t s = 0; s < x->ns && filter; s++) {
    uint32_t r = x->rpo[x->rb[s]];
    if (r == UINT32_MAX) filter = 0;
    else susp_below[r + 1] = 1;
  }
  for (uint32_t r = 1; r <= cnt; r++) susp_below[r] += susp_below[r - 1];
  /* max_tail[q]: the latest tail of a retreating edge whose head is at or
   * before q (UINT32_MAX: none yet). */
  for (uint32_t r = 0; r < cnt; r++) max_tail[r] = UINT32_MAX;
  for (uint32_t b = 0; b < x->n; b++) {
    uint32_t t = x->rpo[b];
    if (t == UINT32_MAX) continue;
    for (uint32_t e = p->live_cfg.succ_off[b]; e < p->live_cfg.succ_off[b + 1]; e++) {
      uint32_t h = x->rpo[p->live_cfg.succ[e]];
      if (h != UINT32_MAX && h <= t && (max_tail[h] == UINT32_MAX || t > max_tail[h])) {
        max_tail[h] = t;
        nr++;
      }
    }
  }
  for (uint32_t r = 1; r < cnt; r++)
    if (max_tail[r - 1] != UINT32_MAX && (max_tail[r] == UINT32_MAX || max_tail[r - 1] > max_tail[r]))
      max_tail[r] = max_tail[r - 1];
  x->nids = 0;
  for (uint32_t i = 0; i < p->num_cands; i++) {
    const crl_cand *cd = &p->cands[i];
    uint32_t lo = cd->lo, hi = cd->hi;
    int maybe = !filter;
    if (!maybe && lo <= hi && hi < cnt) {
      maybe = susp_below[hi + 1] - susp_below[lo + 1] > 0 ||
              (nr && max_tail[hi] != UINT32_MAX && max_tail[hi] >= lo);
    }
    if (maybe) x->ids[x->nids++] = i;
  }
  free(susp_below);
  free(max_tail);
  return 0;
}

/* For each candidate, the suspends (and store points) it is live across and
 * the hull, in reverse post-order, of its live blocks. */
int crl_crossing_and_hulls(crl_plan *p, uint32_t ns, const uint32_t *rb,
                           const crl_live_value *lv, const crl_reach_value *rv,
                           const crl_reach_value *bk) {
  crossing_ctx x = {p, ns, p->num_blocks, rb, NULL, NULL, 0, NULL, NULL, NULL, 0, NULL};
  uint32_t n = p->num_blocks;
  x.order = crl_malloc((n + 1) * sizeof *x.order);
  x.rpo = crl_malloc((n + 1) * sizeof *x.rpo);
  x.first = crl_malloc((n + 1) * sizeof *x.first);
  x.next = crl_malloc((ns + 1) * sizeof *x.next);
  crl_crossing *cr = &p->cross;
  memset(cr, 0, sizeof *cr);
  cr->num_values = p->num_cands;
  cr->num_suspends = ns;
  cr->across = crl_calloc(p->num_cands + 1, sizeof *cr->across);
  uint32_t words = (ns + 63) / 64;
  uint64_t *store = crl_calloc((size_t)p->num_cands * words + 1, sizeof *store);
  int rc = -1;
  if (!x.order || !x.rpo || !x.first || !x.next || !cr->across || !store ||
      crl_cfg_rpo(&p->live_cfg, x.order, x.rpo, &x.cnt) != 0)
    goto out;
  /* The rows share one allocation, as crl_plan_free expects. */
  cr->across[0].words = store;
  store = NULL;
  for (uint32_t i = 0; i < p->num_cands; i++) {
    cr->across[i].words = cr->across[0].words + (size_t)i * words;
    cr->across[i].nbits = ns;
    cr->across[i].nwords = words;
  }
  for (uint32_t b = 0; b <= n; b++) x.first[b] = UINT32_MAX;
  for (uint32_t s = ns; s-- > 0;) {
    x.next[s] = x.first[rb[s]];
    x.first[rb[s]] = s;
  }
  hull_from_def_and_uses(&x, lv, rv);
  if (select_candidates(&x) != 0) goto out;
  x.clv = crl_malloc(((size_t)x.nids + 1) * sizeof *x.clv);
  if (!x.clv) goto out;
  for (uint32_t t = 0; t < x.nids; t++) x.clv[t] = lv[x.ids[t]];
  uint32_t W = (x.nids + 63) / 64;
  uint32_t WC = W < CRL_MATRIX_CHUNK_WORDS ? W : CRL_MATRIX_CHUNK_WORDS; /* words per chunk */
  if ((uint64_t)n * WC <= CRL_MATRIX_MAX_WORDS)
    rc = crossing_by_matrix(&x, rv, bk, WC);
  else
    rc = crossing_by_walks(&x, lv, rv, bk);
out:
  free(x.order); free(x.rpo); free(x.first); free(x.next); free(store);
  free(x.ids); free(x.clv);
  return rc;
}

