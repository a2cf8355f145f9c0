/* x86-64 (System V and Windows alike for what corolower asks). */
#include "targets/targets.h"

static const char *const prefixes[] = {"x86_64", "amd64", NULL};

static const crl_cc_rule rules[] = {
    {LLVMCCallConv, CRL_MUSTTAIL_SAME_SIGNATURE, 0},
    {LLVMFastCallConv, CRL_MUSTTAIL_SAME_SIGNATURE, 0},
    {LLVMSwiftCallConv, CRL_MUSTTAIL_SAME_SIGNATURE, 0},
    {CRL_CC_SWIFTTAIL, CRL_MUSTTAIL_ANY_SIGNATURE, 1},
    {CRL_CC_TAIL, CRL_MUSTTAIL_ANY_SIGNATURE, 1},
};

static unsigned alloc_align(LLVMTargetDataRef td) {
  unsigned ps = td ? LLVMPointerSize(td) : 8;
  return 2 * ps < 16 ? 16 : 2 * ps;
}

const crl_target crl_target_x86_64 = {
    .name = "x86-64",
    .triple_prefixes = prefixes,
    .clone_cc = LLVMFastCallConv,
    .cc_rules = rules,
    .num_cc_rules = sizeof rules / sizeof *rules,
    .swiftasync = 1,
    .swifttailcc = 1,
    .alloc_align = alloc_align,
};
