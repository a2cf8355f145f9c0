/* The allocation-failure switch of the out-of-memory sweep: the test binary
 * is linked with --wrap for malloc, calloc, realloc and free, so every
 * allocation corolower's own code makes (LLVM's shared library is not
 * wrapped) goes through fail_alloc.c. */
#ifndef CRL_TESTS_OOM_FAIL_ALLOC_H
#define CRL_TESTS_OOM_FAIL_ALLOC_H

#include <stddef.h>

/* From now on, count allocations and fail the nth (1-based; 0: none). */
void fa_arm(unsigned long nth);
/* Stop counting and failing. */
void fa_disarm(void);
/* Allocations made since fa_arm, and whether the nth one was failed. */
unsigned long fa_count(void);
int fa_failed(void);
/* Blocks allocated while armed and not freed yet. */
size_t fa_live(void);
/* Distinct call sites (return addresses) seen while armed. */
size_t fa_sites(void);
/* Distinct call sites seen by every undisturbed run of this process. */
size_t fa_all_sites(void);

#endif
