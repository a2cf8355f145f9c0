/* Allocation-free sorting helpers.
 *
 * Heapsort because callers such as crl_idf have no way to report an
 * allocation failure, and because its O(n log n) bound holds on every input
 * (no quicksort worst case on adversarial block ids).
 */
#ifndef CRL_CORE_SORT_H
#define CRL_CORE_SORT_H

/* Checked standalone as a main file; clang, unlike gcc, then reports every
 * unused static inline function. */
#if defined(__clang__) && defined(__INCLUDE_LEVEL__) && __INCLUDE_LEVEL__ == 0
#pragma clang diagnostic ignored "-Wunused-function"
#endif

#include <stdint.h>

static inline void crl_sort_u32_sift(uint32_t *a, uint32_t root, uint32_t n) {
  uint32_t v = a[root];
  for (;;) {
    uint32_t c = 2u * root + 1u;
    if (c >= n || c < root /* wrapped */) break;
    if (c + 1u < n && a[c + 1u] > a[c]) c++;
    if (a[c] <= v) break;
    a[root] = a[c];
    root = c;
  }
  a[root] = v;
}

/* Ascending, in place. */
static inline void crl_sort_u32(uint32_t *a, uint32_t n) {
  uint32_t i;
  if (n < 2) return;
  if (n <= 16) { /* insertion sort: the common case is a handful of ids */
    for (i = 1; i < n; i++) {
      uint32_t v = a[i], j = i;
      while (j > 0 && a[j - 1] > v) {
        a[j] = a[j - 1];
        j--;
      }
      a[j] = v;
    }
    return;
  }
  for (i = n / 2; i-- > 0;) crl_sort_u32_sift(a, i, n);
  for (i = n - 1; i > 0; i--) {
    uint32_t t = a[0];
    a[0] = a[i];
    a[i] = t;
    crl_sort_u32_sift(a, 0, i);
  }
}

/* Removes adjacent duplicates from a sorted array; returns the new length. */
static inline uint32_t crl_unique_u32(uint32_t *a, uint32_t n) {
  uint32_t i, k = 0;
  for (i = 0; i < n; i++)
    if (k == 0 || a[k - 1] != a[i]) a[k++] = a[i];
  return k;
}

#endif /* CRL_CORE_SORT_H */
