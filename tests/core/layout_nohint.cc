// The layout engine with the previous-field lower bound switched off, in a
// translation unit of its own (the engine is header-only), so
// layout_hint_test.cc can check that the bound never changes a layout.
#define CRL_LAYOUT_HINT 0
#include "core/layout.h"
#include "tests/core/layout_nohint.h"

int crltest_layout_rows_nohint(crl_layout_result *out, const crl_layout_field *fields, uint32_t n,
                               const crl_bitset *rows) {
  return crl_layout_compute_rows(out, fields, n, rows);
}
