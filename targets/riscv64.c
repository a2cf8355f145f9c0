/* 64-bit RISC-V (LP64D). LLVM 22's RISC-V backend (checked with llc-22)
 * makes musttail calls, through a pointer or not, with the C and fast
 * conventions between equal prototypes, and knows neither tailcc nor the
 * Swift conventions ("Unsupported calling convention"): no async
 * coroutine of Swift's kind can be lowered for it. */
#include "targets/targets.h"

static const char *const prefixes[] = {"riscv64", NULL};

static const crl_cc_rule rules[] = {
    {LLVMCCallConv, CRL_MUSTTAIL_SAME_SIGNATURE, 0},
    {LLVMFastCallConv, CRL_MUSTTAIL_SAME_SIGNATURE, 0},
};

/* glibc's malloc: 16 bytes, the alignment of long double (binary128). */
static unsigned alloc_align(LLVMTargetDataRef td) {
  (void)td;
  return 16;
}

const crl_target crl_target_riscv64 = {
    .name = "RISC-V 64",
    .triple_prefixes = prefixes,
    .clone_cc = LLVMFastCallConv,
    .cc_rules = rules,
    .num_cc_rules = sizeof rules / sizeof *rules,
    .swiftasync = 0,
    .swifttailcc = 0,
    .alloc_align = alloc_align,
};
