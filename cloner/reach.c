#include "cloner/reach.h"
#include "irkit/oom.h"

#include <stdlib.h>
#include <string.h>

#include "irkit/keysort.h"
#include "irkit/vec.h"

int crl_reach_init(crl_reach *r, LLVMValueRef fn,
                   int (*stops)(LLVMBasicBlockRef bb, void *ctx), void *ctx) {
  memset(r, 0, sizeof *r);
  r->stops = stops;
  r->ctx = ctx;
  if (crl_valmap_init(&r->index, LLVMCountBasicBlocks(fn)) != 0) return -1;
  uint32_t k = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    if (crl_valmap_put_id(&r->index, bb, k++) != 0) return -1;
  return 0;
}

void crl_reach_free(crl_reach *r) { crl_valmap_free(&r->index); }

/* Depth-first over successors; `seen` holds what was pushed. */
static int visit(crl_reach *r, const LLVMBasicBlockRef *entries, unsigned n,
                 crl_valmap *seen, crl_bvec *found) {
  crl_bvec work = {0};
  int rc = 0;
  for (unsigned k = 0; k < n && rc == 0; k++)
    if (!crl_valmap_has(seen, entries[k]))
      rc = crl_valmap_put(seen, entries[k], entries[k]) |
           crl_bvec_push(&work, entries[k]);
  while (work.n && rc == 0) {
    LLVMBasicBlockRef bb = work.v[--work.n];
    rc = crl_bvec_push(found, bb);
    if (rc || (r->stops && r->stops(bb, r->ctx))) continue;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
    for (unsigned s = 0; s < ns && rc == 0; s++) {
      LLVMBasicBlockRef to = LLVMGetSuccessor(t, s);
      if (crl_valmap_has(seen, to)) continue;
      rc = crl_valmap_put(seen, to, to) | crl_bvec_push(&work, to);
    }
  }
  crl_bvec_free(&work);
  return rc;
}

int crl_reach_run(crl_reach *r, const LLVMBasicBlockRef *entries, unsigned n,
                  const LLVMValueRef *known_phis, const LLVMValueRef *known_vals,
                  unsigned nknown, crl_feasible *out) {
  *out = (crl_feasible){0};
  crl_valmap seen;
  crl_bvec found = {0};
  if (crl_valmap_init(&seen, 16) != 0) return -1;
  int rc = visit(r, entries, n, &seen, &found);
  crl_valmap_free(&seen);
  crl_keyed *kv = crl_malloc((found.n + 1) * sizeof *kv);
  uint32_t *ord = crl_malloc((found.n + 1) * sizeof *ord);
  out->blocks = crl_malloc((found.n + 1) * sizeof *out->blocks);
  out->const_phis = crl_malloc((nknown + 1) * sizeof *out->const_phis);
  out->const_vals = crl_malloc((nknown + 1) * sizeof *out->const_vals);
  if (!kv || !ord || !out->blocks || !out->const_phis || !out->const_vals) rc = -1;
  if (rc == 0) {
    /* Function order, as the cloner lays the blocks out. */
    for (uint32_t k = 0; k < found.n; k++)
      kv[k] = (crl_keyed){crl_valmap_get_id(&r->index, found.v[k]), k};
    crl_keyed_sort(kv, found.n, ord);
    for (uint32_t k = 0; k < found.n; k++) out->blocks[k] = found.v[ord[k]];
    out->n = found.n;
    for (unsigned k = 0; k < nknown; k++) {
      out->const_phis[k] = known_phis[k];
      out->const_vals[k] = known_vals[k];
    }
    out->nconsts = nknown;
  }
  free(kv);
  free(ord);
  crl_bvec_free(&found);
  if (rc) crl_feasible_free(out);
  return rc;
}
