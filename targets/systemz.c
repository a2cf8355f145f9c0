/* SystemZ (s390x, big-endian). LLVM 22's SystemZ backend (checked with
 * llc-22) makes musttail calls, through a pointer or not, with the C,
 * fast and Swift conventions between equal prototypes and with tailcc and
 * swifttailcc between any; but unlike x86 and ARM it does not promise to
 * make a plain `tail call` of those two a real one (arguments on the
 * stack keep it an ordinary call at -O0), so only musttail is
 * guaranteed. */
#include "targets/targets.h"

static const char *const prefixes[] = {"s390x", "systemz", NULL};

static const crl_cc_rule rules[] = {
    {LLVMCCallConv, CRL_MUSTTAIL_SAME_SIGNATURE, 0},
    {LLVMFastCallConv, CRL_MUSTTAIL_SAME_SIGNATURE, 0},
    {LLVMSwiftCallConv, CRL_MUSTTAIL_SAME_SIGNATURE, 0},
    {CRL_CC_SWIFTTAIL, CRL_MUSTTAIL_ANY_SIGNATURE, 0},
    {CRL_CC_TAIL, CRL_MUSTTAIL_ANY_SIGNATURE, 0},
};

/* glibc's malloc: twice the size of size_t, 16 bytes. */
static unsigned alloc_align(LLVMTargetDataRef td) {
  (void)td;
  return 16;
}

const crl_target crl_target_systemz = {
    .name = "SystemZ",
    .triple_prefixes = prefixes,
    .clone_cc = LLVMFastCallConv,
    CRL_CC_RULES(rules),
    .swiftasync = 1,
    .alloc_align = alloc_align,
};
