/* Exact lifetimes of large allocas (alloca_lifetime.c). */
#ifndef CRL_FRAME_ALLOCA_LIFETIME_H
#define CRL_FRAME_ALLOCA_LIFETIME_H

#include "frame/frame_plan.h"

/* Sets live_blocks of alloca candidates with lifetime markers that cross
 * a suspend, within a work budget proportional to the function. lv and rv:
 * the candidates' liveness inputs (rv: the blocks memory is touched in). lv: the candidates' liveness inputs. 0, or -1 (out of memory). */
int crl_exact_alloca_lifetimes(crl_coro *c, crl_plan *p,
                               const crl_live_value *lv, const crl_reach_value *rv);

/* Are two alloca candidates never alive in the same block? (0 when either
 * has no exact lifetime.) */
int crl_alloca_lifetimes_disjoint(const crl_plan *p, const crl_cand *a,
                                  const crl_cand *b);
#endif
