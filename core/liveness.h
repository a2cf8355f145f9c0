/* Liveness of SSA values at block entries, and the suspend-crossing sets
 * derived from it.
 *
 * Model. Suspend points sit on block boundaries: execution continues at the
 * start of the resume block R_s after suspend s. A value has one defining
 * block D and a list of use blocks; a phi use is recorded as a use at the end
 * of the incoming block. The value is live across s iff it is live-in at R_s,
 * i.e. some path from the start of R_s reaches a use without passing D. Uses
 * inside D never make D live-in (they come after the definition), and a walk
 * that reaches D again around a loop stops there, so a value defined in R_s is
 * never live across s. Blocks unreachable from the entry are ignored.
 *
 * Cost. Each value costs the blocks of its live range plus their predecessor
 * edges: a backward walk from the uses that stops at D, with generation
 * stamps instead of per-value clearing. Nothing scans the whole function per
 * value. When live ranges are long and many (every await's result live to
 * the end), crl_live_in_matrix computes the same sets for all values at once,
 * 64 values per word operation.
 */
#ifndef CRL_CORE_LIVENESS_H
#define CRL_CORE_LIVENESS_H

/* Checked standalone as a main file; clang, unlike gcc, then reports every
 * unused static inline function. */
#if defined(__clang__) && defined(__INCLUDE_LEVEL__) && __INCLUDE_LEVEL__ == 0
#pragma clang diagnostic ignored "-Wunused-function"
#endif

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bitset.h"
#include "cfg.h"

typedef struct crl_live_value {
  uint32_t def_block; /* >= num_blocks: defined before the entry (walks reach the entry) */
  uint32_t num_uses;
  const uint32_t *use_blocks; /* duplicates and out-of-range ids are tolerated */
} crl_live_value;

/* Reusable state for live-in queries on one CFG. */
typedef struct crl_live_scratch {
  const crl_cfg *g;
  uint8_t *reachable;
  uint32_t *stamp;
  uint32_t gen;
} crl_live_scratch;

static inline void crl_live_scratch_free(crl_live_scratch *s) {
  free(s->reachable);
  free(s->stamp);
  s->reachable = NULL;
  s->stamp = NULL;
}

/* Returns 0, or -1 on out of memory. g must outlive the scratch. */
static inline int crl_live_scratch_init(crl_live_scratch *s, const crl_cfg *g) {
  uint32_t n = g->num_blocks, cnt, b;
  uint32_t *order = (uint32_t *)malloc(((size_t)n + 1) * sizeof(uint32_t));
  uint32_t *idx = (uint32_t *)malloc(((size_t)n + 1) * sizeof(uint32_t));
  s->g = g;
  s->gen = 0;
  s->reachable = (uint8_t *)calloc((size_t)n + 1, 1);
  s->stamp = (uint32_t *)calloc((size_t)n + 1, sizeof(uint32_t));
  if (!order || !idx || !s->reachable || !s->stamp || crl_cfg_rpo(g, order, idx, &cnt) != 0) {
    free(order);
    free(idx);
    crl_live_scratch_free(s);
    return -1;
  }
  for (b = 0; b < n; b++) s->reachable[b] = idx[b] != UINT32_MAX;
  free(order);
  free(idx);
  return 0;
}

/* Writes the blocks where v is live-in to out (capacity num_blocks), in
 * discovery order (deterministic, not sorted); returns the count. out is also
 * the walk's worklist, so the query allocates nothing. */
static inline uint32_t crl_live_in_blocks(crl_live_scratch *s, const crl_live_value *v, uint32_t *out) {
  const crl_cfg *g = s->g;
  uint32_t n = g->num_blocks, d = v->def_block, k = 0, head = 0, i, gen;
  if (++s->gen == 0) { /* wrapped: old stamps could alias the new generation */
    memset(s->stamp, 0, (size_t)n * sizeof(uint32_t));
    s->gen = 1;
  }
  gen = s->gen;
  for (i = 0; i < v->num_uses; i++) {
    uint32_t u = v->use_blocks[i];
    if (u >= n || u == d || !s->reachable[u] || s->stamp[u] == gen) continue;
    s->stamp[u] = gen;
    out[k++] = u;
  }
  while (head < k) {
    uint32_t b = out[head++], e;
    for (e = g->pred_off[b]; e < g->pred_off[b + 1]; e++) {
      uint32_t p = g->pred[e];
      if (p == d || !s->reachable[p] || s->stamp[p] == gen) continue;
      s->stamp[p] = gen;
      out[k++] = p;
    }
  }
  return k;
}

/* ---- Many values at once: bit matrices over blocks -----------------------
 *
 * The matrices below hold one row of W words per block, bit v of row b
 * (word v / 64) saying whether value v is live (or reachable) at the entry
 * of b. Each is a dataflow over rows, 64 values per word operation, in
 * post-order (backward) or reverse post-order (forward): one pass when the
 * reachable CFG has no retreating edge, otherwise passes to a fixed point.
 *
 * Word ranges. Most values are live over a stretch of the function, so most
 * rows are zero outside a few words: each row keeps the range of words
 * [rng[2b], rng[2b + 1]) outside which it is zero, and the passes touch
 * only those words (the union of the neighbours' ranges). Where thousands
 * of values are live in every block this is the whole row and costs what
 * the plain matrix did; where values live in places (temporaries of one
 * await, memory between a write and a read) it costs the words that can
 * hold them. Callers may pass rng (2 * num_blocks entries) to read the
 * ranges back; an empty range has rng[2b] >= rng[2b + 1]. The *_rng
 * variants leave the words outside a row's range undefined (zeroing the
 * whole matrix would cost more than filling it), so their callers read
 * only inside the ranges; the plain variants zero the matrix first. */

/* Blocks in reverse post-order, whether some edge between reachable blocks
 * goes backward in that order (a loop), and the counting-sort scratch. */
typedef struct crl_mx {
  const crl_cfg *g;
  uint32_t n, cnt, W, cyclic;
  uint32_t *order, *idx, *rng;
  uint32_t *kill_off, *kill_ids; /* events that clear a bit, by block */
  uint32_t *gen_off, *gen_ids;   /* events that set one (forward only) */
  uint64_t *tmp, *row_out;
  uint32_t *own_rng;
} crl_mx;

static inline void crl_mx_free(crl_mx *x) {
  free(x->order);
  free(x->idx);
  free(x->kill_off);
  free(x->kill_ids);
  free(x->gen_off);
  free(x->gen_ids);
  free(x->tmp);
  free(x->row_out);
  free(x->own_rng);
}

static inline int crl_mx_init(crl_mx *x, const crl_cfg *g, uint64_t *m, uint32_t W, uint32_t *rng) {
  uint32_t n = g->num_blocks, b, e;
  memset(x, 0, sizeof *x);
  x->g = g;
  x->n = n;
  x->W = W;
  x->order = (uint32_t *)malloc(((size_t)n + 1) * sizeof(uint32_t));
  x->idx = (uint32_t *)malloc(((size_t)n + 1) * sizeof(uint32_t));
  x->kill_off = (uint32_t *)calloc((size_t)n + 2, sizeof(uint32_t));
  x->gen_off = (uint32_t *)calloc((size_t)n + 2, sizeof(uint32_t));
  x->tmp = (uint64_t *)malloc(((size_t)W + 1) * sizeof(uint64_t));
  x->row_out = (uint64_t *)malloc(((size_t)W + 1) * sizeof(uint64_t));
  if (!rng) rng = x->own_rng = (uint32_t *)malloc((2 * (size_t)n + 1) * sizeof(uint32_t));
  x->rng = rng;
  if (!x->order || !x->idx || !x->kill_off || !x->gen_off || !x->tmp || !x->row_out || !rng ||
      crl_cfg_rpo(g, x->order, x->idx, &x->cnt) != 0) {
    crl_mx_free(x);
    return -1;
  }
  for (b = 0; b < n; b++) {
    rng[2 * b] = W;
    rng[2 * b + 1] = 0;
    if (x->idx[b] == UINT32_MAX) continue;
    for (e = g->succ_off[b]; e < g->succ_off[b + 1]; e++)
      if (x->idx[g->succ[e]] <= x->idx[b]) x->cyclic = 1;
  }
  (void)m;
  return 0;
}

/* Widens row b's range to cover [lo, hi), zeroing the words it adds. */
static inline void crl_mx_widen(crl_mx *x, uint64_t *m, uint32_t b, uint32_t lo, uint32_t hi) {
  uint64_t *row = m + (size_t)b * x->W;
  uint32_t olo = x->rng[2 * b], ohi = x->rng[2 * b + 1], w;
  if (olo >= ohi) {
    for (w = lo; w < hi; w++) row[w] = 0;
    x->rng[2 * b] = lo;
    x->rng[2 * b + 1] = hi;
    return;
  }
  /* The new range is the hull: gaps between the two get zeroed too. */
  for (w = lo; w < olo; w++) row[w] = 0;
  for (w = ohi; w < hi; w++) row[w] = 0;
  if (lo < olo) x->rng[2 * b] = lo;
  if (hi > ohi) x->rng[2 * b + 1] = hi;
}

/* Events by block (counting sort). which: 0 kills, 1 gens. Each value
 * lists blocks; ids out of range or of unreachable blocks are dropped. */
static inline int crl_mx_group(crl_mx *x, int which, uint32_t num_values, const uint32_t *counts,
                               const uint32_t *const *lists) {
  uint32_t *off = which ? x->gen_off : x->kill_off, v, k, b, total = 0, n = x->n;
  uint32_t *ids;
  for (v = 0; v < num_values; v++)
    for (k = 0; k < counts[v]; k++) {
      b = lists[v][k];
      if (b < n && x->idx[b] != UINT32_MAX) {
        off[b + 2]++;
        total++;
      }
    }
  ids = (uint32_t *)malloc(((size_t)total + 1) * sizeof(uint32_t));
  if (!ids) return -1;
  if (which) x->gen_ids = ids;
  else x->kill_ids = ids;
  for (b = 0; b < n; b++) off[b + 2] += off[b + 1];
  for (v = 0; v < num_values; v++)
    for (k = 0; k < counts[v]; k++) {
      b = lists[v][k];
      if (b < n && x->idx[b] != UINT32_MAX) ids[off[b + 1]++] = v;
    }
  return 0;
}

/* Sets bit v of row b and widens b's range. */
static inline void crl_mx_seed(crl_mx *x, uint64_t *m, uint32_t b, uint32_t v) {
  uint32_t w = v >> 6;
  crl_mx_widen(x, m, b, w, w + 1);
  m[(size_t)b * x->W + w] |= (uint64_t)1 << (v & 63u);
}

/* Merges src[lo, hi) into row b (widening its range to src's non-zero
 * words); returns whether a bit was new. */
static inline int crl_mx_merge_from(crl_mx *x, uint64_t *m, uint32_t b, const uint64_t *src,
                                    uint32_t lo, uint32_t hi) {
  uint64_t *row = m + (size_t)b * x->W, diff = 0;
  uint32_t w;
  while (lo < hi && !src[lo]) lo++;
  while (hi > lo && !src[hi - 1]) hi--;
  if (lo >= hi) return 0;
  crl_mx_widen(x, m, b, lo, hi);
  for (w = lo; w < hi; w++) {
    diff |= src[w] & ~row[w];
    row[w] |= src[w];
  }
  return diff != 0;
}

/* Merges tmp[lo, hi) into row b. */
static inline int crl_mx_merge(crl_mx *x, uint64_t *m, uint32_t b, uint32_t lo, uint32_t hi) {
  return crl_mx_merge_from(x, m, b, x->tmp, lo, hi);
}

/* Merges row s into row b, as crl_mx_merge would with tmp holding row s. */
static inline int crl_mx_merge_row(crl_mx *x, uint64_t *m, uint32_t b, uint32_t s) {
  if (s == b) return 0;
  return crl_mx_merge_from(x, m, b, m + (size_t)s * x->W, x->rng[2 * s], x->rng[2 * s + 1]);
}

/* Backward: row b gets its successors' rows less b's kills (its seeds,
 * already in m, stay). */
static inline void crl_mx_backward(crl_mx *x, uint64_t *m) {
  const crl_cfg *g = x->g;
  uint32_t W = x->W, k, b, e, w, lo, hi;
  int changed;
  do {
    changed = 0;
    for (k = x->cnt; k-- > 0;) {
      b = x->order[k];
      if (g->succ_off[b + 1] - g->succ_off[b] == 1 && x->kill_off[b] == x->kill_off[b + 1]) {
        /* One successor and nothing killed (straight-line code, mostly):
         * its row merges in directly, without the union in tmp. */
        changed |= crl_mx_merge_row(x, m, b, g->succ[g->succ_off[b]]);
        continue;
      }
      lo = W;
      hi = 0;
      for (e = g->succ_off[b]; e < g->succ_off[b + 1]; e++) {
        uint32_t s = g->succ[e];
        if (x->rng[2 * s] < lo) lo = x->rng[2 * s];
        if (x->rng[2 * s + 1] > hi) hi = x->rng[2 * s + 1];
      }
      if (lo >= hi) continue;
      for (w = lo; w < hi; w++) x->tmp[w] = 0;
      for (e = g->succ_off[b]; e < g->succ_off[b + 1]; e++) {
        uint32_t s = g->succ[e];
        const uint64_t *sr = m + (size_t)s * W;
        for (w = x->rng[2 * s]; w < x->rng[2 * s + 1]; w++) x->tmp[w] |= sr[w];
      }
      for (e = x->kill_off[b]; e < x->kill_off[b + 1]; e++)
        x->tmp[x->kill_ids[e] >> 6] &= ~((uint64_t)1 << (x->kill_ids[e] & 63u));
      changed |= crl_mx_merge(x, m, b, lo, hi);
    }
  } while (changed && x->cyclic);
}

/* Forward: row b gets the union over its reachable predecessors p of
 * out[p] = gen[p] | (in[p] & ~kill[p]) (gen wins in one block). */
static inline void crl_mx_forward(crl_mx *x, uint64_t *m) {
  const crl_cfg *g = x->g;
  uint32_t W = x->W, k, b, e, w, lo, hi;
  int changed;
  do {
    changed = 0;
    for (k = 0; k < x->cnt; k++) {
      b = x->order[k];
      lo = W;
      hi = 0;
      for (e = g->pred_off[b]; e < g->pred_off[b + 1]; e++) {
        uint32_t p = g->pred[e];
        if (x->idx[p] == UINT32_MAX) continue;
        if (x->rng[2 * p] < lo) lo = x->rng[2 * p];
        if (x->rng[2 * p + 1] > hi) hi = x->rng[2 * p + 1];
        for (w = x->gen_off[p]; w < x->gen_off[p + 1]; w++) {
          uint32_t gw = x->gen_ids[w] >> 6;
          if (gw < lo) lo = gw;
          if (gw + 1 > hi) hi = gw + 1;
        }
      }
      if (lo >= hi) continue;
      for (w = lo; w < hi; w++) x->tmp[w] = 0;
      for (e = g->pred_off[b]; e < g->pred_off[b + 1]; e++) {
        uint32_t p = g->pred[e], plo, phi;
        const uint64_t *pr = m + (size_t)p * W;
        if (x->idx[p] == UINT32_MAX) continue;
        plo = x->rng[2 * p];
        phi = x->rng[2 * p + 1];
        if (x->kill_off[p] == x->kill_off[p + 1]) {
          for (w = plo; w < phi; w++) x->tmp[w] |= pr[w];
        } else {
          /* out[p]: its in-row less its kills, then or'ed in. */
          for (w = plo; w < phi; w++) x->row_out[w] = pr[w];
          for (w = x->kill_off[p]; w < x->kill_off[p + 1]; w++) {
            uint32_t kw = x->kill_ids[w] >> 6;
            if (kw >= plo && kw < phi) x->row_out[kw] &= ~((uint64_t)1 << (x->kill_ids[w] & 63u));
          }
          for (w = plo; w < phi; w++) x->tmp[w] |= x->row_out[w];
        }
        for (w = x->gen_off[p]; w < x->gen_off[p + 1]; w++)
          x->tmp[x->gen_ids[w] >> 6] |= (uint64_t)1 << (x->gen_ids[w] & 63u);
      }
      changed |= crl_mx_merge(x, m, b, lo, hi);
    }
  } while (changed && x->cyclic);
}

/* Every value's live-in blocks at once: m[b * W + v / 64] holds bit v % 64
 * iff v is live-in at block b, exactly the blocks crl_live_in_blocks gives
 * for v. m must hold num_blocks * W words, W >= (num_values + 63) / 64.
 * A block's row is its seeds (uses of values defined elsewhere) or'ed with
 * its successors' rows minus the values it defines. Where many values stay
 * live across long stretches of code (a coroutine with thousands of
 * awaits, every result live to the end) the walks cost the sum of all live
 * ranges in blocks; this costs at most num_blocks * W words per pass, a
 * small fraction of that. The caller chooses by that estimate, and keeps
 * memory bounded: the matrix is num_blocks * W words. rng: NULL or the
 * rows' word ranges (above). Returns 0 or -1 on out of memory. */
static inline int crl_live_in_matrix_rng(const crl_cfg *g, const crl_live_value *values, uint32_t num_values,
                                         uint64_t *m, uint32_t W, uint32_t *rng) {
  crl_mx x;
  uint32_t v, k, n = g->num_blocks;
  uint32_t *cnt1 = (uint32_t *)malloc(((size_t)num_values + 1) * sizeof(uint32_t));
  const uint32_t **def = (const uint32_t **)malloc(((size_t)num_values + 1) * sizeof(uint32_t *));
  int rc = -1;
  if (!cnt1 || !def || crl_mx_init(&x, g, m, W, rng) != 0) {
    free(cnt1);
    free((void *)def);
    return -1;
  }
  for (v = 0; v < num_values; v++) {
    cnt1[v] = 1;
    def[v] = &values[v].def_block;
  }
  if (crl_mx_group(&x, 0, num_values, cnt1, def) == 0) {
    for (v = 0; v < num_values; v++)
      for (k = 0; k < values[v].num_uses; k++) {
        uint32_t u = values[v].use_blocks[k];
        if (u < n && u != values[v].def_block && x.idx[u] != UINT32_MAX) crl_mx_seed(&x, m, u, v);
      }
    crl_mx_backward(&x, m);
    rc = 0;
  }
  free(cnt1);
  free((void *)def);
  crl_mx_free(&x);
  return rc;
}

static inline int crl_live_in_matrix(const crl_cfg *g, const crl_live_value *values, uint32_t num_values,
                                     uint64_t *m, uint32_t W) {
  memset(m, 0, (size_t)g->num_blocks * W * sizeof(uint64_t));
  return crl_live_in_matrix_rng(g, values, num_values, m, W, NULL);
}

/* Forward reachability for many values at once, the mirror image of
 * crl_live_in_matrix: each value has "gen" blocks, where it becomes
 * reachable (at the block's end), and "kill" blocks, which stop it (a
 * block in both counts as gen: the caller lists the block's last event).
 * m[b * W + v / 64] holds bit v % 64 iff some gen block of v reaches the
 * entry of b by a path whose blocks after the gen block kill nothing, that
 * is in[b] of out[b] = gen[b] | (in[b] & ~kill[b]), in[b] = OR over
 * predecessors of out. What an alloca's contents or address need: they
 * exist from the code that makes them (a write, a lifetime.start) onwards,
 * not from a single definition. Same cost as crl_live_in_matrix.
 * Blocks unreachable from the entry stay empty and feed nothing. rng: NULL
 * or the rows' word ranges. 0, or -1 on out of memory. */
typedef struct crl_reach_value {
  uint32_t num_gen, num_kill;
  const uint32_t *gen_blocks, *kill_blocks; /* out-of-range ids are ignored */
} crl_reach_value;

/* Groups the values' gen and kill lists by block. */
static inline int crl_mx_group_reach(crl_mx *x, const crl_reach_value *values, uint32_t num_values) {
  uint32_t v;
  uint32_t *cg = (uint32_t *)malloc(((size_t)num_values + 1) * sizeof(uint32_t));
  uint32_t *ck = (uint32_t *)malloc(((size_t)num_values + 1) * sizeof(uint32_t));
  const uint32_t **lg = (const uint32_t **)malloc(((size_t)num_values + 1) * sizeof(uint32_t *));
  const uint32_t **lk = (const uint32_t **)malloc(((size_t)num_values + 1) * sizeof(uint32_t *));
  int rc = -1;
  if (cg && ck && lg && lk) {
    for (v = 0; v < num_values; v++) {
      cg[v] = values[v].num_gen;
      ck[v] = values[v].num_kill;
      lg[v] = values[v].gen_blocks;
      lk[v] = values[v].kill_blocks;
    }
    rc = crl_mx_group(x, 1, num_values, cg, lg) == 0 && crl_mx_group(x, 0, num_values, ck, lk) == 0 ? 0 : -1;
  }
  free(cg);
  free(ck);
  free((void *)lg);
  free((void *)lk);
  return rc;
}

static inline int crl_reach_in_matrix_rng(const crl_cfg *g, const crl_reach_value *values, uint32_t num_values,
                                          uint64_t *m, uint32_t W, uint32_t *rng) {
  crl_mx x;
  int rc = -1;
  if (crl_mx_init(&x, g, m, W, rng) != 0) return -1;
  if (crl_mx_group_reach(&x, values, num_values) == 0) {
    crl_mx_forward(&x, m);
    rc = 0;
  }
  crl_mx_free(&x);
  return rc;
}

static inline int crl_reach_in_matrix(const crl_cfg *g, const crl_reach_value *values, uint32_t num_values,
                                      uint64_t *m, uint32_t W) {
  memset(m, 0, (size_t)g->num_blocks * W * sizeof(uint64_t));
  return crl_reach_in_matrix_rng(g, values, num_values, m, W, NULL);
}

/* Backward liveness with many kills, for many values at once: uses are
 * the gen blocks (where the value is used before anything in the block
 * kills it), kills the blocks that redefine it first. m[b * W + v / 64]
 * holds bit v % 64 iff v is live on entry to b: in[b] = gen[b] | (out[b] &
 * ~kill[b]), out[b] = OR over successors of in (gen wins over kill in one
 * block, as for crl_reach_in_matrix). What memory written whole in several
 * places needs, where crl_live_in_matrix knows one definition per value.
 * Blocks unreachable from the entry stay empty. rng: NULL or the rows'
 * word ranges. 0, or -1 on out of memory. */
static inline int crl_live_in_kill_matrix_rng(const crl_cfg *g, const crl_reach_value *values,
                                              uint32_t num_values, uint64_t *m, uint32_t W, uint32_t *rng) {
  crl_mx x;
  uint32_t b, e;
  int rc = -1;
  if (crl_mx_init(&x, g, m, W, rng) != 0) return -1;
  if (crl_mx_group_reach(&x, values, num_values) == 0) {
    /* Gens are seeds: rows only grow, so a gen bit set once stays. */
    for (b = 0; b < x.n; b++)
      for (e = x.gen_off[b]; e < x.gen_off[b + 1]; e++) crl_mx_seed(&x, m, b, x.gen_ids[e]);
    crl_mx_backward(&x, m);
    rc = 0;
  }
  crl_mx_free(&x);
  return rc;
}

static inline int crl_live_in_kill_matrix(const crl_cfg *g, const crl_reach_value *values,
                                          uint32_t num_values, uint64_t *m, uint32_t W) {
  memset(m, 0, (size_t)g->num_blocks * W * sizeof(uint64_t));
  return crl_live_in_kill_matrix_rng(g, values, num_values, m, W, NULL);
}

typedef struct crl_crossing {
  uint32_t num_values, num_suspends;
  /* across[v]: suspends v is live across. All rows live in one allocation
   * owned by the crl_crossing: never crl_bitset_free a row. */
  crl_bitset *across;
} crl_crossing;

static inline void crl_crossing_free(crl_crossing *c) {
  free(c->across);
  c->across = NULL;
  c->num_values = 0;
  c->num_suspends = 0;
}

/* resume_block_of_suspend[s] = R_s (several suspends may share a block; an
 * out-of-range or unreachable R_s makes s cross nothing). Returns 0, or -1 on
 * out of memory (then *out is zeroed). */
static inline int crl_crossing_compute(crl_crossing *out, const crl_cfg *g, uint32_t num_suspends,
                                       const uint32_t *resume_block_of_suspend, uint32_t num_values,
                                       const crl_live_value *values) {
  uint32_t n = g->num_blocks, nw = crl_bitset_words_for(num_suspends), s, v, b;
  size_t head_bytes = ((size_t)num_values * sizeof(crl_bitset) + 7u) & ~(size_t)7u;
  uint32_t *sus_off, *sus, *live;
  uint64_t *words;
  crl_live_scratch ls;
  memset(out, 0, sizeof *out);
  if (nw && (size_t)num_values > (SIZE_MAX - head_bytes) / 8u / nw) return -1;
  out->across = (crl_bitset *)calloc(head_bytes + (size_t)num_values * nw * 8u + 1u, 1);
  sus_off = (uint32_t *)calloc((size_t)n + 2, sizeof(uint32_t));
  sus = (uint32_t *)malloc(((size_t)num_suspends + 1) * sizeof(uint32_t));
  live = (uint32_t *)malloc(((size_t)n + 1) * sizeof(uint32_t));
  if (!out->across || !sus_off || !sus || !live || crl_live_scratch_init(&ls, g) != 0) {
    free(out->across);
    out->across = NULL;
    free(sus_off);
    free(sus);
    free(live);
    return -1;
  }
  out->num_values = num_values;
  out->num_suspends = num_suspends;
  words = (uint64_t *)((char *)out->across + head_bytes);
  for (v = 0; v < num_values; v++) {
    out->across[v].words = nw ? words + (size_t)v * nw : NULL;
    out->across[v].nbits = num_suspends;
    out->across[v].nwords = nw;
  }
  /* Suspends grouped by resume block, so a live-in block finds its suspends
   * without scanning all of them. */
  for (s = 0; s < num_suspends; s++) {
    uint32_t r = resume_block_of_suspend[s];
    if (r < n) sus_off[r + 1]++;
  }
  for (b = 0; b < n; b++) sus_off[b + 1] += sus_off[b];
  for (s = 0; s < num_suspends; s++) {
    uint32_t r = resume_block_of_suspend[s];
    if (r < n) sus[sus_off[r]++] = s;
  }
  for (b = n; b > 0; b--) sus_off[b] = sus_off[b - 1];
  sus_off[0] = 0;

  for (v = 0; v < num_values; v++) {
    uint32_t k = crl_live_in_blocks(&ls, &values[v], live), i, j;
    for (i = 0; i < k; i++) {
      uint32_t bb = live[i];
      for (j = sus_off[bb]; j < sus_off[bb + 1]; j++) crl_bitset_set(&out->across[v], sus[j]);
    }
  }
  crl_live_scratch_free(&ls);
  free(sus_off);
  free(sus);
  free(live);
  return 0;
}

/* Two values may share frame storage iff no suspend has both live across it. */
static inline int crl_crossing_interferes(const crl_crossing *c, uint32_t a, uint32_t b) {
  return crl_bitset_intersects(&c->across[a], &c->across[b]);
}

#endif /* CRL_CORE_LIVENESS_H */
