/* 64-bit PowerPC, little-endian (ELFv2). LLVM 22's PowerPC backend
 * (checked with llc-22) makes a musttail call only of a function defined
 * in the module that cannot be preempted, with the C or fast convention
 * and an equal prototype: a call through a pointer or to another module
 * may land in code with another TOC, which the caller must restore after
 * the call returns. So symmetric transfer, a call through the resumed
 * frame's pointer, is never a tail call here, with LLVM's lowering too
 * (its TargetTransformInfo says so); tailcc and the Swift conventions are
 * not lowered at all. */
#include "targets/targets.h"

static const char *const prefixes[] = {"powerpc64le", "ppc64le", NULL};

/* glibc's malloc: 16 bytes (vector types and IEEE long double need it). */
static unsigned alloc_align(LLVMTargetDataRef td) {
  (void)td;
  return 16;
}

const crl_target crl_target_ppc64le = {
    .name = "PowerPC 64 LE",
    .triple_prefixes = prefixes,
    .clone_cc = LLVMFastCallConv,
    CRL_CC_RULES(crl_cc_rules_c_fast),
    .swiftasync = 0,
    .musttail_local_callee = 1,
    .alloc_align = alloc_align,
};
