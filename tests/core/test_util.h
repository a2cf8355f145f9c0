// Shared helpers for the core tests: a portable deterministic RNG, random
// CFG generators, and deliberately naive reference algorithms (quadratic or
// worse, obviously correct) to compare the real ones against.
#ifndef CRL_TESTS_CORE_TEST_UTIL_H
#define CRL_TESTS_CORE_TEST_UTIL_H

#include <stdint.h>

#include <algorithm>
#include <vector>

#include "core/cfg.h"

namespace crltest {

// xorshift64*: same sequence on every platform and standard library, unlike
// std::uniform_int_distribution.
struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull) {
    if (!s) s = 1;
  }
  uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 0x2545F4914F6CDD1Dull;
  }
  uint32_t below(uint32_t n) { return n ? (uint32_t)(next() % n) : 0; }
  bool chance(uint32_t percent) { return below(100) < percent; }
};

struct Edges {
  uint32_t n = 0, entry = 0;
  std::vector<uint32_t> from, to;
  void add(uint32_t a, uint32_t b) {
    from.push_back(a);
    to.push_back(b);
  }
};

// Shapes: mostly forward edges with some back edges (reducible-ish loops),
// fully random edges (irreducible, with unreachable blocks), and occasional
// duplicate edges and self loops.
inline Edges random_cfg(Rng &r, uint32_t n, int kind) {
  Edges e;
  e.n = n;
  e.entry = n ? r.below(n) : 0;
  if (kind == 2 && n > 1) e.entry = 0;
  for (uint32_t b = 0; b < n; b++) {
    uint32_t k = r.below(4);  // 0..3 successors
    for (uint32_t j = 0; j < k; j++) {
      uint32_t t;
      if (kind == 0) {
        t = r.below(n);
      } else if (kind == 1) {
        // forward-biased with loops
        t = r.chance(75) ? std::min(n - 1, b + 1 + r.below(4)) : r.below(b + 1);
      } else {
        // sparse: many unreachable blocks
        t = r.chance(50) ? r.below(n) : b;
      }
      e.add(b, t);
      if (r.chance(5)) e.add(b, t);  // duplicate edge (switch cases)
    }
  }
  return e;
}

inline bool build(crl_cfg *g, const Edges &e) {
  return crl_cfg_build(g, e.n, e.entry, (uint32_t)e.from.size(), e.from.data(), e.to.data()) == 0;
}

inline std::vector<std::vector<uint32_t>> succ_lists(const Edges &e) {
  std::vector<std::vector<uint32_t>> s(e.n);
  for (size_t i = 0; i < e.from.size(); i++) s[e.from[i]].push_back(e.to[i]);
  return s;
}

inline std::vector<std::vector<uint32_t>> pred_lists(const Edges &e) {
  std::vector<std::vector<uint32_t>> p(e.n);
  for (size_t i = 0; i < e.from.size(); i++) p[e.to[i]].push_back(e.from[i]);
  return p;
}

inline std::vector<bool> reachable_from(const Edges &e, uint32_t start, uint32_t blocked = UINT32_MAX) {
  std::vector<bool> seen(e.n, false);
  if (start >= e.n || start == blocked) return seen;
  auto s = succ_lists(e);
  std::vector<uint32_t> work{start};
  seen[start] = true;
  while (!work.empty()) {
    uint32_t b = work.back();
    work.pop_back();
    for (uint32_t t : s[b])
      if (!seen[t] && t != blocked) {
        seen[t] = true;
        work.push_back(t);
      }
  }
  return seen;
}

// dom[b][a] == true iff a dominates b, by the textbook dataflow fixpoint.
// Unreachable blocks dominate nothing and are dominated by nothing.
inline std::vector<std::vector<bool>> naive_dominators(const Edges &e) {
  uint32_t n = e.n;
  auto reach = reachable_from(e, e.entry);
  auto preds = pred_lists(e);
  std::vector<std::vector<bool>> dom(n, std::vector<bool>(n, false));
  for (uint32_t b = 0; b < n; b++)
    if (reach[b])
      for (uint32_t a = 0; a < n; a++) dom[b][a] = reach[a];
  if (n == 0) return dom;
  dom[e.entry].assign(n, false);
  dom[e.entry][e.entry] = true;
  bool changed = true;
  while (changed) {
    changed = false;
    for (uint32_t b = 0; b < n; b++) {
      if (!reach[b] || b == e.entry) continue;
      std::vector<bool> nd(n, true);
      for (uint32_t p : preds[b]) {
        if (!reach[p]) continue;
        for (uint32_t a = 0; a < n; a++) nd[a] = nd[a] && dom[p][a];
      }
      nd[b] = true;
      if (nd != dom[b]) {
        dom[b] = nd;
        changed = true;
      }
    }
  }
  return dom;
}

// Immediate dominator from the full relation: the strict dominator that all
// other strict dominators dominate.
inline std::vector<uint32_t> naive_idom(const Edges &e, const std::vector<std::vector<bool>> &dom) {
  uint32_t n = e.n;
  std::vector<uint32_t> idom(n, UINT32_MAX);
  auto reach = reachable_from(e, e.entry);
  for (uint32_t b = 0; b < n; b++) {
    if (!reach[b]) continue;
    if (b == e.entry) {
      idom[b] = b;
      continue;
    }
    for (uint32_t a = 0; a < n; a++) {
      if (a == b || !dom[b][a]) continue;
      bool all = true;
      for (uint32_t c = 0; c < n && all; c++)
        if (c != b && dom[b][c] && !dom[a][c]) all = false;
      if (all) idom[b] = a;
    }
  }
  return idom;
}

}  // namespace crltest

#endif
