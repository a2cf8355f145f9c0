/* Allocation failures inside the toolkit's containers (a push or a put
 * that could not grow) are noted here, per thread, so that the pipeline can
 * turn any of them into a diagnostic at the end of each stage even where a
 * caller had no way to report it. */
#ifndef CRL_IRKIT_OOM_H
#define CRL_IRKIT_OOM_H

void crl_oom_note(void);
/* Whether an allocation failed since the last call; clears the note. */
int crl_oom_take(void);

#endif
