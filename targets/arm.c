/* 32-bit ARM (armhf: AAPCS with VFP arguments; Thumb too). LLVM 22's ARM
 * backend (checked with llc-22) makes musttail calls, through a pointer
 * or not, with the C, fast and Swift conventions between equal
 * prototypes, and with tailcc and swifttailcc between any; those two
 * also keep a plain tail call a real one at -O0. */
#include "targets/targets.h"

/* "arm64" is AArch64's and matched before this in the table. */
static const char *const prefixes[] = {"arm", "thumb", NULL};

/* glibc's malloc aligns to twice the size of size_t, 8 bytes here (no
 * type of AAPCS needs more). */
static unsigned alloc_align(LLVMTargetDataRef td) {
  (void)td;
  return 8;
}

const crl_target crl_target_arm = {
    .name = "ARM",
    .triple_prefixes = prefixes,
    .clone_cc = LLVMFastCallConv,
    CRL_CC_RULES(crl_cc_rules_guaranteed),
    .swiftasync = 1,
    .alloc_align = alloc_align,
};
