#ifndef CRL_TESTS_CORE_LAYOUT_NOHINT_H
#define CRL_TESTS_CORE_LAYOUT_NOHINT_H

#include "core/layout.h"

// crl_layout_compute_rows built with CRL_LAYOUT_HINT=0.
int crltest_layout_rows_nohint(crl_layout_result *out, const crl_layout_field *fields, uint32_t n,
                               const crl_bitset *rows);

#endif
