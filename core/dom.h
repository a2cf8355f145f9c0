/* Dominator tree, dominance frontiers and iterated dominance frontiers on a
 * crl_cfg.
 *
 * The immediate dominators come from Lengauer-Tarjan (simple link/eval with
 * path compression, O(E log N) on every graph, reducible or not). The
 * iterative Cooper-Harvey-Kennedy scheme gives the same answer but its
 * "intersect" walks are quadratic on the shape switch-ABI coroutines have:
 * a long chain of suspend blocks whose default edges all join one return
 * block. With 100k blocks that matters, so the guaranteed bound wins.
 *
 * Unreachable blocks have no dominator information: idom/pre/post are
 * UINT32_MAX, they dominate nothing and have empty frontiers.
 */
#ifndef CRL_CORE_DOM_H
#define CRL_CORE_DOM_H

/* Checked standalone as a main file; clang, unlike gcc, then reports every
 * unused static inline function. */
#if defined(__clang__) && defined(__INCLUDE_LEVEL__) && __INCLUDE_LEVEL__ == 0
#pragma clang diagnostic ignored "-Wunused-function"
#endif

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "sort.h"

#define CRL_NONE UINT32_MAX

typedef struct crl_domtree {
  uint32_t num_blocks;
  uint32_t *idom;              /* idom[entry] = entry; UINT32_MAX for unreachable */
  uint32_t *pre, *post;        /* DFS numbering of the dominator tree */
  uint32_t *child_off, *child; /* dominator-tree children, CSR, ordered by block id */
} crl_domtree;

static inline void crl_domtree_free(crl_domtree *dt) {
  free(dt->idom);
  free(dt->pre);
  free(dt->post);
  free(dt->child_off);
  free(dt->child);
  memset(dt, 0, sizeof *dt);
}

/* Lengauer-Tarjan EVAL with path compression, iterative because forest paths
 * can be as long as the graph. Returns the vertex of minimum semi on the path
 * from v up to (excluding) its forest root. */
static inline uint32_t crl_lt_eval(uint32_t v, uint32_t *ancestor, uint32_t *label, const uint32_t *semi,
                                   uint32_t *stk) {
  uint32_t sp = 0, x = v;
  if (ancestor[v] == CRL_NONE) return v;
  while (ancestor[ancestor[x]] != CRL_NONE) {
    stk[sp++] = x;
    x = ancestor[x];
  }
  /* Nodes nearer the root are compressed first, as the recursive version does. */
  while (sp) {
    uint32_t a;
    x = stk[--sp];
    a = ancestor[x];
    if (semi[label[a]] < semi[label[x]]) label[x] = label[a];
    ancestor[x] = ancestor[a];
  }
  return label[v];
}

/* Lengauer-Tarjan's working arrays, n + 1 entries each, indexed by DFS
 * preorder number (dfn: by block). */
typedef struct crl_lt_work {
  uint32_t *dfn, *vertex, *parent, *semi, *label, *ancestor, *idomk, *bhead, *bnext, *stk, *cursor;
} crl_lt_work;

static inline void crl_lt_carve(crl_lt_work *w, uint32_t *scratch, uint32_t n) {
  uint32_t **arrays[] = {&w->dfn,   &w->vertex, &w->parent, &w->semi,  &w->label, &w->ancestor,
                         &w->idomk, &w->bhead,  &w->bnext,  &w->stk,   &w->cursor};
  for (size_t k = 0; k < sizeof arrays / sizeof *arrays; k++) *arrays[k] = scratch + k * ((size_t)n + 1);
}

/* Step 1: DFS preorder, following successor order. Everything after this
 * works in preorder numbers; unreachable blocks never get one. Returns how
 * many blocks were numbered. */
static inline uint32_t crl_lt_dfs(crl_lt_work *w, const crl_cfg *g) {
  uint32_t N = 0, sp = 0;
  for (uint32_t i = 0; i < g->num_blocks; i++) w->dfn[i] = CRL_NONE;
  w->dfn[g->entry] = N;
  w->vertex[N] = g->entry;
  w->parent[N] = CRL_NONE;
  N++;
  w->stk[sp] = g->entry;
  w->cursor[sp] = g->succ_off[g->entry];
  sp++;
  while (sp) {
    uint32_t v = w->stk[sp - 1];
    if (w->cursor[sp - 1] < g->succ_off[v + 1]) {
      uint32_t x = g->succ[w->cursor[sp - 1]++];
      if (w->dfn[x] == CRL_NONE) {
        w->dfn[x] = N;
        w->vertex[N] = x;
        w->parent[N] = w->dfn[v];
        N++;
        w->stk[sp] = x;
        w->cursor[sp] = g->succ_off[x];
        sp++;
      }
    } else {
      sp--;
    }
  }
  return N;
}

/* Steps 2 and 3: semidominators in reverse preorder; each bucket is
 * drained when its owner's subtree has been linked, giving either the
 * final idom or a vertex whose idom it equals (fixed in step 4). */
static inline void crl_lt_semidominators(crl_lt_work *w, const crl_cfg *g, uint32_t N) {
  for (uint32_t i = 0; i < N; i++) {
    w->semi[i] = i;
    w->label[i] = i;
    w->ancestor[i] = CRL_NONE;
    w->idomk[i] = CRL_NONE;
    w->bhead[i] = CRL_NONE;
  }
  for (uint32_t i = N; i-- > 1;) {
    uint32_t x = i, b = w->vertex[x], p;
    for (uint32_t e = g->pred_off[b]; e < g->pred_off[b + 1]; e++) {
      uint32_t pv = w->dfn[g->pred[e]], u;
      if (pv == CRL_NONE) continue;
      u = crl_lt_eval(pv, w->ancestor, w->label, w->semi, w->stk);
      if (w->semi[u] < w->semi[x]) w->semi[x] = w->semi[u];
    }
    w->bnext[x] = w->bhead[w->semi[x]];
    w->bhead[w->semi[x]] = x;
    p = w->parent[x];
    w->ancestor[x] = p;
    for (uint32_t v = w->bhead[p]; v != CRL_NONE; v = w->bnext[v]) {
      uint32_t u = crl_lt_eval(v, w->ancestor, w->label, w->semi, w->stk);
      w->idomk[v] = w->semi[u] < w->semi[v] ? u : p;
    }
    w->bhead[p] = CRL_NONE;
  }
}

/* Step 4 (preorder guarantees idomk[idomk[x]] is already final), then the
 * idoms by block, and each block's children in CSR form: filling in
 * block-id order makes each list sorted. */
static inline void crl_lt_tree(crl_domtree *dt, crl_lt_work *w, const crl_cfg *g, uint32_t N) {
  uint32_t n = g->num_blocks;
  w->idomk[0] = 0;
  for (uint32_t i = 1; i < N; i++)
    if (w->idomk[i] != w->semi[i]) w->idomk[i] = w->idomk[w->idomk[i]];
  for (uint32_t i = 0; i < n; i++) {
    dt->idom[i] = CRL_NONE;
    dt->pre[i] = CRL_NONE;
    dt->post[i] = CRL_NONE;
  }
  for (uint32_t i = 0; i < N; i++) dt->idom[w->vertex[i]] = w->vertex[w->idomk[i]];
  for (uint32_t i = 0; i < n; i++)
    if (dt->idom[i] != CRL_NONE && i != g->entry) dt->child_off[dt->idom[i] + 1]++;
  for (uint32_t i = 0; i < n; i++) dt->child_off[i + 1] += dt->child_off[i];
  memcpy(w->cursor, dt->child_off, (size_t)n * sizeof(uint32_t));
  for (uint32_t i = 0; i < n; i++)
    if (dt->idom[i] != CRL_NONE && i != g->entry) dt->child[w->cursor[dt->idom[i]]++] = i;
}

/* Pre/post numbers of the dominator tree turn dominance into an O(1)
 * interval-containment test. */
static inline void crl_lt_number(crl_domtree *dt, crl_lt_work *w, uint32_t entry) {
  uint32_t pre = 0, post = 0, sp = 0;
  w->stk[sp] = entry;
  w->cursor[sp] = dt->child_off[entry];
  sp++;
  dt->pre[entry] = pre++;
  while (sp) {
    uint32_t v = w->stk[sp - 1];
    if (w->cursor[sp - 1] < dt->child_off[v + 1]) {
      uint32_t x = dt->child[w->cursor[sp - 1]++];
      dt->pre[x] = pre++;
      w->stk[sp] = x;
      w->cursor[sp] = dt->child_off[x];
      sp++;
    } else {
      dt->post[v] = post++;
      sp--;
    }
  }
}

/* Returns 0, or -1 on out of memory (then *dt is zeroed). */
static inline int crl_domtree_build(crl_domtree *dt, const crl_cfg *g) {
  uint32_t n = g->num_blocks;
  memset(dt, 0, sizeof *dt);
  dt->num_blocks = n;
  dt->idom = (uint32_t *)malloc(((size_t)n + 1) * sizeof(uint32_t));
  dt->pre = (uint32_t *)malloc(((size_t)n + 1) * sizeof(uint32_t));
  dt->post = (uint32_t *)malloc(((size_t)n + 1) * sizeof(uint32_t));
  dt->child_off = (uint32_t *)calloc((size_t)n + 1, sizeof(uint32_t));
  dt->child = (uint32_t *)malloc(((size_t)n + 1) * sizeof(uint32_t));
  uint32_t *scratch = (uint32_t *)malloc(((size_t)n + 1) * 11u * sizeof(uint32_t));
  if (!dt->idom || !dt->pre || !dt->post || !dt->child_off || !dt->child || !scratch) {
    free(scratch);
    crl_domtree_free(dt);
    return -1;
  }
  if (n > 0) {
    crl_lt_work w;
    crl_lt_carve(&w, scratch, n);
    uint32_t N = crl_lt_dfs(&w, g);
    crl_lt_semidominators(&w, g, N);
    crl_lt_tree(dt, &w, g, N);
    crl_lt_number(dt, &w, g->entry);
  }
  free(scratch);
  return 0;
}

/* a dominates b (reflexive); false if either is unreachable or out of range. */
static inline int crl_dominates(const crl_domtree *dt, uint32_t a, uint32_t b) {
  if (a >= dt->num_blocks || b >= dt->num_blocks) return 0;
  if (dt->pre[a] == CRL_NONE || dt->pre[b] == CRL_NONE) return 0;
  return dt->pre[a] <= dt->pre[b] && dt->post[b] <= dt->post[a];
}

static inline int crl_strictly_dominates(const crl_domtree *dt, uint32_t a, uint32_t b) {
  return a != b && crl_dominates(dt, a, b);
}

static inline int crl_reachable(const crl_domtree *dt, uint32_t b) {
  return b < dt->num_blocks && dt->idom[b] != CRL_NONE;
}

/* Nearest common dominator of two reachable blocks; walks the shallower
 * chains only, using the O(1) containment test. CRL_NONE if either is
 * unreachable. Cost: depth difference, so callers folding many blocks should
 * fold in dominator-tree order. */
static inline uint32_t crl_domtree_nca(const crl_domtree *dt, uint32_t a, uint32_t b) {
  if (!crl_reachable(dt, a) || !crl_reachable(dt, b)) return CRL_NONE;
  while (!crl_dominates(dt, a, b)) a = dt->idom[a];
  return a;
}

/* Dominance frontiers in CSR form. */
typedef struct crl_dfrontier {
  uint32_t *off, *blocks;
} crl_dfrontier;

static inline void crl_dfrontier_free(crl_dfrontier *df) {
  free(df->off);
  free(df->blocks);
  df->off = NULL;
  df->blocks = NULL;
}

/* DF(x) = { y : x dominates a predecessor of y, x does not strictly dominate y }.
 * Walks from each predecessor up to idom(y) (Cooper-Harvey-Kennedy); a block
 * already stamped for y ends the walk because the earlier walk went on from
 * there to idom(y). The entry block has no idom, so walks for it run to the
 * root: a back edge to the entry puts the entry in its own frontier. Lists are
 * sorted because y is visited in ascending order. Total cost is the size of
 * the result plus the number of edges. Returns 0, or -1 on out of memory. */
static inline int crl_dfrontier_build(crl_dfrontier *df, const crl_cfg *g, const crl_domtree *dt) {
  uint32_t n = g->num_blocks, pass, y, e, total = 0;
  uint32_t *stamp = (uint32_t *)malloc(((size_t)n + 1) * sizeof(uint32_t));
  df->off = (uint32_t *)calloc((size_t)n + 1, sizeof(uint32_t));
  df->blocks = NULL;
  if (!stamp || !df->off) {
    free(stamp);
    crl_dfrontier_free(df);
    return -1;
  }
  for (pass = 0; pass < 2; pass++) {
    for (y = 0; y < n; y++) stamp[y] = CRL_NONE;
    for (y = 0; y < n; y++) {
      uint32_t stop;
      if (dt->idom[y] == CRL_NONE) continue;
      stop = y == g->entry ? CRL_NONE : dt->idom[y];
      for (e = g->pred_off[y]; e < g->pred_off[y + 1]; e++) {
        uint32_t r = g->pred[e];
        if (dt->idom[r] == CRL_NONE) continue;
        while (r != stop && stamp[r] != y) {
          stamp[r] = y;
          if (pass == 0)
            df->off[r + 1]++;
          else
            df->blocks[df->off[r]++] = y;
          r = r == g->entry ? CRL_NONE : dt->idom[r];
        }
      }
    }
    if (pass == 0) {
      for (y = 0; y < n; y++) df->off[y + 1] += df->off[y];
      total = n ? df->off[n] : 0;
      df->blocks = (uint32_t *)malloc(((size_t)total + 1) * sizeof(uint32_t));
      if (!df->blocks) {
        free(stamp);
        crl_dfrontier_free(df);
        return -1;
      }
    }
  }
  /* Pass 1 advanced each offset to the next list's start; shift back. */
  for (y = n; y > 0; y--) df->off[y] = df->off[y - 1];
  df->off[0] = 0;
  free(stamp);
  return 0;
}

/* Reusable marks for repeated IDF queries (SSA repair asks once per value):
 * generation stamps make each query cost only what it touches. */
typedef struct crl_idf_scratch {
  uint32_t *in_idf, *done;
  uint32_t gen, num_blocks;
} crl_idf_scratch;

static inline int crl_idf_scratch_init(crl_idf_scratch *s, uint32_t num_blocks) {
  s->num_blocks = num_blocks;
  s->gen = 0;
  s->in_idf = (uint32_t *)calloc((size_t)num_blocks + 1, sizeof(uint32_t));
  s->done = (uint32_t *)calloc((size_t)num_blocks + 1, sizeof(uint32_t));
  if (!s->in_idf || !s->done) {
    free(s->in_idf);
    free(s->done);
    s->in_idf = s->done = NULL;
    return -1;
  }
  return 0;
}

static inline void crl_idf_scratch_free(crl_idf_scratch *s) {
  free(s->in_idf);
  free(s->done);
  s->in_idf = s->done = NULL;
}

/* Iterated dominance frontier of def_blocks, written sorted to out (capacity
 * num_blocks); returns the count. Block ids >= num_blocks are ignored. The
 * result array doubles as the worklist, so no allocation happens here. */
static inline uint32_t crl_idf_with(const crl_dfrontier *df, crl_idf_scratch *s, const uint32_t *def_blocks,
                                    uint32_t num_defs, uint32_t *out) {
  uint32_t n = s->num_blocks, k = 0, head = 0, i, gen;
  if (++s->gen == 0) { /* wrapped: old stamps could alias the new generation */
    memset(s->in_idf, 0, (size_t)n * sizeof(uint32_t));
    memset(s->done, 0, (size_t)n * sizeof(uint32_t));
    s->gen = 1;
  }
  gen = s->gen;
  /* Defs first, then every block the walk adds: each is expanded once. */
  i = 0;
  while (i < num_defs || head < k) {
    uint32_t x, e;
    if (i < num_defs) {
      x = def_blocks[i++];
      if (x >= n) continue;
    } else {
      x = out[head++];
    }
    if (s->done[x] == gen) continue;
    s->done[x] = gen;
    for (e = df->off[x]; e < df->off[x + 1]; e++) {
      uint32_t y = df->blocks[e];
      if (s->in_idf[y] != gen) {
        s->in_idf[y] = gen;
        out[k++] = y;
      }
    }
  }
  crl_sort_u32(out, k);
  return k;
}

/* As crl_idf_with with a temporary scratch. Returns UINT32_MAX if that
 * scratch cannot be allocated. */
static inline uint32_t crl_idf(const crl_dfrontier *df, uint32_t num_blocks, const uint32_t *def_blocks,
                               uint32_t num_defs, uint32_t *out) {
  crl_idf_scratch s;
  uint32_t k;
  if (crl_idf_scratch_init(&s, num_blocks) != 0) return UINT32_MAX;
  k = crl_idf_with(df, &s, def_blocks, num_defs, out);
  crl_idf_scratch_free(&s);
  return k;
}

#endif /* CRL_CORE_DOM_H */
