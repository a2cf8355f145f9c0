#include "targets/targets.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include <llvm-c/TargetMachine.h>

/* Every target corolower has rules for, in the order triples are matched
 * against them: AArch64's "arm64" before ARM's "arm". The names in
 * diagnostics come from here too. */
static const crl_target *const all_targets[] = {
    &crl_target_x86_64, &crl_target_aarch64, &crl_target_i686,
    &crl_target_arm,    &crl_target_riscv64, &crl_target_ppc64le,
    &crl_target_systemz, &crl_target_wasm};
#define NUM_TARGETS (sizeof all_targets / sizeof *all_targets)

/* Does the architecture part of triple (up to the first '-') start with
 * p? "armv7" and "thumbv7em" are ARM whatever their version suffix. */
static int arch_has_prefix(const char *triple, const char *p) {
  size_t arch = strcspn(triple, "-"), n = strlen(p);
  return n <= arch && strncmp(triple, p, n) == 0;
}

const crl_target *crl_target_for(const char *triple) {
  if (!triple) return NULL;
  for (size_t i = 0; i < NUM_TARGETS; i++)
    for (const char *const *p = all_targets[i]->triple_prefixes; *p; p++)
      if (arch_has_prefix(triple, *p)) return all_targets[i];
  return &crl_target_generic;
}

static once_flag names_once = ONCE_FLAG_INIT;
static char names_buf[256];
static atomic_int names_ready; /* set (release) once names_buf is written */

static void build_names(void) {
  size_t at = 0;
  for (size_t i = 0; i < NUM_TARGETS && at < sizeof names_buf; i++)
    at += (size_t)snprintf(names_buf + at, sizeof names_buf - at, "%s%s",
                           i ? ", " : "", all_targets[i]->name);
  atomic_store_explicit(&names_ready, 1, memory_order_release);
}

/* The acquire load after call_once is for ThreadSanitizer, which does not
 * see glibc's call_once (irkit/intrinsics.c says more). */
const char *crl_target_names(void) {
  if (!atomic_load_explicit(&names_ready, memory_order_acquire)) {
    call_once(&names_once, build_names);
    (void)atomic_load_explicit(&names_ready, memory_order_acquire);
  }
  return names_buf;
}

const crl_cc_rule *crl_target_cc_rule(const crl_target *t, unsigned cc) {
  for (size_t i = 0; t && i < t->num_cc_rules; i++)
    if (t->cc_rules[i].cc == cc) return &t->cc_rules[i];
  return NULL;
}

static int refuse(const char **why, const char *reason) {
  if (why) *why = reason;
  return 0;
}

/* The value of a string attribute of fn, or NULL (len set to 0). */
static const char *fn_string_attr(LLVMValueRef fn, const char *key, unsigned *len) {
  LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, key,
                                                     (unsigned)strlen(key));
  *len = 0;
  return a ? LLVMGetStringAttributeValue(a, len) : NULL;
}

/* Does "+f1,-f2,..." enable name? The last mention wins, as in LLVM's
 * subtarget feature parsing; unnamed means as the CPU has it. */
static int feature_state(const char *list, unsigned len, const char *name, int dflt) {
  size_t n = strlen(name);
  for (unsigned i = 0; i < len;) {
    unsigned j = i;
    while (j < len && list[j] != ',') j++;
    if (j - i == n + 1 && (list[i] == '+' || list[i] == '-') &&
        strncmp(list + i + 1, name, n) == 0)
      dflt = list[i] == '+';
    i = j + 1;
  }
  return dflt;
}

/* Has fn the subtarget feature t's tail calls need? */
static int has_tail_feature(const crl_target *t, LLVMValueRef fn) {
  unsigned clen = 0, flen = 0;
  const char *cpu = fn_string_attr(fn, "target-cpu", &clen);
  int on = 0;
  for (const char *const *p = t->tail_cpus; cpu && p && *p; p++)
    if (strlen(*p) == clen && strncmp(cpu, *p, clen) == 0) on = 1;
  const char *fs = fn_string_attr(fn, "target-features", &flen);
  return fs ? feature_state(fs, flen, t->tail_feature, on) : on;
}

/* A direct call of a local function defined in this module. */
static int local_callee(LLVMValueRef call) {
  LLVMValueRef f = LLVMGetCalledValue(call);
  if (!f || !LLVMIsAFunction(f) || LLVMIsDeclaration(f)) return 0;
  LLVMLinkage l = LLVMGetLinkage(f);
  return l == LLVMInternalLinkage || l == LLVMPrivateLinkage;
}

int crl_target_can_musttail(const crl_target *t, LLVMValueRef call,
                            int same_signature, const char **why) {
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
  unsigned cc = LLVMGetInstructionCallConv(call);
  if (!t->num_cc_rules)
    return refuse(why, "corolower knows no guaranteed tail call on this architecture");
  if (LLVMGetFunctionCallConv(fn) != cc)
    return refuse(why, "caller and callee have different calling conventions");
  const crl_cc_rule *r = crl_target_cc_rule(t, cc);
  if (!r || r->musttail == CRL_MUSTTAIL_NEVER)
    return refuse(why, "the target has no musttail for this calling convention");
  if (r->musttail == CRL_MUSTTAIL_SAME_SIGNATURE && !same_signature)
    return refuse(why, "musttail with this calling convention needs caller and callee of "
                       "one prototype");
  if (t->tail_feature && !has_tail_feature(t, fn))
    return refuse(why, "the function's target features do not enable tail calls");
  if (t->musttail_local_callee && !local_callee(call))
    return refuse(why, "a call through a pointer, or of a function defined elsewhere, "
                       "must restore the TOC pointer after it");
  return 1;
}

int crl_target_tail_calls(const crl_target *t, LLVMValueRef fn, const char **why) {
  const crl_cc_rule *r = crl_target_cc_rule(t, LLVMGetFunctionCallConv(fn));
  if (!t->num_cc_rules)
    return refuse(why, "corolower knows no guaranteed tail call on this architecture");
  if (!r || r->musttail == CRL_MUSTTAIL_NEVER)
    return refuse(why, "the target has no musttail for the function's calling convention");
  if (t->tail_feature && !has_tail_feature(t, fn))
    return refuse(why, "the function's target features do not enable tail calls");
  return 1;
}

const char *crl_target_async_refusal(const crl_target *t) {
  return t ? t->async_refusal : NULL;
}

int crl_target_tail_guaranteed(const crl_target *t, unsigned cc) {
  const crl_cc_rule *r = crl_target_cc_rule(t, cc);
  return r && r->guaranteed;
}

unsigned crl_target_alloc_align(const crl_target *t, LLVMTargetDataRef td) {
  unsigned a = t && t->alloc_align ? t->alloc_align(td) : 0;
  return a ? a : 16;
}

/* LLVM's target registry is filled once per process; lowering may run on
 * several threads. What the initializers write is read only by LLVM, which
 * ThreadSanitizer does not watch (libLLVM is not instrumented), so this
 * call_once needs no word to it (see crl_target_names). */
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

/* An overriding triple is set only once its layout is known: a triple
 * LLVM does not know leaves the module as it was. */
static char *prepare_layout(LLVMModuleRef m, const char *triple_override,
                            const char *layout_override, char **assumed) {
  if (layout_override) {
    if (triple_override) LLVMSetTarget(m, triple_override);
    LLVMSetDataLayout(m, layout_override);
    return NULL;
  }
  if (triple_override && !*triple_override) LLVMSetTarget(m, "");
  const char *triple = triple_override ? triple_override : LLVMGetTarget(m);
  if (!triple || !*triple) return prepare_without_triple(m, assumed);
  const char *dl = LLVMGetDataLayoutStr(m);
  if (dl && *dl && !triple_override) return NULL;
  char *layout = NULL;
  char *msg = layout_of(triple, &layout);
  if (!msg) {
    if (triple_override) LLVMSetTarget(m, triple_override);
    LLVMSetDataLayout(m, layout);
    if (!triple_override) *assumed = describe_layout(triple, layout);
    LLVMDisposeMessage(layout);
  }
  return msg;
}

/* The note for an architecture no table entry names, after the one
 * already in *assumed if any: which rules it gets, and what follows. */
static void note_generic(const char *triple, char **assumed) {
  const char *fmt = "%s%starget '%s' is none of %s: LLVM's rules assumed, with no "
                    "guaranteed tail call (symmetric transfer is a plain call; async "
                    "coroutines cannot be lowered)";
  const char *prev = *assumed ? *assumed : "";
  size_t n = strlen(fmt) + strlen(prev) + strlen(triple) + strlen(crl_target_names()) + 1;
  char *s = malloc(n);
  if (s) snprintf(s, n, fmt, prev, *prev ? "; " : "", triple, crl_target_names());
  free(*assumed);
  *assumed = s;
}

char *crl_target_prepare_module(LLVMModuleRef m, const char *triple_override,
                                const char *layout_override, char **assumed) {
  *assumed = NULL;
  char *msg = prepare_layout(m, triple_override, layout_override, assumed);
  const char *triple = LLVMGetTarget(m);
  if (!msg && triple && *triple && crl_target_for(triple) == &crl_target_generic)
    note_generic(triple, assumed);
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
