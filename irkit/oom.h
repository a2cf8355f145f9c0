/* Allocation failures inside the toolkit's containers (a push or a put
 * that could not grow) are noted here, per thread, so that the pipeline can
 * turn any of them into a diagnostic at the end of each stage even where a
 * caller had no way to report it. */
#ifndef CRL_IRKIT_OOM_H
#define CRL_IRKIT_OOM_H

#include <stdlib.h>
#include <string.h>

void crl_oom_note(void);
/* Whether an allocation failed since the last call; clears the note. */
int crl_oom_take(void);

/* The library's allocation functions: the C library's, noting a failure,
 * so that a caller that only returns -1 still ends in "out of memory"
 * (the pipeline checks the note after every step). */
static inline void *crl_malloc(size_t n) {
  void *p = malloc(n);
  if (!p) crl_oom_note();
  return p;
}
static inline void *crl_calloc(size_t k, size_t n) {
  void *p = calloc(k, n);
  if (!p) crl_oom_note();
  return p;
}
/* A copy of a value's name, to set on another value (NULL: noted). */
static inline char *crl_name_dup(const char *s) {
  size_t n = strlen(s) + 1;
  char *d = (char *)crl_malloc(n);
  if (d) memcpy(d, s, n);
  return d;
}
static inline void *crl_realloc(void *q, size_t n) {
  void *p = realloc(q, n);
  if (!p) crl_oom_note();
  return p;
}

#endif
