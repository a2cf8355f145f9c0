#include "core/cfg.h"

#include <functional>
#include <vector>

#include "gtest/gtest.h"
#include "tests/core/test_util.h"

namespace {

using crltest::Edges;
using crltest::Rng;

std::vector<uint32_t> succs(const crl_cfg &g, uint32_t b) {
  return std::vector<uint32_t>(g.succ + g.succ_off[b], g.succ + g.succ_off[b + 1]);
}
std::vector<uint32_t> preds(const crl_cfg &g, uint32_t b) {
  return std::vector<uint32_t>(g.pred + g.pred_off[b], g.pred + g.pred_off[b + 1]);
}

TEST(Cfg, CsrKeepsEdgeOrderAndDuplicates) {
  Edges e;
  e.n = 4;
  e.entry = 0;
  e.add(0, 2);
  e.add(0, 1);
  e.add(1, 3);
  e.add(2, 3);
  e.add(0, 2);  // duplicate: a switch with two cases to block 2
  e.add(3, 0);
  crl_cfg g;
  ASSERT_TRUE(crltest::build(&g, e));
  EXPECT_EQ(g.num_blocks, 4u);
  EXPECT_EQ(succs(g, 0), (std::vector<uint32_t>{2, 1, 2}));
  EXPECT_EQ(succs(g, 1), (std::vector<uint32_t>{3}));
  EXPECT_EQ(succs(g, 3), (std::vector<uint32_t>{0}));
  EXPECT_EQ(preds(g, 2), (std::vector<uint32_t>{0, 0}));
  EXPECT_EQ(preds(g, 3), (std::vector<uint32_t>{1, 2}));
  EXPECT_EQ(preds(g, 0), (std::vector<uint32_t>{3}));
  EXPECT_EQ(crl_cfg_num_succs(&g, 0), 3u);
  EXPECT_EQ(crl_cfg_num_preds(&g, 1), 1u);
  crl_cfg_free(&g);
}

TEST(Cfg, CsrMatchesEdgeListsOnRandomGraphs) {
  Rng r(5);
  for (int round = 0; round < 300; round++) {
    Edges e = crltest::random_cfg(r, 1 + r.below(50), round % 3);
    crl_cfg g;
    ASSERT_TRUE(crltest::build(&g, e));
    auto s = crltest::succ_lists(e);
    auto p = crltest::pred_lists(e);
    ASSERT_EQ(g.succ_off[0], 0u);
    ASSERT_EQ(g.pred_off[0], 0u);
    ASSERT_EQ(g.succ_off[e.n], e.from.size());
    ASSERT_EQ(g.pred_off[e.n], e.from.size());
    for (uint32_t b = 0; b < e.n; b++) {
      ASSERT_EQ(succs(g, b), s[b]) << "block " << b;
      ASSERT_EQ(preds(g, b), p[b]) << "block " << b;
    }
    crl_cfg_free(&g);
  }
}

TEST(Cfg, RejectsOutOfRangeIds) {
  uint32_t f[] = {0}, t[] = {5};
  crl_cfg g;
  EXPECT_EQ(crl_cfg_build(&g, 3, 0, 1, f, t), -1);
  EXPECT_EQ(g.succ, nullptr);
  crl_cfg_free(&g);
  EXPECT_EQ(crl_cfg_build(&g, 3, 3, 0, f, t), -1);
  crl_cfg_free(&g);
}

TEST(Cfg, EmptyAndSingleBlock) {
  crl_cfg g;
  ASSERT_EQ(crl_cfg_build(&g, 0, 0, 0, nullptr, nullptr), 0);
  uint32_t cnt = 7;
  EXPECT_EQ(crl_cfg_rpo(&g, nullptr, nullptr, &cnt), 0);
  EXPECT_EQ(cnt, 0u);
  crl_cfg_free(&g);
  ASSERT_EQ(crl_cfg_build(&g, 1, 0, 0, nullptr, nullptr), 0);
  uint32_t order[1], idx[1];
  ASSERT_EQ(crl_cfg_rpo(&g, order, idx, &cnt), 0);
  EXPECT_EQ(cnt, 1u);
  EXPECT_EQ(order[0], 0u);
  EXPECT_EQ(idx[0], 0u);
  crl_cfg_free(&g);
}

// Recursive DFS in successor order: the definition the iterative one must match.
std::vector<uint32_t> reference_rpo(const Edges &e) {
  auto s = crltest::succ_lists(e);
  std::vector<bool> seen(e.n, false);
  std::vector<uint32_t> post;
  std::function<void(uint32_t)> dfs = [&](uint32_t b) {
    seen[b] = true;
    for (uint32_t t : s[b])
      if (!seen[t]) dfs(t);
    post.push_back(b);
  };
  if (e.n) dfs(e.entry);
  return std::vector<uint32_t>(post.rbegin(), post.rend());
}

TEST(Cfg, RpoMatchesRecursiveDfsOnRandomGraphs) {
  Rng r(7);
  for (int round = 0; round < 400; round++) {
    Edges e = crltest::random_cfg(r, 1 + r.below(60), round % 3);
    crl_cfg g;
    ASSERT_TRUE(crltest::build(&g, e));
    std::vector<uint32_t> order(e.n), idx(e.n);
    uint32_t cnt = 0;
    ASSERT_EQ(crl_cfg_rpo(&g, order.data(), idx.data(), &cnt), 0);
    std::vector<uint32_t> want = reference_rpo(e);
    order.resize(cnt);
    EXPECT_EQ(order, want);
    auto reach = crltest::reachable_from(e, e.entry);
    for (uint32_t b = 0; b < e.n; b++) {
      if (reach[b]) {
        ASSERT_LT(idx[b], cnt);
        EXPECT_EQ(order[idx[b]], b);
      } else {
        EXPECT_EQ(idx[b], UINT32_MAX);
      }
    }
    // Topological on forward edges: an edge that goes backwards in RPO must
    // target a block that reaches its source (a loop).
    for (size_t i = 0; i < e.from.size(); i++) {
      uint32_t u = e.from[i], v = e.to[i];
      if (!reach[u]) continue;
      if (idx[v] <= idx[u]) {
        EXPECT_TRUE(crltest::reachable_from(e, v)[u]);
      }
    }
    crl_cfg_free(&g);
  }
}

// 300k blocks in a chain: a recursive DFS would overflow the stack here.
TEST(Cfg, RpoOnDeepChainDoesNotRecurse) {
  const uint32_t n = 300000;
  Edges e;
  e.n = n;
  for (uint32_t b = 0; b + 1 < n; b++) {
    e.add(b, b + 1);
    if (b % 3 == 0) e.add(b, n - 1);
  }
  crl_cfg g;
  ASSERT_TRUE(crltest::build(&g, e));
  std::vector<uint32_t> order(n), idx(n);
  uint32_t cnt = 0;
  ASSERT_EQ(crl_cfg_rpo(&g, order.data(), idx.data(), &cnt), 0);
  ASSERT_EQ(cnt, n);
  for (uint32_t b = 0; b < n; b++) EXPECT_EQ(order[b], b);
  crl_cfg_free(&g);
}

}  // namespace
