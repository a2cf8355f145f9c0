/* The codegen adapter: everything corolower needs to know about a target,
 * one constant struct per architecture (x86_64.c, aarch64.c, i686.c, arm.c,
 * riscv64.c, ppc64le.c, systemz.c, wasm.c; generic.c for the others),
 * listed in one table (targets.c) and found from the module's triple. No
 * other file tests a triple or names a calling convention's rules. */
#ifndef CRL_TARGETS_H
#define CRL_TARGETS_H

#include <stddef.h>

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

/* LLVM's tailcc and swifttailcc, which the LLVM-C enum does not list. */
#define CRL_CC_TAIL 18u
#define CRL_CC_SWIFTTAIL 20u

/* How `musttail` may be used on calls of a convention. */
typedef enum crl_musttail {
  CRL_MUSTTAIL_NEVER = 0,
  /* Only where caller and callee have the same prototype (the rule LLVM's
   * verifier states for the C-like conventions). */
  CRL_MUSTTAIL_SAME_SIGNATURE,
  /* Between any prototypes: the callee pops its own arguments. */
  CRL_MUSTTAIL_ANY_SIGNATURE
} crl_musttail;

typedef struct crl_cc_rule {
  unsigned cc;           /* an LLVMCallConv */
  crl_musttail musttail; /* when both caller and callee use it */
  int guaranteed;        /* a tail call stays one at -O0 too */
} crl_cc_rule;

typedef struct crl_target {
  const char *name;                   /* "x86-64", "AArch64" */
  /* NULL-terminated prefixes of a triple's architecture (its text before
   * the first '-'); NULL for the generic target, which takes the rest. */
  const char *const *triple_prefixes;
  /* The convention of switched-resume clones and symmetric transfers
   * (LLVM's: fastcc). */
  unsigned clone_cc;
  const crl_cc_rule *cc_rules;        /* conventions musttail knows here */
  size_t num_cc_rules;
  int swiftasync;                     /* the swiftasync parameter attribute */
  /* The subtarget feature without which the backend makes no tail call at
   * all ("tail-call" on WebAssembly), read from the calling function's
   * "target-features"; CPUs in tail_cpus have it without naming it. NULL
   * when tail calls need no feature. */
  const char *tail_feature;
  const char *const *tail_cpus;
  /* musttail only on a direct call of a function with local linkage
   * defined in the module (64-bit PowerPC: a call through a pointer or to
   * a preemptible function may need the caller's TOC pointer restored
   * after it, so it cannot be a tail call). */
  int musttail_local_callee;
  /* Why async (Swift-style) coroutines are not lowered for this target
   * although its rules allow their tail calls, a phrase fit to follow
   * "async coroutines are not lowered for NAME: " (a backend bug that makes
   * the output fail at run time, named by its report); NULL: lowered. */
  const char *async_refusal;
  /* Alignment every general-purpose allocation has (malloc, operator
   * new) on the target's C library; td says which ABI where the
   * architecture has several (i686: Windows' CRT or glibc). */
  unsigned (*alloc_align)(LLVMTargetDataRef td);
} crl_target;

/* Rule tables several architectures share (cc_rules.c). Guaranteed tail
 * calls: the C-like conventions between equal prototypes, tailcc and
 * swifttailcc between any, which stay tail calls at -O0 (x86-64, i686,
 * AArch64, ARM). C and fast only, between equal prototypes (RISC-V 64,
 * PowerPC 64). */
extern const crl_cc_rule crl_cc_rules_guaranteed[5];
extern const crl_cc_rule crl_cc_rules_c_fast[2];
#define CRL_CC_RULES(table) .cc_rules = (table), .num_cc_rules = sizeof(table) / sizeof *(table)

extern const crl_target crl_target_x86_64;
extern const crl_target crl_target_aarch64;
extern const crl_target crl_target_i686;
extern const crl_target crl_target_arm;
extern const crl_target crl_target_riscv64;
extern const crl_target crl_target_ppc64le;
extern const crl_target crl_target_systemz;
extern const crl_target crl_target_wasm;
/* Any other architecture: LLVM's rules (fastcc clones, the target's data
 * layout) without any musttail, since corolower cannot know whether that
 * backend honours one (MIPS, 32-bit PowerPC and AMDGPU do not). */
extern const crl_target crl_target_generic;

/* The target of a triple: one of the table's, crl_target_generic for an
 * architecture none of them names, NULL only for a NULL triple. */
const crl_target *crl_target_for(const char *triple);
/* The named targets, from the table ("x86-64, AArch64, i686, ..."). */
const char *crl_target_names(void);

/* The rule for one convention on t, or NULL when t has none for it. */
const crl_cc_rule *crl_target_cc_rule(const crl_target *t, unsigned cc);
/* Can `call` be a `musttail` call on t, in the function it sits in (whose
 * convention and target features count)? same_signature: caller and
 * callee have the same prototype and ABI attributes. When not, *why (if
 * why is not NULL) is set to a static phrase saying why, fit to follow
 * "no guaranteed tail call: ". */
int crl_target_can_musttail(const crl_target *t, LLVMValueRef call,
                            int same_signature, const char **why);
/* Can function fn make any musttail call at all on t, with its own
 * calling convention? Async coroutines cannot be lowered without; *why
 * as above. */
int crl_target_tail_calls(const crl_target *t, LLVMValueRef fn, const char **why);
/* Why t refuses async coroutines although its tail-call rules would
 * allow them (its async_refusal), or NULL when it lowers them. */
const char *crl_target_async_refusal(const crl_target *t);
/* Does a tail call of this convention stay a real one without
 * optimisation (what await loops need not to overflow the stack)? */
int crl_target_tail_guaranteed(const crl_target *t, unsigned cc);
unsigned crl_target_alloc_align(const crl_target *t, LLVMTargetDataRef td);

/* Gives the module the data layout of its triple (or of the overrides)
 * when it has none: frame offsets depend on the layout, and LLVM's default
 * layout is not any real target's. A module without a triple keeps its
 * own layout, or gets the host's when it has none, and no triple (the
 * host's target rules apply: crl_target_of_module). *assumed is set when
 * rules or a layout were assumed (a layout, the host's rules, or the
 * generic rules of an architecture no table entry names), to a malloc'd
 * description of them, else NULL. Returns NULL on success, else a
 * malloc'd message. Thread-safe. */
char *crl_target_prepare_module(LLVMModuleRef m, const char *triple_override,
                                const char *layout_override, char **assumed);
/* The target rules for m: its triple's, or the host's when it has none
 * (crl_target_generic for an architecture the table does not name; NULL
 * only when out of memory). *triple is set to the
 * triple the rules were taken from (malloc'd; NULL when out of memory). */
const crl_target *crl_target_of_module(LLVMModuleRef m, char **triple);

#endif
