/* 64-bit RISC-V (LP64D). LLVM 22's RISC-V backend (checked with llc-22)
 * makes musttail calls, through a pointer or not, with the C and fast
 * conventions between equal prototypes, and knows neither tailcc nor the
 * Swift conventions ("Unsupported calling convention"): no async
 * coroutine of Swift's kind can be lowered for it. */
#include "targets/targets.h"

static const char *const prefixes[] = {"riscv64", NULL};

/* glibc's malloc: 16 bytes, the alignment of long double (binary128). */
static unsigned alloc_align(LLVMTargetDataRef td) {
  (void)td;
  return 16;
}

const crl_target crl_target_riscv64 = {
    .name = "RISC-V 64",
    .triple_prefixes = prefixes,
    .clone_cc = LLVMFastCallConv,
    CRL_CC_RULES(crl_cc_rules_c_fast),
    .swiftasync = 0,
    .alloc_align = alloc_align,
};
