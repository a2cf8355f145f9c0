#include "pipeline/lowerings.h"

#include <stdint.h>

/* Lowerings are separate libraries: weak references let the pipeline find
 * those linked in without forcing any of them into a user's binary. */
#define WEAK_REFERENCE(name) extern const crl_lowering crl_##name##_lowering __attribute__((weak));
CRL_LOWERINGS(WEAK_REFERENCE)
#define ENTRY(name) &crl_##name##_lowering,
static const crl_lowering *const linked[] = {CRL_LOWERINGS(ENTRY)};

const crl_lowering *const *crl_run_lowerings(const crl_options *o, size_t *n) {
  if (o->lowerings) {
    *n = o->num_lowerings;
    return o->lowerings;
  }
  *n = sizeof linked / sizeof *linked;
  return linked;
}

size_t crl_find_lowering(const crl_options *o, crl_abi abi) {
  size_t n;
  const crl_lowering *const *ls = crl_run_lowerings(o, &n);
  for (size_t i = 0; i < n; i++)
    if (ls[i] && (ls[i]->abis & abi)) return i;
  return SIZE_MAX;
}

int crl_each_module_hook(const crl_module_ctx *mc, int late) {
  size_t n;
  const crl_lowering *const *ls = crl_run_lowerings(mc->opts, &n);
  for (size_t i = 0; i < n; i++) {
    if (!ls[i]) continue;
    int (*hook)(const crl_module_ctx *) = late ? ls[i]->module_late : ls[i]->module_early;
    if (hook && hook(mc) != 0) return -1;
  }
  return 0;
}

void crl_release_run_states(const crl_options *o, void **run_states) {
  size_t n;
  const crl_lowering *const *ls = crl_run_lowerings(o, &n);
  for (size_t i = 0; run_states && i < n; i++)
    if (run_states[i] && ls[i] && ls[i]->run_release) ls[i]->run_release(run_states[i]);
}
