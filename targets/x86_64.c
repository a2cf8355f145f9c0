/* x86-64 (System V and Windows alike for what corolower asks). */
#include "targets/targets.h"

static const char *const prefixes[] = {"x86_64", "amd64", NULL};

static unsigned alloc_align(LLVMTargetDataRef td) {
  unsigned ps = td ? LLVMPointerSize(td) : 8;
  return 2 * ps < 16 ? 16 : 2 * ps;
}

const crl_target crl_target_x86_64 = {
    .name = "x86-64",
    .triple_prefixes = prefixes,
    .clone_cc = LLVMFastCallConv,
    CRL_CC_RULES(crl_cc_rules_guaranteed),
    .swiftasync = 1,
    .alloc_align = alloc_align,
};
