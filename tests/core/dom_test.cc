#include "core/dom.h"

#include <set>
#include <vector>

#include "gtest/gtest.h"
#include "tests/core/test_util.h"

namespace {

using crltest::Edges;
using crltest::Rng;

struct Built {
  crl_cfg g;
  crl_domtree dt;
  explicit Built(const Edges &e) {
    EXPECT_TRUE(crltest::build(&g, e));
    EXPECT_EQ(crl_domtree_build(&dt, &g), 0);
  }
  ~Built() {
    crl_domtree_free(&dt);
    crl_cfg_free(&g);
  }
};

void check_against_naive(const Edges &e) {
  Built b(e);
  auto dom = crltest::naive_dominators(e);
  auto idom = crltest::naive_idom(e, dom);
  for (uint32_t x = 0; x < e.n; x++) {
    ASSERT_EQ(b.dt.idom[x], idom[x]) << "block " << x << " of " << e.n;
    for (uint32_t y = 0; y < e.n; y++)
      ASSERT_EQ(crl_dominates(&b.dt, x, y), dom[y][x] ? 1 : 0) << x << " dom " << y;
  }
  // Children lists: sorted by id, exactly the blocks whose idom is the parent.
  for (uint32_t x = 0; x < e.n; x++) {
    std::vector<uint32_t> want;
    for (uint32_t y = 0; y < e.n; y++)
      if (y != e.entry && idom[y] == x) want.push_back(y);
    std::vector<uint32_t> got(b.dt.child + b.dt.child_off[x], b.dt.child + b.dt.child_off[x + 1]);
    ASSERT_EQ(got, want);
  }
}

TEST(Dom, Diamond) {
  Edges e;
  e.n = 4;
  e.add(0, 1);
  e.add(0, 2);
  e.add(1, 3);
  e.add(2, 3);
  Built b(e);
  EXPECT_EQ(b.dt.idom[0], 0u);
  EXPECT_EQ(b.dt.idom[1], 0u);
  EXPECT_EQ(b.dt.idom[2], 0u);
  EXPECT_EQ(b.dt.idom[3], 0u);
  EXPECT_TRUE(crl_dominates(&b.dt, 0, 3));
  EXPECT_TRUE(crl_dominates(&b.dt, 3, 3));
  EXPECT_FALSE(crl_dominates(&b.dt, 1, 3));
  EXPECT_FALSE(crl_strictly_dominates(&b.dt, 3, 3));
  EXPECT_EQ(crl_domtree_nca(&b.dt, 1, 2), 0u);
}

// The classic irreducible loop: 1 and 2 both enter the cycle 1<->2.
TEST(Dom, IrreducibleLoop) {
  Edges e;
  e.n = 4;
  e.add(0, 1);
  e.add(0, 2);
  e.add(1, 2);
  e.add(2, 1);
  e.add(2, 3);
  Built b(e);
  EXPECT_EQ(b.dt.idom[1], 0u);
  EXPECT_EQ(b.dt.idom[2], 0u);
  EXPECT_EQ(b.dt.idom[3], 2u);
  check_against_naive(e);
}

TEST(Dom, UnreachableBlocksHaveNoDominators) {
  Edges e;
  e.n = 4;
  e.entry = 1;
  e.add(1, 2);
  e.add(0, 2);  // 0 is unreachable; its edge must not matter
  e.add(3, 3);
  Built b(e);
  EXPECT_EQ(b.dt.idom[1], 1u);
  EXPECT_EQ(b.dt.idom[2], 1u);
  EXPECT_EQ(b.dt.idom[0], UINT32_MAX);
  EXPECT_EQ(b.dt.idom[3], UINT32_MAX);
  EXPECT_FALSE(crl_dominates(&b.dt, 0, 0));
  EXPECT_FALSE(crl_dominates(&b.dt, 1, 0));
  EXPECT_FALSE(crl_dominates(&b.dt, 0, 2));
  EXPECT_EQ(crl_domtree_nca(&b.dt, 0, 2), UINT32_MAX);
}

TEST(Dom, RandomGraphsMatchNaiveDataflow) {
  Rng r(11);
  for (int round = 0; round < 600; round++) {
    Edges e = crltest::random_cfg(r, 1 + r.below(40), round % 3);
    check_against_naive(e);
    if (HasFatalFailure()) return;
  }
}

// Dense random graphs are mostly irreducible.
TEST(Dom, DenseIrreducibleGraphsMatchNaiveDataflow) {
  Rng r(12);
  for (int round = 0; round < 200; round++) {
    Edges e;
    e.n = 2 + r.below(25);
    e.entry = r.below(e.n);
    uint32_t m = e.n * (2 + r.below(3));
    for (uint32_t i = 0; i < m; i++) e.add(r.below(e.n), r.below(e.n));
    check_against_naive(e);
    if (HasFatalFailure()) return;
  }
}

// The switch-ABI shape: a long chain of suspend blocks whose default edges
// all join one return block, plus an early edge from the entry to it. CHK's
// intersect walks are quadratic here; this must stay fast and correct.
TEST(Dom, LongSuspendChainJoiningOneBlock) {
  const uint32_t k = 60000;  // suspends; 2 blocks each + entry + ret
  Edges e;
  e.n = 2 * k + 2;
  uint32_t ret = e.n - 1;
  e.add(0, ret);
  e.add(0, 1);
  for (uint32_t i = 0; i < k; i++) {
    uint32_t s = 1 + 2 * i, c = s + 1;
    e.add(s, ret);  // suspend: default edge
    e.add(s, c);    // resume
    e.add(c, c + 1 < ret ? c + 1 : ret);
  }
  Built b(e);
  EXPECT_EQ(b.dt.idom[ret], 0u);
  EXPECT_EQ(b.dt.idom[2 * k], 2 * k - 1);
  EXPECT_TRUE(crl_dominates(&b.dt, 1, 2 * k));
  EXPECT_FALSE(crl_dominates(&b.dt, 2, ret));
}

// ---- dominance frontiers -------------------------------------------------

std::vector<std::vector<uint32_t>> naive_df(const Edges &e) {
  auto dom = crltest::naive_dominators(e);
  auto preds = crltest::pred_lists(e);
  std::vector<std::vector<uint32_t>> df(e.n);
  for (uint32_t x = 0; x < e.n; x++)
    for (uint32_t y = 0; y < e.n; y++) {
      if (!dom[y].empty() && dom[y][x] && x != y) continue;  // strictly dominates y
      bool hit = false;
      for (uint32_t p : preds[y]) hit = hit || dom[p][x];
      if (hit) df[x].push_back(y);
    }
  return df;
}

std::vector<uint32_t> df_of(const crl_dfrontier &df, uint32_t x) {
  return std::vector<uint32_t>(df.blocks + df.off[x], df.blocks + df.off[x + 1]);
}

TEST(DomFrontier, LoopHeaderAndEntryBackEdge) {
  // 0 -> 1 -> 2 -> 1, 2 -> 3 -> 0
  Edges e;
  e.n = 4;
  e.add(0, 1);
  e.add(1, 2);
  e.add(2, 1);
  e.add(2, 3);
  e.add(3, 0);
  Built b(e);
  crl_dfrontier df;
  ASSERT_EQ(crl_dfrontier_build(&df, &b.g, &b.dt), 0);
  EXPECT_EQ(df_of(df, 2), (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(df_of(df, 1), (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(df_of(df, 0), (std::vector<uint32_t>{0}));
  EXPECT_EQ(df_of(df, 3), (std::vector<uint32_t>{0}));
  crl_dfrontier_free(&df);
}

TEST(DomFrontier, RandomGraphsMatchDefinition) {
  Rng r(21);
  for (int round = 0; round < 500; round++) {
    Edges e = crltest::random_cfg(r, 1 + r.below(40), round % 3);
    Built b(e);
    crl_dfrontier df;
    ASSERT_EQ(crl_dfrontier_build(&df, &b.g, &b.dt), 0);
    auto want = naive_df(e);
    for (uint32_t x = 0; x < e.n; x++) ASSERT_EQ(df_of(df, x), want[x]) << "block " << x;
    crl_dfrontier_free(&df);
  }
}

std::vector<uint32_t> naive_idf(const std::vector<std::vector<uint32_t>> &df, const std::vector<uint32_t> &defs) {
  std::set<uint32_t> result;
  bool changed = true;
  while (changed) {
    changed = false;
    std::set<uint32_t> src(defs.begin(), defs.end());
    src.insert(result.begin(), result.end());
    for (uint32_t x : src)
      for (uint32_t y : df[x]) changed = result.insert(y).second || changed;
  }
  return std::vector<uint32_t>(result.begin(), result.end());
}

TEST(DomFrontier, IdfMatchesFixpointOnRandomGraphs) {
  Rng r(31);
  for (int round = 0; round < 500; round++) {
    Edges e = crltest::random_cfg(r, 1 + r.below(50), round % 3);
    Built b(e);
    crl_dfrontier df;
    ASSERT_EQ(crl_dfrontier_build(&df, &b.g, &b.dt), 0);
    auto ndf = naive_df(e);
    crl_idf_scratch scratch;
    ASSERT_EQ(crl_idf_scratch_init(&scratch, e.n), 0);
    for (int q = 0; q < 5; q++) {
      std::vector<uint32_t> defs;
      uint32_t nd = r.below(5);
      for (uint32_t i = 0; i < nd; i++) defs.push_back(r.below(e.n));
      std::vector<uint32_t> out(e.n + 1, 0xdeadbeef);
      uint32_t k = crl_idf(&df, e.n, defs.data(), nd, out.data());
      out.resize(k);
      auto want = naive_idf(ndf, defs);
      ASSERT_EQ(out, want);
      // The scratch-reusing variant answers the same, query after query.
      std::vector<uint32_t> out2(e.n + 1);
      uint32_t k2 = crl_idf_with(&df, &scratch, defs.data(), nd, out2.data());
      out2.resize(k2);
      ASSERT_EQ(out2, want);
    }
    crl_idf_scratch_free(&scratch);
    crl_dfrontier_free(&df);
  }
}

TEST(DomFrontier, IdfScratchSurvivesGenerationWrap) {
  Rng r(33);
  Edges e = crltest::random_cfg(r, 40, 1);
  Built b(e);
  crl_dfrontier df;
  ASSERT_EQ(crl_dfrontier_build(&df, &b.g, &b.dt), 0);
  auto ndf = naive_df(e);
  crl_idf_scratch scratch;
  ASSERT_EQ(crl_idf_scratch_init(&scratch, e.n), 0);
  for (int q = 0; q < 10; q++) {
    // Marks left at the generation that follows the wrap.
    for (uint32_t i = 0; i < e.n; i++) scratch.in_idf[i] = scratch.done[i] = 1;
    scratch.gen = UINT32_MAX;
    std::vector<uint32_t> defs{r.below(e.n), r.below(e.n)};
    std::vector<uint32_t> out(e.n);
    out.resize(crl_idf_with(&df, &scratch, defs.data(), 2, out.data()));
    ASSERT_EQ(out, naive_idf(ndf, defs)) << "query " << q;
  }
  crl_idf_scratch_free(&scratch);
  crl_dfrontier_free(&df);
}

// A value defined in every block of a long chain with a loop back edge: the
// IDF must be found by the worklist, each block expanded once.
TEST(DomFrontier, IdfOnLargeGraph) {
  const uint32_t n = 200000;
  Edges e;
  e.n = n;
  for (uint32_t b = 0; b + 1 < n; b++) {
    e.add(b, b + 1);
    if (b % 2 == 1) e.add(b, b + 1 < n - 1 ? b + 2 : b + 1);  // skip edges create joins
  }
  e.add(n - 1, 1);  // loop back to block 1
  Built b(e);
  crl_dfrontier df;
  ASSERT_EQ(crl_dfrontier_build(&df, &b.g, &b.dt), 0);
  std::vector<uint32_t> defs;
  for (uint32_t i = 0; i < n; i += 2) defs.push_back(i);
  std::vector<uint32_t> out(n);
  uint32_t k = crl_idf(&df, n, defs.data(), (uint32_t)defs.size(), out.data());
  ASSERT_NE(k, UINT32_MAX);
  ASSERT_GT(k, 0u);
  for (uint32_t i = 1; i < k; i++) ASSERT_LT(out[i - 1], out[i]);
  EXPECT_EQ(out[0], 1u);  // the loop header
  crl_dfrontier_free(&df);
}

}  // namespace
