/* AArch64 (Linux, Darwin's arm64). */
#include "targets/targets.h"

static const char *const prefixes[] = {"aarch64", "arm64", NULL};

/* AAPCS64 malloc and operator new: 16 bytes. */
static unsigned alloc_align(LLVMTargetDataRef td) {
  (void)td;
  return 16;
}

const crl_target crl_target_aarch64 = {
    .name = "AArch64",
    .triple_prefixes = prefixes,
    .clone_cc = LLVMFastCallConv,
    CRL_CC_RULES(crl_cc_rules_guaranteed),
    .swiftasync = 1,
    .alloc_align = alloc_align,
};
