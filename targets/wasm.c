/* WebAssembly, wasm32 and wasm64. Tail calls are the tail-call proposal's
 * return_call instructions: LLVM 22's backend emits them only for a
 * function whose subtarget has the tail-call feature (clang's
 * -mtail-call, or the bleeding-edge CPU) and refuses musttail without it;
 * LLVM's coroutine passes then leave symmetric transfer a plain call.
 * With it, musttail works through a pointer or not with the C, fast and
 * Swift conventions between equal prototypes (LLVM's verifier allows no
 * other prototype for them); tailcc and swifttailcc are not lowered. */
#include "targets/targets.h"

static const char *const prefixes[] = {"wasm32", "wasm64", NULL};

static const crl_cc_rule rules[] = {
    {LLVMCCallConv, CRL_MUSTTAIL_SAME_SIGNATURE, 0},
    {LLVMFastCallConv, CRL_MUSTTAIL_SAME_SIGNATURE, 0},
    {LLVMSwiftCallConv, CRL_MUSTTAIL_SAME_SIGNATURE, 0},
};

static const char *const tail_cpus[] = {"bleeding-edge", NULL};

/* wasi-libc's and emscripten's dlmalloc: 16 bytes (long double is
 * binary128 here). */
static unsigned alloc_align(LLVMTargetDataRef td) {
  (void)td;
  return 16;
}

const crl_target crl_target_wasm = {
    .name = "WebAssembly",
    .triple_prefixes = prefixes,
    .clone_cc = LLVMFastCallConv,
    CRL_CC_RULES(rules),
    .swiftasync = 1,
    .tail_feature = "tail-call",
    .tail_cpus = tail_cpus,
    .alloc_align = alloc_align,
};
