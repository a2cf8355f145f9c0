#ifndef CRL_SWITCH_DISPATCH_H
#define CRL_SWITCH_DISPATCH_H
#include "ir/coro.h"
/* Builds NAME.resume/.destroy/.cleanup: a dispatch on the suspend index and
 * the blocks reachable from the resume points, cloned. */
int crl_switch_build_clones(crl_coro *c);
/* Lowers what is left in the ramp (coro.end, coro.free, ...). */
int crl_switch_finish_ramp(crl_coro *c);
#endif
