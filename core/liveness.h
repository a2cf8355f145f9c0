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

/* Every value's live-in blocks at once: m[b * W + v / 64] holds bit v % 64
 * iff v is live-in at block b, exactly the blocks crl_live_in_blocks gives
 * for v. m must hold num_blocks * W words, W >= (num_values + 63) / 64.
 *
 * A backward dataflow that moves 64 values per word operation: a block's
 * row is its seeds (uses of values defined elsewhere) or'ed with its
 * successors' rows minus the values it defines, iterated in post-order to
 * a fixed point (one pass for acyclic code, one more per loop level).
 * Where many values stay live across long stretches of code (a coroutine
 * with thousands of awaits, every result live to the end) the walks cost
 * the sum of all live ranges in blocks; this costs num_blocks * W words per
 * pass, a small fraction of that. The caller chooses by that estimate, and
 * keeps memory bounded: the matrix is num_blocks * W words. Returns 0 or -1
 * on out of memory. */
static inline int crl_live_in_matrix(const crl_cfg *g, const crl_live_value *values, uint32_t num_values,
                                     uint64_t *m, uint32_t W) {
  uint32_t n = g->num_blocks, cnt = 0, b, v, k, e, w;
  uint32_t *order = (uint32_t *)malloc(((size_t)n + 1) * sizeof(uint32_t));
  uint32_t *idx = (uint32_t *)malloc(((size_t)n + 1) * sizeof(uint32_t));
  uint32_t *def_off = (uint32_t *)calloc((size_t)n + 2, sizeof(uint32_t));
  uint32_t *def_ids = (uint32_t *)malloc(((size_t)num_values + 1) * sizeof(uint32_t));
  uint64_t *tmp = (uint64_t *)malloc(((size_t)W + 1) * sizeof(uint64_t));
  int changed, rc = -1;
  if (!order || !idx || !def_off || !def_ids || !tmp || crl_cfg_rpo(g, order, idx, &cnt) != 0) goto out;
  memset(m, 0, (size_t)n * W * sizeof(uint64_t));
  /* Values by defining block (counting sort): what each block kills. */
  for (v = 0; v < num_values; v++)
    if (values[v].def_block < n) def_off[values[v].def_block + 2]++;
  for (b = 0; b < n; b++) def_off[b + 2] += def_off[b + 1];
  for (v = 0; v < num_values; v++)
    if (values[v].def_block < n) def_ids[def_off[values[v].def_block + 1]++] = v;
  for (v = 0; v < num_values; v++)
    for (k = 0; k < values[v].num_uses; k++) {
      uint32_t u = values[v].use_blocks[k];
      if (u < n && u != values[v].def_block && idx[u] != UINT32_MAX)
        m[(size_t)u * W + (v >> 6)] |= (uint64_t)1 << (v & 63u);
    }
  do {
    changed = 0;
    for (k = cnt; k-- > 0;) {
      uint64_t *row;
      b = order[k];
      row = m + (size_t)b * W;
      memset(tmp, 0, (size_t)W * sizeof(uint64_t));
      for (e = g->succ_off[b]; e < g->succ_off[b + 1]; e++) {
        const uint64_t *sr = m + (size_t)g->succ[e] * W;
        for (w = 0; w < W; w++) tmp[w] |= sr[w];
      }
      for (e = def_off[b]; e < def_off[b + 1]; e++)
        tmp[def_ids[e] >> 6] &= ~((uint64_t)1 << (def_ids[e] & 63u));
      for (w = 0; w < W; w++) {
        uint64_t nw = row[w] | tmp[w];
        if (nw != row[w]) {
          row[w] = nw;
          changed = 1;
        }
      }
    }
  } while (changed);
  rc = 0;
out:
  free(order);
  free(idx);
  free(def_off);
  free(def_ids);
  free(tmp);
  return rc;
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
 * not from a single definition. Same cost as crl_live_in_matrix: a
 * dataflow over rows of W words in reverse post-order to a fixed point.
 * Blocks unreachable from the entry stay empty and feed nothing. 0, or -1
 * on out of memory. */
typedef struct crl_reach_value {
  uint32_t num_gen, num_kill;
  const uint32_t *gen_blocks, *kill_blocks; /* out-of-range ids are ignored */
} crl_reach_value;

static inline int crl_reach_in_matrix(const crl_cfg *g, const crl_reach_value *values, uint32_t num_values,
                                      uint64_t *m, uint32_t W) {
  uint32_t n = g->num_blocks, cnt = 0, b, v, k, e, w, ng = 0, nk = 0;
  uint32_t *order = (uint32_t *)malloc(((size_t)n + 1) * sizeof(uint32_t));
  uint32_t *idx = (uint32_t *)malloc(((size_t)n + 1) * sizeof(uint32_t));
  uint32_t *gen_off = (uint32_t *)calloc((size_t)n + 2, sizeof(uint32_t));
  uint32_t *kill_off = (uint32_t *)calloc((size_t)n + 2, sizeof(uint32_t));
  uint32_t *gen_ids = NULL, *kill_ids = NULL;
  uint64_t *tmp = (uint64_t *)malloc(((size_t)W + 1) * sizeof(uint64_t));
  uint64_t *row_out = (uint64_t *)malloc(((size_t)W + 1) * sizeof(uint64_t));
  int changed, rc = -1;
  if (!order || !idx || !gen_off || !kill_off || !tmp || !row_out || crl_cfg_rpo(g, order, idx, &cnt) != 0)
    goto out;
  /* Gen and kill events by block (counting sort), as crl_live_in_matrix
   * groups definitions. */
  for (v = 0; v < num_values; v++) {
    for (k = 0; k < values[v].num_gen; k++)
      if (values[v].gen_blocks[k] < n) { gen_off[values[v].gen_blocks[k] + 2]++; ng++; }
    for (k = 0; k < values[v].num_kill; k++)
      if (values[v].kill_blocks[k] < n) { kill_off[values[v].kill_blocks[k] + 2]++; nk++; }
  }
  gen_ids = (uint32_t *)malloc(((size_t)ng + 1) * sizeof(uint32_t));
  kill_ids = (uint32_t *)malloc(((size_t)nk + 1) * sizeof(uint32_t));
  if (!gen_ids || !kill_ids) goto out;
  for (b = 0; b < n; b++) {
    gen_off[b + 2] += gen_off[b + 1];
    kill_off[b + 2] += kill_off[b + 1];
  }
  for (v = 0; v < num_values; v++) {
    for (k = 0; k < values[v].num_gen; k++)
      if (values[v].gen_blocks[k] < n) gen_ids[gen_off[values[v].gen_blocks[k] + 1]++] = v;
    for (k = 0; k < values[v].num_kill; k++)
      if (values[v].kill_blocks[k] < n) kill_ids[kill_off[values[v].kill_blocks[k] + 1]++] = v;
  }
  memset(m, 0, (size_t)n * W * sizeof(uint64_t));
  do {
    changed = 0;
    for (k = 0; k < cnt; k++) {
      uint64_t *row;
      b = order[k];
      row = m + (size_t)b * W;
      memset(tmp, 0, (size_t)W * sizeof(uint64_t));
      for (e = g->pred_off[b]; e < g->pred_off[b + 1]; e++) {
        uint32_t p = g->pred[e];
        if (idx[p] == UINT32_MAX) continue;
        /* out[p]: its in-row less its kills, plus its gens. */
        memcpy(row_out, m + (size_t)p * W, (size_t)W * sizeof(uint64_t));
        for (w = kill_off[p]; w < kill_off[p + 1]; w++)
          row_out[kill_ids[w] >> 6] &= ~((uint64_t)1 << (kill_ids[w] & 63u));
        for (w = gen_off[p]; w < gen_off[p + 1]; w++)
          row_out[gen_ids[w] >> 6] |= (uint64_t)1 << (gen_ids[w] & 63u);
        for (w = 0; w < W; w++) tmp[w] |= row_out[w];
      }
      for (w = 0; w < W; w++) {
        uint64_t nw = row[w] | tmp[w];
        if (nw != row[w]) {
          row[w] = nw;
          changed = 1;
        }
      }
    }
  } while (changed);
  rc = 0;
out:
  free(order);
  free(idx);
  free(gen_off);
  free(kill_off);
  free(gen_ids);
  free(kill_ids);
  free(tmp);
  free(row_out);
  return rc;
}

/* Backward liveness with many kills, for many values at once: uses are
 * the gen blocks (where the value is used before anything in the block
 * kills it), kills the blocks that redefine it first. m[b * W + v / 64]
 * holds bit v % 64 iff v is live on entry to b: in[b] = gen[b] | (out[b] &
 * ~kill[b]), out[b] = OR over successors of in (gen wins over kill in one
 * block, as for crl_reach_in_matrix). What memory written whole in several
 * places needs, where crl_live_in_matrix knows one definition per value.
 * Blocks unreachable from the entry stay empty. 0, or -1 on out of memory. */
static inline int crl_live_in_kill_matrix(const crl_cfg *g, const crl_reach_value *values,
                                          uint32_t num_values, uint64_t *m, uint32_t W) {
  uint32_t n = g->num_blocks, cnt = 0, b, v, k, e, w, ng = 0, nk = 0;
  uint32_t *order = (uint32_t *)malloc(((size_t)n + 1) * sizeof(uint32_t));
  uint32_t *idx = (uint32_t *)malloc(((size_t)n + 1) * sizeof(uint32_t));
  uint32_t *gen_off = (uint32_t *)calloc((size_t)n + 2, sizeof(uint32_t));
  uint32_t *kill_off = (uint32_t *)calloc((size_t)n + 2, sizeof(uint32_t));
  uint32_t *gen_ids = NULL, *kill_ids = NULL;
  uint64_t *tmp = (uint64_t *)malloc(((size_t)W + 1) * sizeof(uint64_t));
  int changed, rc = -1;
  if (!order || !idx || !gen_off || !kill_off || !tmp || crl_cfg_rpo(g, order, idx, &cnt) != 0) goto out;
  for (v = 0; v < num_values; v++) {
    for (k = 0; k < values[v].num_gen; k++)
      if (values[v].gen_blocks[k] < n) { gen_off[values[v].gen_blocks[k] + 2]++; ng++; }
    for (k = 0; k < values[v].num_kill; k++)
      if (values[v].kill_blocks[k] < n) { kill_off[values[v].kill_blocks[k] + 2]++; nk++; }
  }
  gen_ids = (uint32_t *)malloc(((size_t)ng + 1) * sizeof(uint32_t));
  kill_ids = (uint32_t *)malloc(((size_t)nk + 1) * sizeof(uint32_t));
  if (!gen_ids || !kill_ids) goto out;
  for (b = 0; b < n; b++) {
    gen_off[b + 2] += gen_off[b + 1];
    kill_off[b + 2] += kill_off[b + 1];
  }
  for (v = 0; v < num_values; v++) {
    for (k = 0; k < values[v].num_gen; k++)
      if (values[v].gen_blocks[k] < n) gen_ids[gen_off[values[v].gen_blocks[k] + 1]++] = v;
    for (k = 0; k < values[v].num_kill; k++)
      if (values[v].kill_blocks[k] < n) kill_ids[kill_off[values[v].kill_blocks[k] + 1]++] = v;
  }
  memset(m, 0, (size_t)n * W * sizeof(uint64_t));
  do {
    changed = 0;
    for (k = cnt; k-- > 0;) {
      uint64_t *row;
      b = order[k];
      row = m + (size_t)b * W;
      memset(tmp, 0, (size_t)W * sizeof(uint64_t));
      for (e = g->succ_off[b]; e < g->succ_off[b + 1]; e++) {
        const uint64_t *sr = m + (size_t)g->succ[e] * W;
        for (w = 0; w < W; w++) tmp[w] |= sr[w];
      }
      for (w = kill_off[b]; w < kill_off[b + 1]; w++)
        tmp[kill_ids[w] >> 6] &= ~((uint64_t)1 << (kill_ids[w] & 63u));
      for (w = gen_off[b]; w < gen_off[b + 1]; w++)
        tmp[gen_ids[w] >> 6] |= (uint64_t)1 << (gen_ids[w] & 63u);
      for (w = 0; w < W; w++) {
        uint64_t nw = row[w] | tmp[w];
        if (nw != row[w]) {
          row[w] = nw;
          changed = 1;
        }
      }
    }
  } while (changed);
  rc = 0;
out:
  free(order);
  free(idx);
  free(gen_off);
  free(kill_off);
  free(gen_ids);
  free(kill_ids);
  free(tmp);
  return rc;
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
