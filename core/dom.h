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

/* Returns 0, or -1 on out of memory (then *dt is zeroed). */
static inline int crl_domtree_build(crl_domtree *dt, const crl_cfg *g) {
  uint32_t n = g->num_blocks, N = 0, i, sp;
  uint32_t *scratch;
  uint32_t *dfn, *vertex, *parent, *semi, *label, *ancestor, *idomk, *bhead, *bnext, *stk, *cursor;
  memset(dt, 0, sizeof *dt);
  dt->num_blocks = n;
  dt->idom = (uint32_t *)malloc(((size_t)n + 1) * sizeof(uint32_t));
  dt->pre = (uint32_t *)malloc(((size_t)n + 1) * sizeof(uint32_t));
  dt->post = (uint32_t *)malloc(((size_t)n + 1) * sizeof(uint32_t));
  dt->child_off = (uint32_t *)calloc((size_t)n + 1, sizeof(uint32_t));
  dt->child = (uint32_t *)malloc(((size_t)n + 1) * sizeof(uint32_t));
  scratch = (uint32_t *)malloc(((size_t)n + 1) * 11u * sizeof(uint32_t));
  if (!dt->idom || !dt->pre || !dt->post || !dt->child_off || !dt->child || !scratch) {
    free(scratch);
    crl_domtree_free(dt);
    return -1;
  }
  if (n == 0) {
    free(scratch);
    return 0;
  }
  dfn = scratch;
  vertex = dfn + (n + 1);
  parent = vertex + (n + 1);
  semi = parent + (n + 1);
  label = semi + (n + 1);
  ancestor = label + (n + 1);
  idomk = ancestor + (n + 1);
  bhead = idomk + (n + 1);
  bnext = bhead + (n + 1);
  stk = bnext + (n + 1);
  cursor = stk + (n + 1);

  /* Step 1: DFS preorder, following successor order. Everything after this
   * works in preorder numbers; unreachable blocks never get one. */
  for (i = 0; i < n; i++) dfn[i] = CRL_NONE;
  sp = 0;
  dfn[g->entry] = N;
  vertex[N] = g->entry;
  parent[N] = CRL_NONE;
  N++;
  stk[sp] = g->entry;
  cursor[sp] = g->succ_off[g->entry];
  sp++;
  while (sp) {
    uint32_t v = stk[sp - 1];
    if (cursor[sp - 1] < g->succ_off[v + 1]) {
      uint32_t w = g->succ[cursor[sp - 1]++];
      if (dfn[w] == CRL_NONE) {
        dfn[w] = N;
        vertex[N] = w;
        parent[N] = dfn[v];
        N++;
        stk[sp] = w;
        cursor[sp] = g->succ_off[w];
        sp++;
      }
    } else {
      sp--;
    }
  }

  for (i = 0; i < N; i++) {
    semi[i] = i;
    label[i] = i;
    ancestor[i] = CRL_NONE;
    idomk[i] = CRL_NONE;
    bhead[i] = CRL_NONE;
  }

  /* Steps 2 and 3: semidominators in reverse preorder; each bucket is
   * drained when its owner's subtree has been linked, giving either the
   * final idom or a vertex whose idom it equals (fixed in step 4). */
  for (i = N; i-- > 1;) {
    uint32_t w = i, b = vertex[w], e, p, v;
    for (e = g->pred_off[b]; e < g->pred_off[b + 1]; e++) {
      uint32_t pv = dfn[g->pred[e]], u;
      if (pv == CRL_NONE) continue;
      u = crl_lt_eval(pv, ancestor, label, semi, stk);
      if (semi[u] < semi[w]) semi[w] = semi[u];
    }
    bnext[w] = bhead[semi[w]];
    bhead[semi[w]] = w;
    p = parent[w];
    ancestor[w] = p;
    for (v = bhead[p]; v != CRL_NONE; v = bnext[v]) {
      uint32_t u = crl_lt_eval(v, ancestor, label, semi, stk);
      idomk[v] = semi[u] < semi[v] ? u : p;
    }
    bhead[p] = CRL_NONE;
  }
  /* Step 4: preorder guarantees idomk[idomk[w]] is already final. */
  idomk[0] = 0;
  for (i = 1; i < N; i++)
    if (idomk[i] != semi[i]) idomk[i] = idomk[idomk[i]];

  for (i = 0; i < n; i++) {
    dt->idom[i] = CRL_NONE;
    dt->pre[i] = CRL_NONE;
    dt->post[i] = CRL_NONE;
  }
  for (i = 0; i < N; i++) dt->idom[vertex[i]] = vertex[idomk[i]];

  /* Children CSR: filling in block-id order makes each list sorted. */
  for (i = 0; i < n; i++)
    if (dt->idom[i] != CRL_NONE && i != g->entry) dt->child_off[dt->idom[i] + 1]++;
  for (i = 0; i < n; i++) dt->child_off[i + 1] += dt->child_off[i];
  memcpy(cursor, dt->child_off, (size_t)n * sizeof(uint32_t));
  for (i = 0; i < n; i++)
    if (dt->idom[i] != CRL_NONE && i != g->entry) dt->child[cursor[dt->idom[i]]++] = i;

  /* Pre/post numbers of the dominator tree turn dominance into an O(1)
   * interval-containment test. */
  {
    uint32_t pre = 0, post = 0;
    sp = 0;
    stk[sp] = g->entry;
    cursor[sp] = dt->child_off[g->entry];
    sp++;
    dt->pre[g->entry] = pre++;
    while (sp) {
      uint32_t v = stk[sp - 1];
      if (cursor[sp - 1] < dt->child_off[v + 1]) {
        uint32_t w = dt->child[cursor[sp - 1]++];
        dt->pre[w] = pre++;
        stk[sp] = w;
        cursor[sp] = dt->child_off[w];
        sp++;
      } else {
        dt->post[v] = post++;
        sp--;
      }
    }
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
