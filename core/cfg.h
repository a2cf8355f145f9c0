/* Index-based control-flow graph: blocks are dense ids 0..num_blocks-1 and
 * edges live in CSR arrays, so analyses index plain arrays instead of chasing
 * LLVM objects, and a graph with 100k blocks costs a few flat allocations.
 *
 * Edge order is part of the contract: successors of a block appear in the
 * order their edges were given (the terminator's operand order), and so do
 * predecessors. DFS-based numberings follow that order, which keeps every
 * result deterministic for a given input.
 */
#ifndef CRL_CORE_CFG_H
#define CRL_CORE_CFG_H

/* Checked standalone as a main file; clang, unlike gcc, then reports every
 * unused static inline function. */
#if defined(__clang__) && defined(__INCLUDE_LEVEL__) && __INCLUDE_LEVEL__ == 0
#pragma clang diagnostic ignored "-Wunused-function"
#endif

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct crl_cfg {
  uint32_t num_blocks, entry;
  uint32_t *succ_off, *succ; /* succ[succ_off[b] .. succ_off[b+1]) */
  uint32_t *pred_off, *pred; /* likewise; duplicate edges are kept as given */
} crl_cfg;

static inline void crl_cfg_free(crl_cfg *g) {
  free(g->succ_off);
  free(g->succ);
  free(g->pred_off);
  free(g->pred);
  memset(g, 0, sizeof *g);
}

/* Returns 0, or -1 on out of memory or when an edge names a block >= num_blocks
 * or entry >= num_blocks (with num_blocks > 0). On failure *g is zeroed, so
 * crl_cfg_free on it is harmless. */
static inline int crl_cfg_build(crl_cfg *g, uint32_t num_blocks, uint32_t entry, uint32_t num_edges,
                                const uint32_t *edge_from, const uint32_t *edge_to) {
  uint32_t e, b;
  memset(g, 0, sizeof *g);
  if (num_blocks == UINT32_MAX) return -1; /* offsets need num_blocks + 1 slots */
  if (num_blocks > 0 && entry >= num_blocks) return -1;
  for (e = 0; e < num_edges; e++)
    if (edge_from[e] >= num_blocks || edge_to[e] >= num_blocks) return -1;
  g->num_blocks = num_blocks;
  g->entry = entry;
  g->succ_off = (uint32_t *)calloc((size_t)num_blocks + 1, sizeof(uint32_t));
  g->pred_off = (uint32_t *)calloc((size_t)num_blocks + 1, sizeof(uint32_t));
  /* +1 so that a graph without edges still gets non-NULL arrays */
  g->succ = (uint32_t *)malloc(((size_t)num_edges + 1) * sizeof(uint32_t));
  g->pred = (uint32_t *)malloc(((size_t)num_edges + 1) * sizeof(uint32_t));
  if (!g->succ_off || !g->pred_off || !g->succ || !g->pred) {
    crl_cfg_free(g);
    return -1;
  }
  /* Counting sort keyed on the endpoint; filling in edge order keeps it stable. */
  for (e = 0; e < num_edges; e++) {
    g->succ_off[edge_from[e] + 1]++;
    g->pred_off[edge_to[e] + 1]++;
  }
  for (b = 0; b < num_blocks; b++) {
    g->succ_off[b + 1] += g->succ_off[b];
    g->pred_off[b + 1] += g->pred_off[b];
  }
  for (e = 0; e < num_edges; e++) {
    uint32_t f = edge_from[e], t = edge_to[e];
    g->succ[g->succ_off[f]++] = t;
    g->pred[g->pred_off[t]++] = f;
  }
  /* The fill advanced each offset to the next block's start; shift back. */
  for (b = num_blocks; b > 0; b--) {
    g->succ_off[b] = g->succ_off[b - 1];
    g->pred_off[b] = g->pred_off[b - 1];
  }
  g->succ_off[0] = 0;
  g->pred_off[0] = 0;
  return 0;
}

static inline uint32_t crl_cfg_num_succs(const crl_cfg *g, uint32_t b) {
  return g->succ_off[b + 1] - g->succ_off[b];
}

static inline uint32_t crl_cfg_num_preds(const crl_cfg *g, uint32_t b) {
  return g->pred_off[b + 1] - g->pred_off[b];
}

/* Reverse post-order of the blocks reachable from entry, from an iterative
 * DFS that visits successors in edge order (the same order a recursive DFS
 * would give). order[0..*count) receives the blocks, rpo_index[b] the
 * position of b or UINT32_MAX if b is unreachable. Both arrays must hold
 * num_blocks entries. Returns 0, or -1 on out of memory. */
static inline int crl_cfg_rpo(const crl_cfg *g, uint32_t *order, uint32_t *rpo_index, uint32_t *count) {
  uint32_t n = g->num_blocks, sp = 0, post = 0, b;
  uint32_t *stack, *cursor;
  *count = 0;
  if (n == 0) return 0;
  stack = (uint32_t *)malloc((size_t)n * sizeof(uint32_t));
  cursor = (uint32_t *)malloc((size_t)n * sizeof(uint32_t));
  if (!stack || !cursor) {
    free(stack);
    free(cursor);
    return -1;
  }
  /* rpo_index doubles as the visited mark until the final numbering. */
  for (b = 0; b < n; b++) rpo_index[b] = UINT32_MAX;
  stack[sp++] = g->entry;
  cursor[g->entry] = g->succ_off[g->entry];
  rpo_index[g->entry] = 0;
  while (sp) {
    uint32_t v = stack[sp - 1];
    if (cursor[v] < g->succ_off[v + 1]) {
      uint32_t w = g->succ[cursor[v]++];
      if (rpo_index[w] == UINT32_MAX) {
        rpo_index[w] = 0;
        cursor[w] = g->succ_off[w];
        stack[sp++] = w;
      }
    } else {
      sp--;
      order[post++] = v; /* post-order for now */
    }
  }
  for (b = 0; b < post / 2; b++) {
    uint32_t t = order[b];
    order[b] = order[post - 1 - b];
    order[post - 1 - b] = t;
  }
  for (b = 0; b < post; b++) rpo_index[order[b]] = b;
  *count = post;
  free(stack);
  free(cursor);
  return 0;
}

#endif /* CRL_CORE_CFG_H */
