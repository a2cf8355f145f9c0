/* The lowerings a run can use, and the hooks called on all of them: the
 * registry of lowering tables (CRL_LOWERINGS in corolower.h), found by weak
 * reference so that a user links only the lowerings they pick. */
#ifndef CRL_PIPELINE_LOWERINGS_H
#define CRL_PIPELINE_LOWERINGS_H

#include <stddef.h>

#include "coro/lowering.h"

/* The lowerings of a run: the options' list, else every one linked in
 * (entries of lowerings not linked are NULL). *n is the list's length. */
const crl_lowering *const *crl_run_lowerings(const crl_options *o, size_t *n);
/* The index in that list of the lowering for abi, or SIZE_MAX. */
size_t crl_find_lowering(const crl_options *o, crl_abi abi);
/* A module-level hook (module_early, or module_late when late) of every
 * lowering of the run, in list order: 0, or -1 when one failed. */
int crl_each_module_hook(const crl_module_ctx *mc, int late);
/* Releases what each lowering kept across the run's coroutines
 * (run_states: one slot per lowering of the list). */
void crl_release_run_states(const crl_options *o, void **run_states);

#endif
