// The scan's lower bound from the previously placed field (core/layout.h,
// crl_lay_hint) only saves work: every layout must be the one the engine
// gives without it, offset for offset.
#include <algorithm>
#include <vector>

#include "core/layout.h"
#include "gtest/gtest.h"
#include "tests/core/layout_nohint.h"
#include "tests/core/test_util.h"

namespace {

using crltest::Rng;

struct Case {
  std::vector<crl_layout_field> f;
  std::vector<crl_bitset> rows;
  explicit Case(uint32_t n) : rows(n) {
    for (auto &r : rows) EXPECT_EQ(crl_bitset_init(&r, n), 0);
  }
  ~Case() {
    for (auto &r : rows) crl_bitset_free(&r);
  }
  void set(uint32_t i, uint32_t j) {
    if (i == j) return;
    crl_bitset_set(&rows[i], j);
    crl_bitset_set(&rows[j], i);
  }
};

uint32_t rand_align(Rng &r) { return 1u << r.below(5); }

crl_layout_field rand_field(Rng &r, bool big) {
  uint32_t al = rand_align(r);
  uint64_t size = big && r.chance(5) ? 64 + r.below(512) : (r.chance(70) ? al : 1 + r.below(12));
  return crl_layout_field{size, al, CRL_LAYOUT_FREE};
}

void header(Case &c, Rng &r) {
  if (r.chance(30)) return;  // free fields from offset 0
  c.f.push_back(crl_layout_field{8, 8, 0});
  c.f.push_back(crl_layout_field{8, 8, 8});
  if (r.chance(50)) c.f.push_back(crl_layout_field{1 + r.below(4), 1, 16});
  if (r.chance(30)) c.f.push_back(crl_layout_field{8, 8, 40 + 8 * r.below(8)});  // a fixed field above a hole
}

void expect_same(const Case &c, const char *what, int round) {
  crl_layout_result with, without;
  uint32_t n = (uint32_t)c.f.size();
  ASSERT_EQ(crl_layout_compute_rows(&with, c.f.data(), n, c.rows.data()), 0);
  ASSERT_EQ(crltest_layout_rows_nohint(&without, c.f.data(), n, c.rows.data()), 0);
  EXPECT_EQ(with.size, without.size) << what << " round " << round;
  for (uint32_t i = 0; i < n; i++)
    ASSERT_EQ(with.offsets[i], without.offsets[i]) << what << " round " << round << " field " << i;
  crl_layout_result_free(&with);
  crl_layout_result_free(&without);
}

// What a coroutine with many awaits gives: results live to the end (each
// meets every later result and every later awaiter), awaiters live over one
// suspend. Sizes, alignments and the interleaving vary, and some rows lose
// or gain a bit so the previous row is sometimes not covered.
TEST(LayoutHint, StaircasesMatchTheUnboundedScan) {
  Rng r(2026);
  for (int round = 0; round < 60; round++) {
    uint32_t steps = 20 + r.below(300);
    Case c(0);
    std::vector<crl_layout_field> f;
    Rng rr(round);
    header(c, rr);
    uint32_t base = (uint32_t)c.f.size();
    std::vector<int> is_result;
    for (uint32_t k = 0; k < steps; k++) {
      uint32_t per = 1 + r.below(3);
      for (uint32_t q = 0; q < per; q++) {
        c.f.push_back(rand_field(r, true));
        is_result.push_back(q == 0 || r.chance(30));
      }
    }
    uint32_t n = (uint32_t)c.f.size();
    Case cc(n);
    cc.f = c.f;
    uint32_t flip = r.below(4);  // percent of pairs flipped
    for (uint32_t i = base; i < n; i++)
      for (uint32_t j = i + 1; j < n; j++) {
        bool meet = is_result[i - base] || (j <= i + 2 && r.chance(50));
        if (r.below(100) < flip) meet = !meet;
        if (meet) cc.set(i, j);
      }
    expect_same(cc, "staircase", round);
    if (HasFatalFailure()) return;
  }
}

// Random nested interference: each field meets a random superset or subset
// of what the previous one met, so the bound applies often and fails often.
TEST(LayoutHint, NestedRowsMatchTheUnboundedScan) {
  Rng r(77);
  for (int round = 0; round < 80; round++) {
    uint32_t nfree = 10 + r.below(round < 40 ? 60 : 600);
    Case c(0);
    header(c, r);
    uint32_t base = (uint32_t)c.f.size();
    for (uint32_t i = 0; i < nfree; i++) c.f.push_back(rand_field(r, round % 3 == 0));
    uint32_t n = (uint32_t)c.f.size();
    Case cc(n);
    cc.f = c.f;
    std::vector<char> cur(n, 0);
    for (uint32_t i = base; i < n; i++) {
      // Grow or shrink the set of earlier fields this one meets.
      uint32_t changes = r.below(4);
      for (uint32_t q = 0; q < changes && i > base; q++) cur[base + r.below(i - base)] ^= 1;
      if (r.chance(50) && i > base) cur[i - 1] = 1;
      for (uint32_t j = base; j < i; j++)
        if (cur[j]) cc.set(i, j);
    }
    expect_same(cc, "nested", round);
    if (HasFatalFailure()) return;
  }
}

// Interval interference (values live across ranges of suspends), sorted by
// start so consecutive fields overlap in what they meet.
TEST(LayoutHint, IntervalsMatchTheUnboundedScan) {
  Rng r(5);
  for (int round = 0; round < 80; round++) {
    uint32_t nfree = 10 + r.below(400), span = 1 + r.below(200);
    Case c(0);
    header(c, r);
    uint32_t base = (uint32_t)c.f.size();
    std::vector<std::pair<uint32_t, uint32_t>> live;
    for (uint32_t i = 0; i < nfree; i++) {
      c.f.push_back(rand_field(r, round % 2 == 0));
      uint32_t lo = r.below(span), hi = lo + (r.chance(30) ? span : r.below(span / 4 + 1));
      live.push_back({lo, hi});
    }
    if (r.chance(50)) std::sort(live.begin(), live.end());
    uint32_t n = (uint32_t)c.f.size();
    Case cc(n);
    cc.f = c.f;
    for (uint32_t i = 0; i < nfree; i++)
      for (uint32_t j = i + 1; j < nfree; j++)
        if (live[i].first <= live[j].second && live[j].first <= live[i].second) cc.set(base + i, base + j);
    expect_same(cc, "intervals", round);
    if (HasFatalFailure()) return;
  }
}

// The frame of a Swift async function with many awaits at -Onone: shadow
// allocas live throughout, results live to the end, and short-lived values
// each over two suspends, interleaved with the results, so that each takes
// the slot of the one two awaits before it (a field the previous field met
// and it does not: the bound must come from below that field's offset).
TEST(LayoutHint, AwaitersReusingDeadSlotsMatchTheUnboundedScan) {
  for (uint32_t awaits : {50u, 700u}) {
    for (int mixed = 0; mixed < 2; mixed++) {
      Case c(0);
      std::vector<std::pair<uint32_t, uint32_t>> live;
      uint32_t end = 2 * awaits + 2;
      for (uint32_t k = 0; k < 6; k++) live.push_back({0, end});
      for (uint32_t k = 0; k < awaits; k++) {
        live.push_back({2 * k, 2 * k + 3});
        live.push_back({2 * k + 1, end});
      }
      for (uint32_t i = 0; i < live.size(); i++) {
        uint32_t al = mixed && i % 3 == 0 ? 16 : 8;
        c.f.push_back(crl_layout_field{mixed && i % 5 == 0 ? 4u : al, mixed && i % 5 == 0 ? 4u : al,
                                       CRL_LAYOUT_FREE});
      }
      uint32_t n = (uint32_t)c.f.size();
      Case cc(n);
      cc.f = c.f;
      for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = i + 1; j < n; j++)
          if (live[i].first <= live[j].second && live[j].first <= live[i].second) cc.set(i, j);
      expect_same(cc, "awaiters", (int)awaits + mixed);
      if (HasFatalFailure()) return;
    }
  }
}

}  // namespace
