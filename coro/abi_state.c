/* The part every lowering's state shares: one allocation with a per-suspend
 * array, made by its init hook and freed by its release hook. */
#include <stdlib.h>
#include <string.h>

#include "coro/coro.h"
#include "irkit/oom.h"

void *crl_abi_state_new(crl_coro *c, size_t size, size_t per_suspend, size_t susp_at) {
  char *st = crl_calloc(1, size);
  void *susp = st ? crl_calloc(c->num_susp ? c->num_susp : 1, per_suspend) : NULL;
  if (!susp) {
    free(st);
    CRL_ERR(c, c->shape->id, "out of memory");
    return NULL;
  }
  memcpy(st + susp_at, &susp, sizeof susp);
  c->abi_state = st;
  return st;
}

void crl_abi_state_free(crl_coro *c, void *susp) {
  free(susp);
  free(c->abi_state);
  c->abi_state = NULL;
}
