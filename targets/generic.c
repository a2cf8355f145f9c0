/* An architecture none of the table's entries names (MIPS, SPARC,
 * LoongArch, 32-bit or big-endian PowerPC, ...): LLVM's rules as far as
 * they hold on every backend. Clones use fastcc, as LLVM's passes make
 * them, and frames follow the module's data layout. LLVM's passes would
 * also put musttail on symmetric transfers, which several backends cannot
 * lower (llc-22 stops with "failed to perform tail call elimination" on
 * MIPS, 32-bit PowerPC, AIX and AMDGPU), so here no call is ever a
 * guaranteed tail call: symmetric transfer stays a plain call and async
 * coroutines, which need guaranteed tail calls, are refused. */
#include "targets/targets.h"

static const char *const prefixes[] = {NULL};

/* glibc's rule, twice the size of a pointer, holds for the C libraries
 * of these architectures. */
static unsigned alloc_align(LLVMTargetDataRef td) {
  unsigned ps = td ? LLVMPointerSize(td) : 8;
  return 2 * ps;
}

const crl_target crl_target_generic = {
    .name = "an architecture without rules of its own",
    .triple_prefixes = prefixes,
    .clone_cc = LLVMFastCallConv,
    .cc_rules = NULL,
    .num_cc_rules = 0,
    .swiftasync = 0,
    .alloc_align = alloc_align,
};
