/* The codegen adapter: what corolower needs to know about the target. */
#ifndef CRL_TARGETS_H
#define CRL_TARGETS_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

typedef enum crl_arch { CRL_ARCH_OTHER = 0, CRL_ARCH_X86_64, CRL_ARCH_AARCH64 } crl_arch;

crl_arch crl_target_arch(const char *triple);

/* Gives the module a triple and data layout when it lacks them (an override
 * wins): frame offsets depend on the layout, and LLVM's default layout is
 * not any real target's. Returns NULL on success, else a malloc'd message. */
char *crl_target_prepare_module(LLVMModuleRef m, const char *triple_override,
                                const char *layout_override);

/* Can a resume function tail-call the next coroutine's resume function with
 * `musttail` (symmetric transfer)? Both are `fastcc void (ptr)`, so on the
 * targets we support it is always legal; elsewhere, a plain tail call. */
int crl_target_supports_musttail(const char *triple);

/* Alignment the frame allocator guarantees (operator new: 16 on both). */
unsigned crl_target_new_alignment(const char *triple);

#endif
