#include "targets/targets.h"

#include <stdlib.h>
#include <string.h>

#include <llvm-c/TargetMachine.h>

static int starts_with(const char *s, const char *p) {
  return strncmp(s, p, strlen(p)) == 0;
}

crl_arch crl_target_arch(const char *triple) {
  if (!triple) return CRL_ARCH_OTHER;
  if (starts_with(triple, "x86_64") || starts_with(triple, "amd64"))
    return CRL_ARCH_X86_64;
  if (starts_with(triple, "aarch64") || starts_with(triple, "arm64"))
    return CRL_ARCH_AARCH64;
  return CRL_ARCH_OTHER;
}

static void init_targets_once(void) {
  static int done;
  if (done) return;
  LLVMInitializeAllTargetInfos();
  LLVMInitializeAllTargets();
  LLVMInitializeAllTargetMCs();
  done = 1;
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

char *crl_target_prepare_module(LLVMModuleRef m, const char *triple_override,
                                const char *layout_override) {
  if (triple_override) LLVMSetTarget(m, triple_override);
  if (layout_override) {
    LLVMSetDataLayout(m, layout_override);
    return NULL;
  }
  const char *dl = LLVMGetDataLayoutStr(m);
  if (dl && *dl && !triple_override) return NULL;
  const char *triple = LLVMGetTarget(m);
  char *host = NULL;
  if (!triple || !*triple) {
    host = LLVMGetDefaultTargetTriple();
    triple = host;
    LLVMSetTarget(m, triple);
  }
  init_targets_once();
  LLVMTargetRef target;
  char *err = NULL;
  char *msg = NULL;
  if (LLVMGetTargetFromTriple(triple, &target, &err)) {
    msg = dup_msg("no data layout and unknown target: ", err);
    LLVMDisposeMessage(err);
  } else {
    LLVMTargetMachineRef tm = LLVMCreateTargetMachine(
        target, triple, "", "", LLVMCodeGenLevelDefault, LLVMRelocDefault,
        LLVMCodeModelDefault);
    LLVMTargetDataRef td = LLVMCreateTargetDataLayout(tm);
    char *s = LLVMCopyStringRepOfTargetData(td);
    LLVMSetDataLayout(m, s);
    LLVMDisposeMessage(s);
    LLVMDisposeTargetData(td);
    LLVMDisposeTargetMachine(tm);
  }
  if (host) LLVMDisposeMessage(host);
  return msg;
}

int crl_target_supports_musttail(const char *triple) {
  crl_arch a = crl_target_arch(triple);
  return a == CRL_ARCH_X86_64 || a == CRL_ARCH_AARCH64;
}

unsigned crl_target_new_alignment(const char *triple) {
  (void)triple;
  return 16;
}
