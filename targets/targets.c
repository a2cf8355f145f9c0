#include "targets/targets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include <llvm-c/TargetMachine.h>

static const crl_target *const all_targets[] = {&crl_target_x86_64,
                                                &crl_target_aarch64};

static int has_prefix(const char *s, const char *p) {
  return strncmp(s, p, strlen(p)) == 0;
}

const crl_target *crl_target_for(const char *triple) {
  if (!triple) return NULL;
  for (size_t i = 0; i < sizeof all_targets / sizeof *all_targets; i++)
    for (const char *const *p = all_targets[i]->triple_prefixes; *p; p++)
      if (has_prefix(triple, *p)) return all_targets[i];
  return NULL;
}

const char *crl_target_names(void) { return "x86-64, AArch64"; }

const crl_cc_rule *crl_target_cc_rule(const crl_target *t, unsigned cc) {
  for (size_t i = 0; t && i < t->num_cc_rules; i++)
    if (t->cc_rules[i].cc == cc) return &t->cc_rules[i];
  return NULL;
}

int crl_target_musttail_ok(const crl_target *t, unsigned caller_cc,
                           unsigned callee_cc, int same_signature) {
  if (caller_cc != callee_cc) return 0;
  const crl_cc_rule *r = crl_target_cc_rule(t, callee_cc);
  if (!r) return 0;
  return r->musttail == CRL_MUSTTAIL_ANY_SIGNATURE ||
         (r->musttail == CRL_MUSTTAIL_SAME_SIGNATURE && same_signature);
}

int crl_target_tail_guaranteed(const crl_target *t, unsigned cc) {
  const crl_cc_rule *r = crl_target_cc_rule(t, cc);
  return r && r->guaranteed;
}

unsigned crl_target_alloc_align(const crl_target *t, LLVMTargetDataRef td) {
  unsigned a = t && t->alloc_align ? t->alloc_align(NULL, td) : 0;
  return a ? a : 16;
}

/* LLVM's target registry is filled once per process; lowering may run on
 * several threads. */
static once_flag targets_once = ONCE_FLAG_INIT;

static void init_targets(void) {
  LLVMInitializeAllTargetInfos();
  LLVMInitializeAllTargets();
  LLVMInitializeAllTargetMCs();
}

static char *dup_msg(const char *a, const char *b) {
  size_t n = strlen(a) + (b ? strlen(b) : 0) + 1;
  char *s = malloc(n);
  if (s) {
    strcpy(s, a);
    if (b) strcat(s, b);
  }
  return s;
}

/* The data layout LLVM's target machine gives `triple`, or a message. */
static char *layout_of(const char *triple, char **layout) {
  call_once(&targets_once, init_targets);
  LLVMTargetRef target;
  char *err = NULL;
  if (LLVMGetTargetFromTriple(triple, &target, &err)) {
    char *msg = dup_msg("no data layout and unknown target: ", err);
    LLVMDisposeMessage(err);
    return msg ? msg : dup_msg("out of memory", NULL);
  }
  LLVMTargetMachineRef tm = LLVMCreateTargetMachine(
      target, triple, "", "", LLVMCodeGenLevelDefault, LLVMRelocDefault,
      LLVMCodeModelDefault);
  LLVMTargetDataRef td = LLVMCreateTargetDataLayout(tm);
  *layout = LLVMCopyStringRepOfTargetData(td);
  LLVMDisposeTargetData(td);
  LLVMDisposeTargetMachine(tm);
  return NULL;
}

/* The note saying which rules (and layout) were assumed for a module
 * without a triple; NULL when out of memory. */
static char *describe_host(const char *host, const char *layout, int layout_assumed) {
  const char *fmt = layout_assumed
                        ? "no target triple: assumed the host's, %s, with data layout \"%s\""
                        : "no target triple: assumed the host's target rules, %s, with the "
                          "module's data layout \"%s\"";
  size_t n = strlen(fmt) + strlen(host) + strlen(layout) + 1;
  char *s = malloc(n);
  if (s) snprintf(s, n, fmt, host, layout);
  return s;
}

static char *describe_layout(const char *triple, const char *layout) {
  const char *fmt = "no data layout: assumed %s's, \"%s\"";
  size_t n = strlen(fmt) + strlen(triple) + strlen(layout) + 1;
  char *s = malloc(n);
  if (s) snprintf(s, n, fmt, triple, layout);
  return s;
}

/* One rule for a module without a triple, as LLVM's passes need none: the
 * host's target rules, the module's own data layout (any: 32-bit and
 * big-endian included), or the host's when it has none. The module's
 * triple stays empty. */
static char *prepare_without_triple(LLVMModuleRef m, char **assumed) {
  char *host = LLVMGetDefaultTargetTriple();
  const char *dl = LLVMGetDataLayoutStr(m);
  char *msg = NULL;
  if (dl && *dl) {
    *assumed = describe_host(host, dl, 0);
  } else {
    char *layout = NULL;
    msg = layout_of(host, &layout);
    if (!msg) {
      LLVMSetDataLayout(m, layout);
      *assumed = describe_host(host, layout, 1);
      LLVMDisposeMessage(layout);
    }
  }
  LLVMDisposeMessage(host);
  return msg;
}

char *crl_target_prepare_module(LLVMModuleRef m, const char *triple_override,
                                const char *layout_override, char **assumed) {
  *assumed = NULL;
  if (triple_override) LLVMSetTarget(m, triple_override);
  if (layout_override) {
    LLVMSetDataLayout(m, layout_override);
    return NULL;
  }
  const char *triple = LLVMGetTarget(m);
  if (!triple || !*triple) return prepare_without_triple(m, assumed);
  const char *dl = LLVMGetDataLayoutStr(m);
  if (dl && *dl && !triple_override) return NULL;
  char *layout = NULL;
  char *msg = layout_of(triple, &layout);
  if (!msg) {
    LLVMSetDataLayout(m, layout);
    if (!triple_override) *assumed = describe_layout(triple, layout);
    LLVMDisposeMessage(layout);
  }
  return msg;
}

const crl_target *crl_target_of_module(LLVMModuleRef m, char **triple) {
  const char *own = LLVMGetTarget(m);
  char *host = own && *own ? NULL : LLVMGetDefaultTargetTriple();
  const char *t = host ? host : own;
  const crl_target *r = crl_target_for(t);
  *triple = malloc(strlen(t) + 1);
  if (*triple) strcpy(*triple, t);
  if (host) LLVMDisposeMessage(host);
  return r;
}
