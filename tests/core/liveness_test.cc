#include "core/liveness.h"

#include <algorithm>
#include <vector>

#include "gtest/gtest.h"
#include "tests/core/test_util.h"

namespace {

using crltest::Edges;
using crltest::Rng;

struct Value {
  uint32_t def;
  std::vector<uint32_t> uses;
};

std::vector<crl_live_value> views(const std::vector<Value> &vals) {
  std::vector<crl_live_value> v;
  for (const Value &x : vals) v.push_back(crl_live_value{x.def, (uint32_t)x.uses.size(), x.uses.data()});
  return v;
}

// Reference straight from the model: v is live across s iff R_s is reachable,
// R_s != D, and a forward walk from R_s that may not enter D reaches a use
// block other than D.
bool naive_live_in(const Edges &e, const std::vector<bool> &reach, const Value &v, uint32_t start) {
  if (start >= e.n || !reach[start] || start == v.def) return false;
  auto fwd = crltest::reachable_from(e, start, v.def);
  for (uint32_t u : v.uses)
    if (u < e.n && u != v.def && fwd[u]) return true;
  return false;
}

// The *_rng variants leave words outside a row's range undefined: read
// through the ranges, with the matrix filled with garbage first.
uint64_t rng_bit(const std::vector<uint64_t> &m, const std::vector<uint32_t> &rng, uint32_t W, uint32_t b,
                 uint32_t v) {
  uint32_t w = v / 64;
  if (w < rng[2 * b] || w >= rng[2 * b + 1]) return 0;
  return (m[(size_t)b * W + w] >> (v % 64)) & 1;
}

struct Case {
  Edges e;
  std::vector<uint32_t> resume;
  std::vector<Value> vals;
};

void check_case(const Case &c) {
  crl_cfg g;
  ASSERT_TRUE(crltest::build(&g, c.e));
  auto reach = crltest::reachable_from(c.e, c.e.entry);
  auto lv = views(c.vals);
  crl_crossing x;
  ASSERT_EQ(crl_crossing_compute(&x, &g, (uint32_t)c.resume.size(), c.resume.data(), (uint32_t)lv.size(), lv.data()),
            0);
  ASSERT_EQ(x.num_values, lv.size());
  ASSERT_EQ(x.num_suspends, c.resume.size());
  for (size_t v = 0; v < c.vals.size(); v++) {
    ASSERT_EQ(x.across[v].nbits, c.resume.size());
    for (size_t s = 0; s < c.resume.size(); s++)
      ASSERT_EQ(crl_bitset_test(&x.across[v], (uint32_t)s),
                naive_live_in(c.e, reach, c.vals[v], c.resume[s]) ? 1 : 0)
          << "value " << v << " suspend " << s << " R=" << c.resume[s] << " D=" << c.vals[v].def;
  }
  // The per-block query agrees with the model for every block.
  crl_live_scratch ls;
  ASSERT_EQ(crl_live_scratch_init(&ls, &g), 0);
  std::vector<uint32_t> out(c.e.n + 1);
  for (size_t v = 0; v < c.vals.size(); v++) {
    uint32_t k = crl_live_in_blocks(&ls, &lv[v], out.data());
    std::vector<uint32_t> got(out.begin(), out.begin() + k), want;
    std::sort(got.begin(), got.end());
    ASSERT_TRUE(std::adjacent_find(got.begin(), got.end()) == got.end()) << "duplicate live-in block";
    for (uint32_t b = 0; b < c.e.n; b++)
      if (naive_live_in(c.e, reach, c.vals[v], b)) want.push_back(b);
    ASSERT_EQ(got, want) << "value " << v;
  }
  crl_live_scratch_free(&ls);
  // The all-values matrix gives the same sets.
  uint32_t W = ((uint32_t)c.vals.size() + 63) / 64;
  std::vector<uint64_t> m((size_t)c.e.n * W + 1, ~0ull);
  std::vector<uint64_t> mr((size_t)c.e.n * W + 1, 0x5a5a5a5a5a5a5a5aull);
  std::vector<uint32_t> rng(2 * (size_t)c.e.n + 1);
  ASSERT_EQ(crl_live_in_matrix_rng(&g, lv.data(), (uint32_t)lv.size(), mr.data(), W, rng.data()), 0);
  for (size_t v = 0; v < c.vals.size(); v++)
    for (uint32_t b = 0; b < c.e.n; b++)
      ASSERT_EQ(rng_bit(mr, rng, W, b, (uint32_t)v), naive_live_in(c.e, reach, c.vals[v], b) ? 1u : 0u)
          << "ranged: value " << v << " block " << b;
  ASSERT_EQ(crl_live_in_matrix(&g, lv.data(), (uint32_t)lv.size(), m.data(), W), 0);
  for (size_t v = 0; v < c.vals.size(); v++)
    for (uint32_t b = 0; b < c.e.n; b++)
      ASSERT_EQ((m[(size_t)b * W + v / 64] >> (v % 64)) & 1,
                naive_live_in(c.e, reach, c.vals[v], b) ? 1u : 0u)
          << "matrix: value " << v << " block " << b;
  crl_crossing_free(&x);
  crl_cfg_free(&g);
}

// entry 0 -> 1 (suspend, resumes at 2) -> 2 -> 3 (suspend, resumes at 4) -> 4
Case chain_case() {
  Case c;
  c.e.n = 5;
  for (uint32_t b = 0; b < 4; b++) c.e.add(b, b + 1);
  c.resume = {2, 4};
  return c;
}

TEST(Crossing, StraightLine) {
  Case c = chain_case();
  c.vals = {
      {0, {4}},     // crosses both
      {0, {2}},     // crosses the first only
      {2, {4}},     // defined in R_0: crosses only the second
      {0, {0, 1}},  // dies before any suspend
      {4, {4}},     // defined after both
  };
  check_case(c);
  crl_cfg g;
  ASSERT_TRUE(crltest::build(&g, c.e));
  auto lv = views(c.vals);
  crl_crossing x;
  ASSERT_EQ(crl_crossing_compute(&x, &g, 2, c.resume.data(), 5, lv.data()), 0);
  EXPECT_EQ(crl_bitset_count(&x.across[0]), 2u);
  EXPECT_TRUE(crl_bitset_test(&x.across[1], 0));
  EXPECT_FALSE(crl_bitset_test(&x.across[1], 1));
  EXPECT_FALSE(crl_bitset_test(&x.across[2], 0));
  EXPECT_TRUE(crl_bitset_test(&x.across[2], 1));
  EXPECT_EQ(crl_bitset_count(&x.across[3]), 0u);
  EXPECT_EQ(crl_bitset_count(&x.across[4]), 0u);
  EXPECT_FALSE(crl_crossing_interferes(&x, 1, 2));
  EXPECT_TRUE(crl_crossing_interferes(&x, 0, 2));
  crl_crossing_free(&x);
  crl_cfg_free(&g);
}

// A loop whose body suspends: 0 -> 1 (header) -> 2 (suspend, resumes at 3)
// -> 3 -> 1, and 1 -> 4 (exit).
TEST(Crossing, LoopAndPhiUses) {
  Case c;
  c.e.n = 5;
  c.e.add(0, 1);
  c.e.add(1, 2);
  c.e.add(2, 3);
  c.e.add(3, 1);
  c.e.add(1, 4);
  c.resume = {3};
  c.vals = {
      {0, {4}},  // loop-invariant, used after the loop: crosses
      {1, {2}},  // defined in the header, used before the suspend: does not cross
      {1, {3}},  // defined in the header, used after resume: crosses
      {3, {3}},  // phi incoming from 3 into the header, defined in 3: the use is
                 // at the end of 3, after the definition: does not cross
      {2, {3}},  // phi use at the end of 3 of a value from 2: crosses
      {3, {1}},  // used in the header on the next iteration: the walk from 1
                 // goes back through 3 (the def) and stops; 3 is not live-in
  };
  check_case(c);
}

TEST(Crossing, UnreachableAndOutOfRangeAreIgnored) {
  Case c;
  c.e.n = 4;
  c.e.add(0, 1);
  c.e.add(3, 1);  // 3 is unreachable
  c.resume = {1, 3, 99};
  c.vals = {{0, {1, 3}}, {3, {1}}, {0, {77}}};
  check_case(c);
}

TEST(Crossing, RandomCfgsMatchForwardReachability) {
  Rng r(41);
  for (int round = 0; round < 400; round++) {
    Case c;
    c.e = crltest::random_cfg(r, 1 + r.below(40), round % 3);
    uint32_t ns = r.below(8);
    for (uint32_t s = 0; s < ns; s++) c.resume.push_back(r.below(c.e.n));
    uint32_t nv = round % 10 == 0 ? 64 + r.below(100) : r.below(30);  // some span several words
    for (uint32_t v = 0; v < nv; v++) {
      Value x;
      x.def = r.below(c.e.n);
      uint32_t nu = r.below(5);
      for (uint32_t u = 0; u < nu; u++) x.uses.push_back(r.chance(20) ? x.def : r.below(c.e.n));
      c.vals.push_back(x);
    }
    check_case(c);
    if (HasFatalFailure()) return;
  }
}

// Mostly one successor per block (the backward pass merges such a block's
// successor row directly), with loops closed by blocks that have a single
// successor too, so a change found there must still start another round.
TEST(Crossing, RandomChainsWithLoopsMatchForwardReachability) {
  Rng r(47);
  for (int round = 0; round < 400; round++) {
    Case c;
    uint32_t n = 2 + r.below(40);
    c.e.n = n;
    c.e.entry = 0;
    for (uint32_t b = 0; b + 1 < n; b++) {
      uint32_t k = r.below(100);
      if (k < 60) {
        c.e.add(b, b + 1);
      } else if (k < 80) {
        c.e.add(b, r.below(b + 1));  // a loop closed by a one-successor block
      } else {
        c.e.add(b, b + 1);
        c.e.add(b, r.chance(50) ? r.below(b + 1) : std::min(n - 1, b + 2 + r.below(4)));
      }
    }
    uint32_t ns = r.below(6);
    for (uint32_t s = 0; s < ns; s++) c.resume.push_back(r.below(n));
    uint32_t nv = round % 10 == 0 ? 64 + r.below(100) : 1 + r.below(20);
    for (uint32_t v = 0; v < nv; v++) {
      Value x;
      x.def = r.below(n);
      uint32_t nu = 1 + r.below(3);
      for (uint32_t u = 0; u < nu; u++) x.uses.push_back(r.below(n));
      c.vals.push_back(x);
    }
    check_case(c);
    if (HasFatalFailure()) return;
  }
}

// Generation stamps must survive wrapping around: stale stamps from before
// the wrap may not hide blocks from later queries.
TEST(Crossing, LiveInStampsSurviveGenerationWrap) {
  Rng r(43);
  Edges e = crltest::random_cfg(r, 30, 1);
  e.entry = 0;
  crl_cfg g;
  ASSERT_TRUE(crltest::build(&g, e));
  auto reach = crltest::reachable_from(e, e.entry);
  crl_live_scratch ls;
  ASSERT_EQ(crl_live_scratch_init(&ls, &g), 0);
  std::vector<uint32_t> out(e.n);
  std::vector<Value> vals;
  for (int v = 0; v < 40; v++) vals.push_back(Value{r.below(e.n), {r.below(e.n), r.below(e.n)}});
  uint32_t total = 0;
  for (size_t v = 0; v < vals.size(); v++) {
    // Stamps left at the generation that follows the wrap.
    for (uint32_t b = 0; b < e.n; b++) ls.stamp[b] = 1;
    ls.gen = UINT32_MAX;
    crl_live_value lv{vals[v].def, (uint32_t)vals[v].uses.size(), vals[v].uses.data()};
    uint32_t k = crl_live_in_blocks(&ls, &lv, out.data());
    std::vector<uint32_t> got(out.begin(), out.begin() + k), want;
    std::sort(got.begin(), got.end());
    for (uint32_t b = 0; b < e.n; b++)
      if (naive_live_in(e, reach, vals[v], b)) want.push_back(b);
    ASSERT_EQ(got, want) << "query " << v;
    total += k;
  }
  EXPECT_GT(total, 0u);
  crl_live_scratch_free(&ls);
  crl_cfg_free(&g);
}

// 2000 awaits in a loop-free chain, each value used right after the next
// suspend: every live range is two blocks, so the work is linear.
TEST(Crossing, ManySuspendsStaysProportionalToLiveRanges) {
  const uint32_t k = 20000;
  Edges e;
  e.n = k + 1;
  for (uint32_t b = 0; b < k; b++) e.add(b, b + 1);
  std::vector<uint32_t> resume;
  for (uint32_t s = 0; s < k; s++) resume.push_back(s + 1);
  std::vector<Value> vals;
  for (uint32_t v = 0; v < k; v++) vals.push_back(Value{v, {v + 1}});
  crl_cfg g;
  ASSERT_TRUE(crltest::build(&g, e));
  auto lv = views(vals);
  crl_crossing x;
  ASSERT_EQ(crl_crossing_compute(&x, &g, k, resume.data(), k, lv.data()), 0);
  for (uint32_t v = 0; v < k; v++) {
    ASSERT_EQ(crl_bitset_count(&x.across[v]), 1u);
    ASSERT_TRUE(crl_bitset_test(&x.across[v], v));
  }
  crl_crossing_free(&x);
  crl_cfg_free(&g);
}


// crl_reach_in_matrix against its definition, walked block by block: bit
// (b, v) iff a path from the end of a gen block of v reaches the entry of b
// (from reachable blocks only) whose blocks after the gen block kill
// nothing. Gen wins over kill in one block, as the matrix's out[] says.
bool naive_reach_in(const Edges &e, const std::vector<bool> &reach, const std::vector<uint32_t> &gen,
                    const std::vector<uint32_t> &kill, uint32_t target) {
  if (target >= e.n || !reach[target]) return false;
  std::vector<bool> is_gen(e.n), is_kill(e.n), out(e.n);
  for (uint32_t g : gen)
    if (g < e.n) is_gen[g] = true;
  for (uint32_t k : kill)
    if (k < e.n) is_kill[k] = true;
  std::vector<uint32_t> work;
  for (uint32_t b = 0; b < e.n; b++)
    if (is_gen[b] && reach[b]) {
      out[b] = true;
      work.push_back(b);
    }
  bool hit = false;
  while (!work.empty()) {
    uint32_t b = work.back();
    work.pop_back();
    for (size_t k = 0; k < e.from.size(); k++) {
      if (e.from[k] != b) continue;
      uint32_t s = e.to[k];
      if (s == target) hit = true;
      if (!out[s] && !is_kill[s]) {
        out[s] = true;
        work.push_back(s);
      }
    }
  }
  return hit;
}

TEST(Reach, RandomCfgsMatchTheDefinition) {
  Rng r(47);
  for (int round = 0; round < 400; round++) {
    Edges e = crltest::random_cfg(r, 1 + r.below(40), round % 3);
    crl_cfg g;
    ASSERT_TRUE(crltest::build(&g, e));
    auto reach = crltest::reachable_from(e, e.entry);
    uint32_t nv = round % 10 == 0 ? 64 + r.below(100) : r.below(30);
    std::vector<std::vector<uint32_t>> gens(nv), kills(nv);
    std::vector<crl_reach_value> rv;
    for (uint32_t v = 0; v < nv; v++) {
      uint32_t ng = r.below(4), nk = r.below(4);
      for (uint32_t k = 0; k < ng; k++) gens[v].push_back(r.chance(5) ? e.n + 3 : r.below(e.n));
      for (uint32_t k = 0; k < nk; k++) {
        uint32_t b = r.below(e.n);
        // A block is listed once: its last event.
        if (std::find(gens[v].begin(), gens[v].end(), b) == gens[v].end()) kills[v].push_back(b);
      }
    }
    for (uint32_t v = 0; v < nv; v++)
      rv.push_back(crl_reach_value{(uint32_t)gens[v].size(), (uint32_t)kills[v].size(), gens[v].data(),
                                   kills[v].data()});
    uint32_t W = (nv + 63) / 64;
    std::vector<uint64_t> m((size_t)e.n * W + 1, ~0ull);
    std::vector<uint64_t> mr((size_t)e.n * W + 1, 0xa5a5a5a5a5a5a5a5ull);
    std::vector<uint32_t> rng(2 * (size_t)e.n + 1);
    ASSERT_EQ(crl_reach_in_matrix_rng(&g, rv.data(), nv, mr.data(), W, rng.data()), 0);
    for (uint32_t v = 0; v < nv; v++)
      for (uint32_t b = 0; b < e.n; b++)
        ASSERT_EQ(rng_bit(mr, rng, W, b, v), naive_reach_in(e, reach, gens[v], kills[v], b) ? 1u : 0u)
            << "ranged: round " << round << " value " << v << " block " << b;
    ASSERT_EQ(crl_reach_in_matrix(&g, rv.data(), nv, m.data(), W), 0);
    for (uint32_t v = 0; v < nv; v++)
      for (uint32_t b = 0; b < e.n; b++)
        ASSERT_EQ((m[(size_t)b * W + v / 64] >> (v % 64)) & 1,
                  naive_reach_in(e, reach, gens[v], kills[v], b) ? 1u : 0u)
            << "round " << round << " value " << v << " block " << b;
    crl_cfg_free(&g);
  }
}

// crl_live_in_kill_matrix against its definition: v is live on entry to b
// iff b uses it (gen), or b does not kill it and it is live on entry to a
// successor; the least solution is a search from b that stops at kills.
bool naive_live_kill(const Edges &e, const std::vector<bool> &reach, const std::vector<uint32_t> &gen,
                     const std::vector<uint32_t> &kill, uint32_t target) {
  if (target >= e.n || !reach[target]) return false;
  std::vector<bool> is_gen(e.n), is_kill(e.n), seen(e.n);
  for (uint32_t g : gen)
    if (g < e.n) is_gen[g] = true;
  for (uint32_t k : kill)
    if (k < e.n) is_kill[k] = true;
  std::vector<uint32_t> work = {target};
  seen[target] = true;
  while (!work.empty()) {
    uint32_t b = work.back();
    work.pop_back();
    if (is_gen[b]) return true;
    if (is_kill[b]) continue;
    for (size_t k = 0; k < e.from.size(); k++)
      if (e.from[k] == b && !seen[e.to[k]]) {
        seen[e.to[k]] = true;
        work.push_back(e.to[k]);
      }
  }
  return false;
}

TEST(LiveKill, RandomCfgsMatchTheDefinition) {
  Rng r(53);
  for (int round = 0; round < 400; round++) {
    Edges e = crltest::random_cfg(r, 1 + r.below(40), round % 3);
    crl_cfg g;
    ASSERT_TRUE(crltest::build(&g, e));
    auto reach = crltest::reachable_from(e, e.entry);
    uint32_t nv = round % 10 == 0 ? 64 + r.below(100) : r.below(30);
    std::vector<std::vector<uint32_t>> gens(nv), kills(nv);
    std::vector<crl_reach_value> rv;
    for (uint32_t v = 0; v < nv; v++) {
      uint32_t ng = r.below(4), nk = r.below(4);
      for (uint32_t k = 0; k < ng; k++) gens[v].push_back(r.chance(5) ? e.n + 3 : r.below(e.n));
      for (uint32_t k = 0; k < nk; k++) {
        uint32_t b = r.below(e.n);
        if (std::find(gens[v].begin(), gens[v].end(), b) == gens[v].end()) kills[v].push_back(b);
      }
    }
    for (uint32_t v = 0; v < nv; v++)
      rv.push_back(crl_reach_value{(uint32_t)gens[v].size(), (uint32_t)kills[v].size(), gens[v].data(),
                                   kills[v].data()});
    uint32_t W = (nv + 63) / 64;
    std::vector<uint64_t> m((size_t)e.n * W + 1, ~0ull);
    std::vector<uint64_t> mr((size_t)e.n * W + 1, 0xa5a5a5a5a5a5a5a5ull);
    std::vector<uint32_t> rng(2 * (size_t)e.n + 1);
    ASSERT_EQ(crl_live_in_kill_matrix_rng(&g, rv.data(), nv, mr.data(), W, rng.data()), 0);
    for (uint32_t v = 0; v < nv; v++)
      for (uint32_t b = 0; b < e.n; b++)
        ASSERT_EQ(rng_bit(mr, rng, W, b, v), naive_live_kill(e, reach, gens[v], kills[v], b) ? 1u : 0u)
            << "ranged: round " << round << " value " << v << " block " << b;
    ASSERT_EQ(crl_live_in_kill_matrix(&g, rv.data(), nv, m.data(), W), 0);
    for (uint32_t v = 0; v < nv; v++)
      for (uint32_t b = 0; b < e.n; b++)
        ASSERT_EQ((m[(size_t)b * W + v / 64] >> (v % 64)) & 1,
                  naive_live_kill(e, reach, gens[v], kills[v], b) ? 1u : 0u)
            << "round " << round << " value " << v << " block " << b;
    crl_cfg_free(&g);
  }
}

}  // namespace
