#include "core/layout.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <vector>

#include "gtest/gtest.h"
#include "tests/core/test_util.h"

namespace {

using crltest::Rng;

const uint64_t FREE = CRL_LAYOUT_FREE;

struct Problem {
  std::vector<crl_layout_field> f;
  std::vector<std::vector<bool>> inter;  // among all fields; fixed ones implied

  uint32_t n() const { return (uint32_t)f.size(); }
  bool fixed(uint32_t i) const { return f[i].fixed_offset != FREE; }
  bool interferes(uint32_t i, uint32_t j) const { return i != j && (fixed(i) || fixed(j) || inter[i][j]); }
  void add(uint64_t size, uint32_t align, uint64_t fixed_offset = FREE) {
    f.push_back(crl_layout_field{size, align, fixed_offset});
    for (auto &row : inter) row.push_back(false);
    inter.push_back(std::vector<bool>(f.size(), false));
  }
  void set(uint32_t i, uint32_t j, bool v = true) {
    inter[i][j] = v;
    inter[j][i] = v;
  }
  void all_interfere() {
    for (uint32_t i = 0; i < n(); i++)
      for (uint32_t j = 0; j < n(); j++) inter[i][j] = i != j;
  }
};

struct Rows {
  std::vector<crl_bitset> rows;
  explicit Rows(const Problem &p) : rows(p.n()) {
    for (uint32_t i = 0; i < p.n(); i++) {
      EXPECT_EQ(crl_bitset_init(&rows[i], p.n()), 0);
      for (uint32_t j = 0; j < p.n(); j++)
        if (p.inter[i][j]) crl_bitset_set(&rows[i], j);
    }
  }
  ~Rows() {
    for (auto &r : rows) crl_bitset_free(&r);
  }
};

int callback(uint32_t i, uint32_t j, void *ctx) {
  const Problem *p = (const Problem *)ctx;
  // The contract: i < j, never a fixed field.
  EXPECT_LT(i, j);
  EXPECT_FALSE(p->fixed(i) || p->fixed(j));
  return p->inter[i][j] ? 1 : 0;
}

uint64_t round_up(uint64_t x, uint64_t a) { return (x + a - 1) / a * a; }

void check_valid(const Problem &p, const crl_layout_result &r) {
  uint32_t align = 1;
  uint64_t end = 0;
  for (uint32_t i = 0; i < p.n(); i++) {
    align = std::max(align, p.f[i].align);
    if (p.fixed(i)) {
      ASSERT_EQ(r.offsets[i], p.f[i].fixed_offset) << "fixed field " << i << " moved";
    } else {
      ASSERT_EQ(r.offsets[i] % p.f[i].align, 0u) << "field " << i << " misaligned";
    }
    end = std::max(end, r.offsets[i] + p.f[i].size);
  }
  ASSERT_EQ(r.align, align);
  ASSERT_EQ(r.size, round_up(end, align));
  ASSERT_EQ(r.size % r.align, 0u);
  for (uint32_t i = 0; i < p.n(); i++)
    for (uint32_t j = i + 1; j < p.n(); j++) {
      if (p.fixed(i) && p.fixed(j)) continue;  // taken as given
      if (!p.interferes(i, j) || !p.f[i].size || !p.f[j].size) continue;
      bool overlap = r.offsets[i] < r.offsets[j] + p.f[j].size && r.offsets[j] < r.offsets[i] + p.f[i].size;
      ASSERT_FALSE(overlap) << "interfering fields " << i << " and " << j << " overlap";
    }
}

crl_layout_result run_rows(const Problem &p) {
  Rows rows(p);
  crl_layout_result r;
  EXPECT_EQ(crl_layout_compute_rows(&r, p.f.data(), p.n(), rows.rows.data()), 0);
  return r;
}

crl_layout_result run_cb(const Problem &p) {
  crl_layout_result r;
  EXPECT_EQ(crl_layout_compute(&r, p.f.data(), p.n(), callback, (void *)&p), 0);
  return r;
}

// Brute force over every aligned offset: is there a layout whose highest end
// is at most limit? Independent of the engine's placement-order argument.
bool exists_layout_within(const Problem &p, uint64_t limit) {
  std::vector<uint32_t> ids;
  for (uint32_t i = 0; i < p.n(); i++) {
    if (p.fixed(i) && p.f[i].fixed_offset + p.f[i].size > limit) return false;
    if (!p.fixed(i) && p.f[i].size) ids.push_back(i);
  }
  std::vector<uint64_t> off(p.n());
  for (uint32_t i = 0; i < p.n(); i++) off[i] = p.fixed(i) ? p.f[i].fixed_offset : 0;
  std::function<bool(size_t)> dfs = [&](size_t k) -> bool {
    if (k == ids.size()) return true;
    uint32_t i = ids[k];
    for (uint64_t o = 0; o + p.f[i].size <= limit; o += p.f[i].align) {
      bool ok = true;
      for (uint32_t j = 0; j < p.n() && ok; j++) {
        bool placed = p.fixed(j) || std::find(ids.begin(), ids.begin() + k, j) != ids.begin() + k;
        if (!placed || !p.f[j].size || !p.interferes(i, j)) continue;
        if (o < off[j] + p.f[j].size && off[j] < o + p.f[i].size) ok = false;
      }
      if (!ok) continue;
      off[i] = o;
      if (dfs(k + 1)) return true;
    }
    return false;
  };
  return dfs(0);
}

uint32_t rand_align(Rng &r) { return 1u << r.below(4); }

// ---- hand-written cases --------------------------------------------------

// The switch ABI header: resume and destroy pointers at 0 and 8, a 1-byte
// promise fixed at 16. A small field must go into 17..23, not after 24.
TEST(Layout, FillsHoleAfterFixedPromise) {
  Problem p;
  p.add(8, 8, 0);
  p.add(8, 8, 8);
  p.add(1, 1, 16);
  p.add(8, 8);  // 3
  p.add(4, 4);  // 4
  p.add(2, 2);  // 5
  p.add(1, 1);  // 6
  p.all_interfere();
  crl_layout_result r = run_rows(p);
  check_valid(p, r);
  EXPECT_EQ(r.size, 32u);
  EXPECT_EQ(r.align, 8u);
  EXPECT_EQ(r.offsets[3], 24u);
  EXPECT_EQ(r.offsets[6], 17u);
  EXPECT_EQ(r.offsets[5], 18u);
  EXPECT_EQ(r.offsets[4], 20u);
  crl_layout_result_free(&r);
}

// Large-alignment-first would put the 8-byte field at 24 and the small
// ones after it; lowest-offset placement must fill the hole in the heuristic
// path too (more fields than the exact search handles).
TEST(Layout, HeuristicAlsoFillsHoles) {
  Problem p;
  p.add(16, 8, 0);
  p.add(1, 1, 16);
  for (int i = 0; i < 12; i++) p.add(8, 8);
  p.add(4, 4);
  p.add(2, 2);
  p.add(1, 1);
  p.all_interfere();
  crl_layout_result r = run_rows(p);
  check_valid(p, r);
  EXPECT_EQ(r.size, 24u + 12 * 8);
  crl_layout_result_free(&r);
}

TEST(Layout, NonInterferingFieldsShare) {
  Problem p;
  p.add(16, 8, 0);
  for (int i = 0; i < 100; i++) p.add(8, 8);
  crl_layout_result r = run_rows(p);
  check_valid(p, r);
  EXPECT_EQ(r.size, 24u);
  crl_layout_result_free(&r);
  // Two disjoint groups: {A, B} interfere, {C, D} interfere, across none.
  Problem q;
  q.add(8, 8);
  q.add(8, 8);
  q.add(8, 8);
  q.add(8, 8);
  q.set(0, 1);
  q.set(2, 3);
  r = run_cb(q);
  check_valid(q, r);
  EXPECT_EQ(r.size, 16u);
  crl_layout_result_free(&r);
}

TEST(Layout, ZeroSizeAndEmptyInputs) {
  crl_layout_result r;
  ASSERT_EQ(crl_layout_compute(&r, nullptr, 0, nullptr, nullptr), 0);
  EXPECT_EQ(r.size, 0u);
  EXPECT_EQ(r.align, 1u);
  crl_layout_result_free(&r);
  Problem p;
  p.add(0, 16);
  p.add(0, 1);
  p.add(4, 4);
  p.add(0, 1, 40);  // an empty fixed field still marks its offset
  p.all_interfere();
  r = run_cb(p);
  check_valid(p, r);
  EXPECT_EQ(r.offsets[0], 0u);
  EXPECT_EQ(r.offsets[2], 0u);
  EXPECT_EQ(r.align, 16u);
  EXPECT_EQ(r.size, 48u);
  crl_layout_result_free(&r);
}

TEST(Layout, RejectsInvalidAlignment) {
  crl_layout_field f[2] = {{4, 3, FREE}, {4, 4, FREE}};
  crl_layout_result r;
  EXPECT_EQ(crl_layout_compute(&r, f, 2, nullptr, nullptr), -1);
  EXPECT_EQ(r.offsets, nullptr);
  f[0].align = 0;
  EXPECT_EQ(crl_layout_compute(&r, f, 2, nullptr, nullptr), -1);
  f[0].align = 4;
  f[0].size = (uint64_t)1 << 63;
  EXPECT_EQ(crl_layout_compute(&r, f, 2, nullptr, nullptr), -1);
}

// Found by random search: greedy placement with sharing allowed ends up
// worse (104) than with everything interfering (96), because a field shares
// low and leaves a hole nothing else fits. The engine must fall back to the
// all-interfering candidate.
TEST(Layout, SharingAnomalyFallsBackToDenseCandidate) {
  Problem p;
  p.add(5, 8, 8);
  for (auto sa : std::vector<std::pair<uint64_t, uint32_t>>{
           {1, 2}, {3, 8}, {6, 4}, {1, 8}, {7, 1}, {10, 1}, {12, 2}, {1, 8}, {4, 2}, {3, 8}, {6, 2}, {9, 4}, {10, 4}, {1, 8}})
    p.add(sa.first, sa.second);
  p.all_interfere();
  p.set(1, 4, false);
  p.set(2, 9, false);
  p.set(8, 12, false);
  crl_layout_result shared = run_rows(p);
  check_valid(p, shared);
  Problem all = p;
  all.all_interfere();
  crl_layout_result dense = run_rows(all);
  EXPECT_LE(shared.size, dense.size);
  crl_layout_result_free(&shared);
  crl_layout_result_free(&dense);
}

// Found by random search: alignment-first order alone gives 120 here,
// size-first gives 96. Both orders must be tried.
TEST(Layout, TriesSizeFirstOrderToo) {
  Problem p;
  p.add(16, 8, 0);
  p.add(1, 1, 16);
  for (auto sa : std::vector<std::pair<uint64_t, uint32_t>>{
           {4, 8}, {1, 1}, {23, 1}, {14, 4}, {12, 4}, {1, 1}, {18, 8}, {2, 4}, {4, 4}, {22, 1}})
    p.add(sa.first, sa.second);
  for (auto ij : std::vector<std::pair<uint32_t, uint32_t>>{
           {2, 6}, {2, 8}, {2, 9}, {2, 11}, {3, 4}, {3, 5}, {3, 6}, {3, 10}, {3, 11}, {4, 5}, {4, 6}, {4, 8}, {4, 10},
           {4, 11}, {5, 6}, {5, 8}, {5, 9}, {6, 8}, {6, 9}, {6, 11}, {7, 11}, {8, 9}, {8, 10}, {8, 11}, {9, 11}})
    p.set(ij.first, ij.second);
  crl_layout_result r = run_rows(p);
  check_valid(p, r);
  EXPECT_LE(r.size, 96u);
  crl_layout_result_free(&r);
}

// ---- randomised ----------------------------------------------------------

// Fixed header fields in the first 32 bytes, possibly with holes, then a few
// free fields with random interference.
Problem random_small(Rng &r, uint32_t nfree) {
  Problem p;
  uint32_t nfixed = r.below(4);
  uint64_t at = 0;
  for (uint32_t i = 0; i < nfixed; i++) {
    uint32_t al = rand_align(r);
    uint64_t size = r.below(9);
    at = round_up(at + r.below(5) * (r.chance(50) ? 1 : 0), al);
    p.add(size, al, at);
    at += size;
  }
  for (uint32_t i = 0; i < nfree; i++) {
    uint32_t al = rand_align(r);
    uint64_t size = r.chance(10) ? 0 : (r.chance(60) ? al : 1 + r.below(12));
    p.add(size, al);
  }
  // shuffle fixed and free fields so ids do not reveal the kind
  for (uint32_t i = p.n(); i > 1; i--) {
    uint32_t j = r.below(i);
    std::swap(p.f[i - 1], p.f[j]);
  }
  uint32_t density = r.below(101);
  for (uint32_t i = 0; i < p.n(); i++)
    for (uint32_t j = i + 1; j < p.n(); j++) p.set(i, j, r.below(100) < density);
  return p;
}

TEST(Layout, SmallCasesHitBruteForceOptimum) {
  Rng r(51);
  int checked = 0;
  for (int round = 0; round < 400; round++) {
    Problem p = random_small(r, 1 + r.below(5));
    crl_layout_result res = run_rows(p);
    check_valid(p, res);
    if (HasFatalFailure()) return;
    // No layout may have a strictly smaller rounded size, i.e. a highest end
    // at most size - align.
    if (res.size >= res.align) {
      ASSERT_FALSE(exists_layout_within(p, res.size - res.align))
          << "round " << round << ": engine size " << res.size << " is not optimal";
    }
    // The callback entry point reaches the same optimum.
    crl_layout_result cb = run_cb(p);
    check_valid(p, cb);
    EXPECT_EQ(cb.size, res.size);
    crl_layout_result_free(&cb);
    crl_layout_result_free(&res);
    checked++;
  }
  EXPECT_EQ(checked, 400);
}

// Interval-graph interference, as spilled values live across ranges of
// suspends; n is past the exact search, so this exercises the heuristic.
Problem random_intervals(Rng &r, uint32_t nfree, uint32_t span) {
  Problem p;
  if (r.chance(70)) {
    p.add(8, 8, 0);
    p.add(8, 8, 8);
    if (r.chance(50)) p.add(1 + r.below(4), 1, 16);
  }
  std::vector<std::pair<uint32_t, uint32_t>> live;
  for (uint32_t i = 0; i < nfree; i++) {
    uint32_t al = rand_align(r);
    p.add(r.chance(70) ? al * (1 + r.below(3)) : r.below(20), al);
    uint32_t lo = r.below(span), hi = lo + r.below(span / 4 + 1);
    live.push_back({lo, hi});
  }
  uint32_t base = p.n() - nfree;
  for (uint32_t i = 0; i < nfree; i++)
    for (uint32_t j = i + 1; j < nfree; j++) {
      bool ov = live[i].first <= live[j].second && live[j].first <= live[i].second;
      p.set(base + i, base + j, ov);
    }
  return p;
}

TEST(Layout, RandomPropertiesAndSharingNeverHurts) {
  Rng r(61);
  for (int round = 0; round < 300; round++) {
    uint32_t nfree = 1 + r.below(round < 150 ? 10 : 80);
    Problem p = round % 2 ? random_intervals(r, nfree, 1 + r.below(30)) : random_small(r, nfree);
    crl_layout_result shared = run_rows(p);
    check_valid(p, shared);
    if (HasFatalFailure()) return;
    crl_layout_result shared_cb = run_cb(p);
    check_valid(p, shared_cb);
    if (nfree > CRL_LAYOUT_EXACT_MAX && nfree <= CRL_LAYOUT_ROWS_MAX) {
      // Same passes over the same rows: identical layouts.
      for (uint32_t i = 0; i < p.n(); i++) ASSERT_EQ(shared_cb.offsets[i], shared.offsets[i]);
    }
    EXPECT_EQ(shared_cb.size, shared.size);
    Problem all = p;
    all.all_interfere();
    crl_layout_result dense = run_rows(all);
    check_valid(all, dense);
    EXPECT_LE(shared.size, dense.size) << "round " << round;
    // Every non-fixed field interfering with everything: no overlap at all,
    // so the frame holds at least the sum of sizes.
    uint64_t sum = 0;
    for (auto &f : p.f)
      if (f.fixed_offset == FREE) sum += f.size;
    EXPECT_GE(dense.size, sum);
    crl_layout_result again = run_rows(p);  // deterministic
    for (uint32_t i = 0; i < p.n(); i++) ASSERT_EQ(again.offsets[i], shared.offsets[i]);
    crl_layout_result_free(&again);
    crl_layout_result_free(&shared);
    crl_layout_result_free(&shared_cb);
    crl_layout_result_free(&dense);
  }
}

// Sizes that are not multiples of their alignment leave padding gaps that
// nothing larger can use; the gap list must stay correct as it grows
// past one chunk.
TEST(Layout, ManyPaddingGapsStayConsistent) {
  Rng r(71);
  for (int round = 0; round < 20; round++) {
    Problem p;
    p.add(3, 1, 0);
    uint32_t n = 200 + r.below(600);
    for (uint32_t i = 0; i < n; i++) {
      uint32_t al = 1u << r.below(5);
      p.add(1 + r.below(al + 2), al);
    }
    for (uint32_t i = 1; i < p.n(); i++)
      for (uint32_t j = i + 1; j < p.n(); j++) p.set(i, j, r.chance(95));
    crl_layout_result res = run_rows(p);
    check_valid(p, res);
    crl_layout_result_free(&res);
    if (HasFatalFailure()) return;
  }
}

// Each field meets only its neighbours (values live across two suspends in
// a row), among thousands placed: the engine then sorts the few it meets
// instead of walking past all placed fields. The layout must be the one the
// walk gives (the callback path always walks), valid, and must keep clear of
// fixed fields scattered through the frame.
TEST(Layout, FewInterferingAmongManyMatchesTheWalk) {
  Rng r(91);
  Problem p;
  p.add(16, 8, 0);
  p.add(1, 1, 16);
  p.add(8, 8, 40);
  p.add(4, 4, 100);
  const uint32_t first = p.n(), n = 1500;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t al = rand_align(r);
    p.add(r.chance(70) ? al : 1 + r.below(12), al);
  }
  for (uint32_t i = first; i < p.n(); i++)
    for (uint32_t j = i + 1; j < p.n() && j <= i + 2 + r.below(2); j++) p.set(i, j);
  crl_layout_result rows = run_rows(p), cb = run_cb(p);
  check_valid(p, rows);
  for (uint32_t i = 0; i < p.n(); i++) ASSERT_EQ(rows.offsets[i], cb.offsets[i]) << "field " << i;
  // Neighbours only: the frame stays a few fields wide.
  EXPECT_LE(rows.size, 160u);
  crl_layout_result_free(&rows);
  crl_layout_result_free(&cb);
}

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

Problem big(uint32_t n, Rng &r) {
  Problem p;
  p.f.push_back(crl_layout_field{16, 8, 0});
  p.f.push_back(crl_layout_field{1, 1, 16});
  for (uint32_t i = 0; i < n; i++) {
    uint32_t al = rand_align(r);
    p.f.push_back(crl_layout_field{r.chance(80) ? al : 1 + r.below(9), al, FREE});
  }
  return p;
}

// 20,000 fields with dense rows and 20,000 independent ones. Timing is
// printed, not asserted (benchmarks live in bench/).
TEST(Layout, TwentyThousandFieldsDenseAndIndependent) {
  Rng r(81);
  const uint32_t n = 20000;
  for (int dense = 0; dense < 2; dense++) {
    Problem p = big(n, r);
    uint32_t total = p.n();
    std::vector<crl_bitset> rows(total);
    for (uint32_t i = 0; i < total; i++) {
      ASSERT_EQ(crl_bitset_init(&rows[i], total), 0);
      if (dense) {
        crl_bitset_set_all(&rows[i]);
        crl_bitset_reset(&rows[i], i);
      }
    }
    crl_layout_result res;
    auto t0 = std::chrono::steady_clock::now();
    ASSERT_EQ(crl_layout_compute_rows(&res, p.f.data(), total, rows.data()), 0);
    double ms = ms_since(t0);
    std::printf("[ layout ] %u fields, %s: %.1f ms, frame %llu bytes\n", n, dense ? "dense" : "independent", ms,
                (unsigned long long)res.size);
    // Validate cheaply: sort by offset and check neighbours for the dense case.
    uint64_t sum = 0, maxsz = 0;
    for (uint32_t i = 2; i < total; i++) {
      ASSERT_EQ(res.offsets[i] % p.f[i].align, 0u);
      ASSERT_GE(res.offsets[i] + (p.f[i].size ? 0 : 17), 17u) << "free field inside the header";
      sum += p.f[i].size;
      maxsz = std::max(maxsz, p.f[i].size);
    }
    if (dense) {
      std::vector<std::pair<uint64_t, uint64_t>> iv;
      for (uint32_t i = 0; i < total; i++)
        if (p.f[i].size) iv.push_back({res.offsets[i], res.offsets[i] + p.f[i].size});
      std::sort(iv.begin(), iv.end());
      for (size_t i = 1; i < iv.size(); i++) ASSERT_LE(iv[i - 1].second, iv[i].first);
      EXPECT_GE(res.size, sum + 17);
      EXPECT_LE(res.size, (sum + 17) * 11 / 10) << "more than 10% padding";
    } else {
      EXPECT_LE(res.size, 24 + round_up(maxsz, 8));
    }
    crl_layout_result_free(&res);
    for (auto &b : rows) crl_bitset_free(&b);
  }
}

}  // namespace
