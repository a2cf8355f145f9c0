/* The core is consumed from C by the lowering passes: build and run it as C11
 * (the GoogleTest suites only ever see it through a C++ compiler). */
#include <stdio.h>

#include "core/bitset.h"
#include "core/cfg.h"
#include "core/dom.h"
#include "core/layout.h"
#include "core/liveness.h"
#include "core/sort.h"

static int failures = 0;
#define CHECK(c)                                              \
  do {                                                        \
    if (!(c)) {                                               \
      fprintf(stderr, "%s:%d: CHECK(%s)\n", __FILE__, __LINE__, #c); \
      failures++;                                             \
    }                                                         \
  } while (0)

static int never(uint32_t i, uint32_t j, void *ctx) {
  (void)i;
  (void)j;
  (void)ctx;
  return 0;
}

int main(void) {
  /* 0 -> 1 -> 2 (suspend, resumes at 3) -> 3 -> 1 ; 1 -> 4 */
  uint32_t from[] = {0, 1, 2, 3, 1}, to[] = {1, 2, 3, 1, 4};
  uint32_t order[5], idx[5], cnt = 0, out[5], defs[] = {3}, k, resume[] = {3}, uses[] = {4};
  crl_cfg g;
  crl_domtree dt;
  crl_dfrontier df;
  crl_crossing x;
  crl_live_value v;
  crl_layout_field f[3];
  crl_layout_result r;
  crl_bitset b;

  CHECK(crl_bitset_init(&b, 100) == 0);
  crl_bitset_set(&b, 99);
  CHECK(crl_bitset_next(&b, 0) == 99);
  crl_bitset_free(&b);

  CHECK(crl_cfg_build(&g, 5, 0, 5, from, to) == 0);
  CHECK(crl_cfg_rpo(&g, order, idx, &cnt) == 0);
  CHECK(cnt == 5 && order[0] == 0);
  CHECK(crl_domtree_build(&dt, &g) == 0);
  CHECK(dt.idom[4] == 1 && dt.idom[3] == 2);
  CHECK(crl_dominates(&dt, 1, 3));
  CHECK(crl_dfrontier_build(&df, &g, &dt) == 0);
  k = crl_idf(&df, 5, defs, 1, out);
  CHECK(k == 1 && out[0] == 1);

  v.def_block = 0;
  v.num_uses = 1;
  v.use_blocks = uses;
  CHECK(crl_crossing_compute(&x, &g, 1, resume, 1, &v) == 0);
  CHECK(crl_bitset_test(&x.across[0], 0));
  crl_crossing_free(&x);

  f[0].size = 16;
  f[0].align = 8;
  f[0].fixed_offset = 0;
  f[1].size = 4;
  f[1].align = 4;
  f[1].fixed_offset = CRL_LAYOUT_FREE;
  f[2] = f[1];
  CHECK(crl_layout_compute(&r, f, 3, never, NULL) == 0);
  CHECK(r.offsets[1] == 16 && r.offsets[2] == 16 && r.size == 24 && r.align == 8);
  crl_layout_result_free(&r);

  crl_dfrontier_free(&df);
  crl_domtree_free(&dt);
  crl_cfg_free(&g);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
