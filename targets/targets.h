/* The codegen adapter: everything corolower needs to know about a target,
 * one constant struct per architecture (x86_64.c, aarch64.c), found from
 * the module's triple. No other file tests a triple or names a calling
 * convention's rules. */
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
  const char *const *triple_prefixes; /* NULL-terminated; arch part of a triple */
  /* The convention of switched-resume clones and symmetric transfers
   * (LLVM's: fastcc). */
  unsigned clone_cc;
  const crl_cc_rule *cc_rules;        /* conventions musttail knows here */
  size_t num_cc_rules;
  int swiftasync;                     /* the swiftasync parameter attribute */
  int swifttailcc;                    /* the swifttailcc convention */
  /* Alignment every general-purpose allocation has (malloc, operator
   * new): twice the pointer size on the ABIs of these targets. */
  unsigned (*alloc_align)(const char *triple, LLVMTargetDataRef td);
} crl_target;

extern const crl_target crl_target_x86_64;
extern const crl_target crl_target_aarch64;

/* The target of a triple, or NULL when corolower does not know it. */
const crl_target *crl_target_for(const char *triple);
/* The supported targets' names, for diagnostics ("x86-64, AArch64"). */
const char *crl_target_names(void);

/* The rule for one convention on t, or NULL when t has none for it. */
const crl_cc_rule *crl_target_cc_rule(const crl_target *t, unsigned cc);
/* Can a function of convention caller_cc tail-call one of callee_cc with
 * `musttail`? same_signature: their prototypes match. */
int crl_target_musttail_ok(const crl_target *t, unsigned caller_cc,
                           unsigned callee_cc, int same_signature);
/* Does a tail call of this convention stay a real one without
 * optimisation (what await loops need not to overflow the stack)? */
int crl_target_tail_guaranteed(const crl_target *t, unsigned cc);
unsigned crl_target_alloc_align(const crl_target *t, LLVMTargetDataRef td);

/* Gives the module the data layout of its triple (or of the overrides)
 * when it has none: frame offsets depend on the layout, and LLVM's default
 * layout is not any real target's. A module without a triple keeps its
 * own layout, or gets the host's when it has none, and no triple (the
 * host's target rules apply: crl_target_of_module). *assumed is set when
 * rules or a layout were assumed, to a malloc'd description of them, else
 * NULL. Returns NULL on success, else a malloc'd message. Thread-safe. */
char *crl_target_prepare_module(LLVMModuleRef m, const char *triple_override,
                                const char *layout_override, char **assumed);
/* The target rules for m: its triple's, or the host's when it has none
 * (NULL when corolower does not know that target). *triple is set to the
 * triple the rules were taken from (malloc'd; NULL when out of memory). */
const crl_target *crl_target_of_module(LLVMModuleRef m, char **triple);

#endif
