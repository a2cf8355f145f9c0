/* AArch64 (Linux, Darwin's arm64). */
#include "targets/targets.h"

static const char *const prefixes[] = {"aarch64", "arm64", NULL};

static const crl_cc_rule rules[] = {
    {LLVMCCallConv, CRL_MUSTTAIL_SAME_SIGNATURE, 0},
    {LLVMFastCallConv, CRL_MUSTTAIL_SAME_SIGNATURE, 0},
    {LLVMSwiftCallConv, CRL_MUSTTAIL_SAME_SIGNATURE, 0},
    {CRL_CC_SWIFTTAIL, CRL_MUSTTAIL_ANY_SIGNATURE, 1},
    {CRL_CC_TAIL, CRL_MUSTTAIL_ANY_SIGNATURE, 1},
};

/* AAPCS64 malloc and operator new: 16 bytes. */
static unsigned alloc_align(LLVMTargetDataRef td) {
  (void)td;
  return 16;
}

const crl_target crl_target_aarch64 = {
    .name = "AArch64",
    .triple_prefixes = prefixes,
    .clone_cc = LLVMFastCallConv,
    .cc_rules = rules,
    .num_cc_rules = sizeof rules / sizeof *rules,
    .swiftasync = 1,
    .swifttailcc = 1,
    .alloc_align = alloc_align,
};
