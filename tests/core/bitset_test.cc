#include "core/bitset.h"
#include "core/sort.h"

#include <algorithm>
#include <random>
#include <vector>

#include "gtest/gtest.h"
#include "tests/core/test_util.h"

namespace {

using crltest::Rng;

std::vector<bool> to_vec(const crl_bitset &b) {
  std::vector<bool> v(b.nbits);
  for (uint32_t i = 0; i < b.nbits; i++) v[i] = crl_bitset_test(&b, i);
  return v;
}

TEST(Bitset, InitIsClearAndSizes) {
  for (uint32_t n : {0u, 1u, 63u, 64u, 65u, 128u, 1000u}) {
    crl_bitset b;
    ASSERT_EQ(crl_bitset_init(&b, n), 0);
    EXPECT_EQ(b.nbits, n);
    EXPECT_EQ(b.nwords, (n + 63) / 64);
    EXPECT_EQ(crl_bitset_count(&b), 0u);
    EXPECT_EQ(crl_bitset_next(&b, 0), UINT32_MAX);
    EXPECT_TRUE(crl_bitset_empty(&b));
    crl_bitset_free(&b);
    EXPECT_EQ(b.words, nullptr);
  }
}

TEST(Bitset, SetResetTestAtWordBoundaries) {
  crl_bitset b;
  ASSERT_EQ(crl_bitset_init(&b, 130), 0);
  for (uint32_t i : {0u, 63u, 64u, 127u, 128u, 129u}) {
    EXPECT_FALSE(crl_bitset_test(&b, i));
    crl_bitset_set(&b, i);
    EXPECT_TRUE(crl_bitset_test(&b, i));
  }
  EXPECT_EQ(crl_bitset_count(&b), 6u);
  crl_bitset_reset(&b, 64);
  EXPECT_FALSE(crl_bitset_test(&b, 64));
  EXPECT_TRUE(crl_bitset_test(&b, 63));
  EXPECT_TRUE(crl_bitset_test(&b, 127));
  EXPECT_EQ(crl_bitset_count(&b), 5u);
  crl_bitset_clear_all(&b);
  EXPECT_EQ(crl_bitset_count(&b), 0u);
  crl_bitset_free(&b);
}

TEST(Bitset, NextIteratesInOrderAndStopsAtEnd) {
  crl_bitset b;
  ASSERT_EQ(crl_bitset_init(&b, 200), 0);
  std::vector<uint32_t> want = {3, 63, 64, 65, 130, 199};
  for (uint32_t i : want) crl_bitset_set(&b, i);
  std::vector<uint32_t> got;
  for (uint32_t i = crl_bitset_next(&b, 0); i != UINT32_MAX; i = crl_bitset_next(&b, i + 1)) got.push_back(i);
  EXPECT_EQ(got, want);
  EXPECT_EQ(crl_bitset_next(&b, 4), 63u);
  EXPECT_EQ(crl_bitset_next(&b, 66), 130u);
  EXPECT_EQ(crl_bitset_next(&b, 199), 199u);
  EXPECT_EQ(crl_bitset_next(&b, 200), UINT32_MAX);
  EXPECT_EQ(crl_bitset_next(&b, UINT32_MAX), UINT32_MAX);
  crl_bitset_free(&b);
}

TEST(Bitset, SetAllKeepsBitsPastEndClear) {
  crl_bitset b;
  ASSERT_EQ(crl_bitset_init(&b, 70), 0);
  crl_bitset_set_all(&b);
  EXPECT_EQ(crl_bitset_count(&b), 70u);
  EXPECT_EQ(crl_bitset_next(&b, 69), 69u);
  EXPECT_EQ(crl_bitset_next(&b, 70), UINT32_MAX);
  crl_bitset_free(&b);
}

TEST(Bitset, UnionReportsChange) {
  crl_bitset a, b;
  ASSERT_EQ(crl_bitset_init(&a, 100), 0);
  ASSERT_EQ(crl_bitset_init(&b, 100), 0);
  crl_bitset_set(&a, 5);
  crl_bitset_set(&b, 5);
  EXPECT_EQ(crl_bitset_union_with(&a, &b), 0);
  crl_bitset_set(&b, 99);
  EXPECT_EQ(crl_bitset_union_with(&a, &b), 1);
  EXPECT_TRUE(crl_bitset_test(&a, 99));
  EXPECT_EQ(crl_bitset_union_with(&a, &b), 0);
  crl_bitset_free(&a);
  crl_bitset_free(&b);
}

TEST(Bitset, CopyIsDeepAndIndependent) {
  crl_bitset a, c;
  ASSERT_EQ(crl_bitset_init(&a, 129), 0);
  crl_bitset_set(&a, 1);
  crl_bitset_set(&a, 128);
  ASSERT_EQ(crl_bitset_copy(&c, &a), 0);
  EXPECT_EQ(c.nbits, 129u);
  EXPECT_TRUE(crl_bitset_equal(&a, &c));
  crl_bitset_reset(&a, 1);
  EXPECT_TRUE(crl_bitset_test(&c, 1));
  EXPECT_FALSE(crl_bitset_equal(&a, &c));
  crl_bitset_free(&a);
  crl_bitset_free(&c);
  crl_bitset z, zc;
  ASSERT_EQ(crl_bitset_init(&z, 0), 0);
  ASSERT_EQ(crl_bitset_copy(&zc, &z), 0);
  EXPECT_EQ(zc.nbits, 0u);
  crl_bitset_free(&z);
  crl_bitset_free(&zc);
}

// Random operation sequences against std::vector<bool>.
TEST(Bitset, RandomOpsMatchVectorBool) {
  Rng r(1);
  for (int round = 0; round < 300; round++) {
    uint32_t n = r.below(300);
    crl_bitset a, b;
    ASSERT_EQ(crl_bitset_init(&a, n), 0);
    ASSERT_EQ(crl_bitset_init(&b, n), 0);
    std::vector<bool> va(n), vb(n);
    for (int op = 0; op < 200 && n; op++) {
      uint32_t i = r.below(n);
      switch (r.below(4)) {
        case 0:
          crl_bitset_set(&a, i);
          va[i] = true;
          break;
        case 1:
          crl_bitset_reset(&a, i);
          va[i] = false;
          break;
        case 2:
          crl_bitset_set(&b, i);
          vb[i] = true;
          break;
        default:
          crl_bitset_reset(&b, i);
          vb[i] = false;
      }
    }
    ASSERT_EQ(to_vec(a), va);
    uint32_t cnt = 0, cnt_and = 0;
    bool inter = false;
    for (uint32_t i = 0; i < n; i++) {
      cnt += va[i];
      cnt_and += va[i] && vb[i];
      inter = inter || (va[i] && vb[i]);
    }
    EXPECT_EQ(crl_bitset_count(&a), cnt);
    EXPECT_EQ(crl_bitset_count_and(&a, &b), cnt_and);
    EXPECT_EQ(crl_bitset_intersects(&a, &b), inter ? 1 : 0);
    for (uint32_t from = 0; from <= n; from += 1 + r.below(7)) {
      uint32_t want = UINT32_MAX;
      for (uint32_t i = from; i < n; i++)
        if (va[i]) {
          want = i;
          break;
        }
      EXPECT_EQ(crl_bitset_next(&a, from), want);
    }
    crl_bitset u;
    ASSERT_EQ(crl_bitset_copy(&u, &a), 0);
    bool changes = false;
    for (uint32_t i = 0; i < n; i++) changes = changes || (vb[i] && !va[i]);
    EXPECT_EQ(crl_bitset_union_with(&u, &b), changes ? 1 : 0);
    for (uint32_t i = 0; i < n; i++) EXPECT_EQ(crl_bitset_test(&u, i), (va[i] || vb[i]) ? 1 : 0);
    crl_bitset s;
    ASSERT_EQ(crl_bitset_copy(&s, &a), 0);
    crl_bitset_subtract(&s, &b);
    crl_bitset x;
    ASSERT_EQ(crl_bitset_copy(&x, &a), 0);
    crl_bitset_intersect_with(&x, &b);
    for (uint32_t i = 0; i < n; i++) {
      EXPECT_EQ(crl_bitset_test(&s, i), (va[i] && !vb[i]) ? 1 : 0);
      EXPECT_EQ(crl_bitset_test(&x, i), (va[i] && vb[i]) ? 1 : 0);
    }
    crl_bitset_free(&u);
    crl_bitset_free(&s);
    crl_bitset_free(&x);
    crl_bitset_free(&a);
    crl_bitset_free(&b);
  }
}

TEST(Bitset, Transpose64MatchesBitByBit) {
  std::mt19937_64 rng(7);
  for (int round = 0; round < 50; round++) {
    uint64_t a[64], orig[64];
    for (int r = 0; r < 64; r++) {
      // Mix dense, sparse and empty rows.
      uint64_t v = rng();
      if (round % 3 == 1) v &= rng() & rng();
      if (round % 5 == 2 && r % 7 == 0) v = 0;
      a[r] = orig[r] = v;
    }
    crl_transpose64(a);
    for (int r = 0; r < 64; r++)
      for (int c = 0; c < 64; c++)
        ASSERT_EQ((a[c] >> r) & 1u, (orig[r] >> c) & 1u) << "r=" << r << " c=" << c;
    crl_transpose64(a);
    for (int r = 0; r < 64; r++) ASSERT_EQ(a[r], orig[r]) << "twice is the identity";
  }
}

TEST(Sort, MatchesStdSortAndUnique) {
  Rng r(3);
  for (int round = 0; round < 300; round++) {
    uint32_t n = r.below(round < 100 ? 20 : 500);
    std::vector<uint32_t> a(n);
    for (auto &x : a) x = r.chance(10) ? UINT32_MAX - r.below(3) : r.below(round % 2 ? 10 : 1000000);
    std::vector<uint32_t> want = a;
    std::sort(want.begin(), want.end());
    crl_sort_u32(a.data(), n);
    ASSERT_EQ(a, want);
    want.erase(std::unique(want.begin(), want.end()), want.end());
    a.resize(crl_unique_u32(a.data(), n));
    ASSERT_EQ(a, want);
  }
}

}  // namespace
