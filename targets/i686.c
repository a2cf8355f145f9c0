/* 32-bit x86: Linux's i386 System V ABI and Windows' (MSVC, MinGW). What
 * LLVM 22's X86 backend lowers (checked with llc-22 on both): musttail
 * through a pointer or not with the C, fast and Swift conventions between
 * equal prototypes, and with tailcc and swifttailcc between any, which
 * also make a plain tail call a real one at -O0. */
#include <string.h>

#include "targets/targets.h"

static const char *const prefixes[] = {"i386", "i486", "i586", "i686", NULL};

/* Windows' CRT aligns malloc to 8 bytes on 32-bit x86, glibc and musl to
 * 16. The data layout tells them apart: COFF's mangling ("m:x") is
 * Windows' alone. */
static unsigned alloc_align(LLVMTargetDataRef td) {
  char *dl = td ? LLVMCopyStringRepOfTargetData(td) : NULL;
  int windows = dl && (strstr(dl, "-m:x") || strstr(dl, "-m:w"));
  LLVMDisposeMessage(dl);
  return windows ? 8 : 16;
}

/* Every await of an async coroutine ends in a swifttailcc musttail call
 * that passes arguments on the stack (i386 passes them all there), and
 * LLVM 22's x86-32 backend gets those stack arguments wrong: the output
 * compiles and then fails at run time, LLVM's own lowering's as well
 * (tests/async/cases on i686). Refused until the backend is fixed. */
static const char async_refusal[] =
    "LLVM 22's x86-32 backend miscompiles the musttail calls with stack arguments "
    "every await makes (llvm/llvm-project#199224): the program would fail at run time";

const crl_target crl_target_i686 = {
    .name = "i686",
    .triple_prefixes = prefixes,
    .clone_cc = LLVMFastCallConv,
    CRL_CC_RULES(crl_cc_rules_guaranteed),
    .swiftasync = 1,
    .async_refusal = async_refusal,
    .alloc_align = alloc_align,
};
