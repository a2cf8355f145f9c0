/* Fixed-size bitsets over dense ids.
 *
 * Header-only, pure C11, also valid C++ so GoogleTest can include it. Every
 * function is static inline so each translation unit gets its own copy and
 * the library needs no link step.
 *
 * Bitsets of different sizes may be combined: the binary operations work on
 * the common prefix of words, so callers that only ever combine sets of one
 * universe never pay for a size check they don't need.
 */
#ifndef CRL_CORE_BITSET_H
#define CRL_CORE_BITSET_H

/* Checked standalone as a main file; clang, unlike gcc, then reports every
 * unused static inline function. */
#if defined(__clang__) && defined(__INCLUDE_LEVEL__) && __INCLUDE_LEVEL__ == 0
#pragma clang diagnostic ignored "-Wunused-function"
#endif

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct crl_bitset {
  uint64_t *words;
  uint32_t nbits;
  uint32_t nwords;
} crl_bitset;

static inline uint32_t crl_popcount64(uint64_t w) {
#if defined(__GNUC__) || defined(__clang__)
  return (uint32_t)__builtin_popcountll(w);
#else
  uint32_t c = 0;
  while (w) {
    w &= w - 1;
    c++;
  }
  return c;
#endif
}

static inline uint32_t crl_ctz64(uint64_t w) { /* w != 0 */
#if defined(__GNUC__) || defined(__clang__)
  return (uint32_t)__builtin_ctzll(w);
#else
  uint32_t c = 0;
  while (!(w & 1u)) {
    w >>= 1;
    c++;
  }
  return c;
#endif
}

static inline uint32_t crl_bitset_words_for(uint32_t nbits) {
  return (uint32_t)(((uint64_t)nbits + 63u) / 64u);
}

/* Returns 0, or -1 when out of memory (then *b is empty and safe to free). */
static inline int crl_bitset_init(crl_bitset *b, uint32_t nbits) {
  b->nbits = nbits;
  b->nwords = crl_bitset_words_for(nbits);
  b->words = NULL;
  if (b->nwords == 0) return 0;
  b->words = (uint64_t *)calloc(b->nwords, sizeof(uint64_t));
  if (!b->words) {
    b->nbits = 0;
    b->nwords = 0;
    return -1;
  }
  return 0;
}

static inline void crl_bitset_free(crl_bitset *b) {
  free(b->words);
  b->words = NULL;
  b->nbits = 0;
  b->nwords = 0;
}

static inline void crl_bitset_set(crl_bitset *b, uint32_t i) {
  b->words[i >> 6] |= (uint64_t)1 << (i & 63u);
}

static inline void crl_bitset_reset(crl_bitset *b, uint32_t i) {
  b->words[i >> 6] &= ~((uint64_t)1 << (i & 63u));
}

static inline int crl_bitset_test(const crl_bitset *b, uint32_t i) {
  return (int)((b->words[i >> 6] >> (i & 63u)) & 1u);
}

static inline void crl_bitset_clear_all(crl_bitset *b) {
  if (b->nwords) memset(b->words, 0, (size_t)b->nwords * sizeof(uint64_t));
}

/* The last word's bits beyond nbits stay zero so that count/next/equal never
 * see phantom members. */
static inline void crl_bitset_set_all(crl_bitset *b) {
  uint32_t i;
  for (i = 0; i < b->nwords; i++) b->words[i] = ~(uint64_t)0;
  if (b->nbits & 63u) b->words[b->nwords - 1] = ((uint64_t)1 << (b->nbits & 63u)) - 1u;
}

static inline int crl_bitset_union_with(crl_bitset *dst, const crl_bitset *src) {
  uint32_t n = dst->nwords < src->nwords ? dst->nwords : src->nwords;
  uint64_t changed = 0;
  uint32_t i;
  for (i = 0; i < n; i++) {
    uint64_t old = dst->words[i];
    uint64_t nw = old | src->words[i];
    changed |= nw ^ old;
    dst->words[i] = nw;
  }
  return changed != 0;
}

/* dst &= src; returns 1 if dst changed. Words of dst beyond src are cleared,
 * as intersection with an absent bit is empty. */
static inline int crl_bitset_intersect_with(crl_bitset *dst, const crl_bitset *src) {
  uint64_t changed = 0;
  uint32_t i;
  for (i = 0; i < dst->nwords; i++) {
    uint64_t old = dst->words[i];
    uint64_t nw = i < src->nwords ? (old & src->words[i]) : 0;
    changed |= nw ^ old;
    dst->words[i] = nw;
  }
  return changed != 0;
}

/* dst &= ~src; returns 1 if dst changed. */
static inline int crl_bitset_subtract(crl_bitset *dst, const crl_bitset *src) {
  uint32_t n = dst->nwords < src->nwords ? dst->nwords : src->nwords;
  uint64_t changed = 0;
  uint32_t i;
  for (i = 0; i < n; i++) {
    uint64_t old = dst->words[i];
    uint64_t nw = old & ~src->words[i];
    changed |= nw ^ old;
    dst->words[i] = nw;
  }
  return changed != 0;
}

static inline int crl_bitset_intersects(const crl_bitset *a, const crl_bitset *b) {
  uint32_t n = a->nwords < b->nwords ? a->nwords : b->nwords;
  uint32_t i;
  for (i = 0; i < n; i++)
    if (a->words[i] & b->words[i]) return 1;
  return 0;
}

/* |a & b| without materialising the intersection. */
static inline uint32_t crl_bitset_count_and(const crl_bitset *a, const crl_bitset *b) {
  uint32_t n = a->nwords < b->nwords ? a->nwords : b->nwords;
  uint32_t c = 0, i;
  for (i = 0; i < n; i++) c += crl_popcount64(a->words[i] & b->words[i]);
  return c;
}

/* Equal as sets: a longer set's extra words must be empty. */
static inline int crl_bitset_equal(const crl_bitset *a, const crl_bitset *b) {
  uint32_t n = a->nwords < b->nwords ? a->nwords : b->nwords;
  uint32_t i;
  for (i = 0; i < n; i++)
    if (a->words[i] != b->words[i]) return 0;
  for (i = n; i < a->nwords; i++)
    if (a->words[i]) return 0;
  for (i = n; i < b->nwords; i++)
    if (b->words[i]) return 0;
  return 1;
}

static inline int crl_bitset_empty(const crl_bitset *b) {
  uint32_t i;
  for (i = 0; i < b->nwords; i++)
    if (b->words[i]) return 0;
  return 1;
}

static inline uint32_t crl_bitset_count(const crl_bitset *b) {
  uint32_t c = 0, i;
  for (i = 0; i < b->nwords; i++) c += crl_popcount64(b->words[i]);
  return c;
}

static inline uint32_t crl_bitset_next(const crl_bitset *b, uint32_t from) {
  uint32_t w;
  uint64_t bits;
  if (from >= b->nbits) return UINT32_MAX;
  w = from >> 6;
  bits = b->words[w] & (~(uint64_t)0 << (from & 63u));
  for (;;) {
    if (bits) {
      uint32_t i = (w << 6) + crl_ctz64(bits);
      return i < b->nbits ? i : UINT32_MAX;
    }
    if (++w >= b->nwords) return UINT32_MAX;
    bits = b->words[w];
  }
}

static inline int crl_bitset_copy(crl_bitset *dst, const crl_bitset *src) {
  if (crl_bitset_init(dst, src->nbits) != 0) return -1;
  if (src->nwords) memcpy(dst->words, src->words, (size_t)src->nwords * sizeof(uint64_t));
  return 0;
}

/* Transposes a 64x64 bit matrix in place: afterwards bit r of a[c] is what
 * bit c of a[r] was. Swapping off-diagonal blocks of halving size costs
 * 6 x 32 word operations instead of one per set bit. */
static inline void crl_transpose64(uint64_t a[64]) {
  uint64_t m = 0x00000000FFFFFFFFull;
  for (unsigned j = 32; j != 0; j >>= 1, m ^= m << j)
    for (unsigned k = 0; k < 64; k = ((k | j) + 1u) & ~j) {
      uint64_t t = ((a[k] >> j) ^ a[k | j]) & m;
      a[k] ^= t << j;
      a[k | j] ^= t;
    }
}

/* Iterate: for (i = crl_bitset_next(b, 0); i != UINT32_MAX; i = crl_bitset_next(b, i + 1)) */

#endif /* CRL_CORE_BITSET_H */
