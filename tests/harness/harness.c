/* crlh: parse, lower, verify, JIT-run with a trace hook. See harness.h. */
#define _POSIX_C_SOURCE 200809L
#include "tests/harness/harness.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Error.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Target.h>
#include <llvm-c/Transforms/PassBuilder.h>

#define CRLH_MAX_SYMBOLS 32

typedef struct crlh_symbol {
  char *name;
  void *addr;
} crlh_symbol;

struct crlh_ctx {
  LLVMContextRef llctx;
  LLVMModuleRef mod;
  crl_result *result;
  int64_t *trace;
  size_t trace_n, trace_cap;
  int trace_oom;
  crlh_symbol syms[CRLH_MAX_SYMBOLS];
  size_t num_syms;
};

/* ---- small string helpers ---- */

static char *dup_str(const char *s) {
  size_t n = strlen(s);
  char *r = malloc(n + 1);
  if (r) memcpy(r, s, n + 1);
  return r;
}

static char *fmt_str(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *fmt_str(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0) return NULL;
  char *s = malloc((size_t)n + 1);
  if (!s) return NULL;
  va_start(ap, fmt);
  vsnprintf(s, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return s;
}

static void set_err(char **err, char *msg) {
  if (err) *err = msg;
  else free(msg);
}

typedef struct sbuf {
  char *s;
  size_t n, cap;
} sbuf;

static void sb_add(sbuf *b, const char *s) {
  size_t k = strlen(s);
  if (b->n + k + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->n + k + 1) cap *= 2;
    char *ns = realloc(b->s, cap);
    if (!ns) return;
    b->s = ns;
    b->cap = cap;
  }
  memcpy(b->s + b->n, s, k + 1);
  b->n += k;
}

static char *sb_take(sbuf *b) {
  if (!b->s) return dup_str("");
  return b->s;
}

static char *take_error(LLVMErrorRef e, const char *what);

/* ---- parse ---- */

crlh_ctx *crlh_parse(const char *ir, char **err) {
  if (err) *err = NULL;
  if (!ir) {
    set_err(err, dup_str("no IR text"));
    return NULL;
  }
  crlh_ctx *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->llctx = LLVMContextCreate();
  LLVMMemoryBufferRef buf =
      LLVMCreateMemoryBufferWithMemoryRangeCopy(ir, strlen(ir), "input.ll");
  char *msg = NULL;
  if (LLVMParseIRInContext2(c->llctx, buf, &c->mod, &msg)) {
    set_err(err, fmt_str("cannot parse IR: %s", msg ? msg : "unknown error"));
    LLVMDisposeMessage(msg);
    LLVMDisposeMemoryBuffer(buf);
    LLVMContextDispose(c->llctx);
    free(c);
    return NULL;
  }
  LLVMDisposeMemoryBuffer(buf);
  return c;
}

LLVMModuleRef crlh_module(crlh_ctx *c) { return c ? c->mod : NULL; }
LLVMContextRef crlh_context(crlh_ctx *c) { return c ? c->llctx : NULL; }

LLVMValueRef crlh_function(crlh_ctx *c, const char *name) {
  return c && name ? LLVMGetNamedFunction(c->mod, name) : NULL;
}

/* ---- lower ---- */

crl_result *crlh_lower(crlh_ctx *c, const crl_options *opts) {
  if (!c) return NULL;
  if (c->result) crl_result_free(c->result);
  c->result = crl_lower_module(c->mod, opts);
  return c->result;
}

int crlh_lower_llvm(crlh_ctx *c, char **err) {
  if (err) *err = NULL;
  if (!c) return -1;
  LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
  LLVMPassBuilderOptionsSetVerifyEach(po, 1);
  LLVMErrorRef e = LLVMRunPasses(
      c->mod, "coro-early,cgscc(coro-split),coro-cleanup", NULL, po);
  LLVMDisposePassBuilderOptions(po);
  if (e) {
    set_err(err, take_error(e, "LLVM's coroutine passes failed"));
    return -1;
  }
  return 0;
}

crl_result *crlh_last_result(crlh_ctx *c) { return c ? c->result : NULL; }

static const char *sev_name(crl_severity s) {
  return s == CRL_SEV_ERROR ? "error" : s == CRL_SEV_WARNING ? "warning" : "note";
}

char *crlh_diags_string(const crl_result *r) {
  sbuf b = {0};
  size_t n = r ? crl_result_num_diags(r) : 0;
  for (size_t i = 0; i < n; i++) {
    const crl_diag *d = crl_result_diag(r, i);
    char *line = fmt_str("%s: %s%s%s%s\n", sev_name(d->severity),
                         d->function ? "in function '" : "",
                         d->function ? d->function : "",
                         d->function ? "': " : "", d->message ? d->message : "");
    if (line) sb_add(&b, line);
    free(line);
    if (d->instruction) {
      line = fmt_str("  at: %s\n", d->instruction);
      if (line) sb_add(&b, line);
      free(line);
    }
  }
  return sb_take(&b);
}

size_t crlh_count_diags(const crl_result *r, crl_severity sev) {
  size_t k = 0, n = r ? crl_result_num_diags(r) : 0;
  for (size_t i = 0; i < n; i++)
    if (crl_result_diag(r, i)->severity == sev) k++;
  return k;
}

/* ---- verify ---- */

int crlh_verify(crlh_ctx *c, char **err) {
  if (err) *err = NULL;
  if (!c) return -1;
  char *msg = NULL;
  int bad = LLVMVerifyModule(c->mod, LLVMReturnStatusAction, &msg);
  if (bad) set_err(err, fmt_str("module fails the verifier: %s", msg ? msg : ""));
  LLVMDisposeMessage(msg);
  return bad ? -1 : 0;
}

static int has_presplit_attr(LLVMValueRef f) {
  unsigned kind = LLVMGetEnumAttributeKindForName("presplitcoroutine", 17);
  return LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, kind) != NULL;
}

int crlh_check_lowered(crlh_ctx *c, char **err) {
  if (err) *err = NULL;
  if (!c) return -1;
  sbuf b = {0};
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f)) {
    size_t len = 0;
    const char *fname = LLVMGetValueName2(f, &len);
    if (has_presplit_attr(f)) {
      char *m = fmt_str("function '%s' is still presplitcoroutine\n", fname);
      if (m) sb_add(&b, m);
      free(m);
    }
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb;
         bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
           i = LLVMGetNextInstruction(i)) {
        if (!LLVMIsACallInst(i) && !LLVMIsAInvokeInst(i)) continue;
        LLVMValueRef callee = LLVMGetCalledValue(i);
        if (!callee || !LLVMIsAFunction(callee)) continue;
        size_t cl = 0;
        const char *cn = LLVMGetValueName2(callee, &cl);
        if (cl >= 10 && !strncmp(cn, "llvm.coro.", 10)) {
          char *m = fmt_str("function '%s' still calls %s\n", fname, cn);
          if (m) sb_add(&b, m);
          free(m);
        }
      }
  }
  if (b.n == 0) {
    free(b.s);
    return 0;
  }
  set_err(err, sb_take(&b));
  return -1;
}

/* ---- JIT ---- */

int crlh_add_symbol(crlh_ctx *c, const char *name, void *addr) {
  if (!c || !name || c->num_syms >= CRLH_MAX_SYMBOLS) return -1;
  char *n = dup_str(name);
  if (!n) return -1;
  c->syms[c->num_syms].name = n;
  c->syms[c->num_syms].addr = addr;
  c->num_syms++;
  return 0;
}

/* The context whose run is in progress on this thread: the hook appends
 * there. JIT'd code runs on the calling thread. */
static _Thread_local crlh_ctx *current;

static void trace_hook(int64_t v) {
  crlh_ctx *c = current;
  if (!c) return;
  if (c->trace_n == c->trace_cap) {
    size_t cap = c->trace_cap ? 2 * c->trace_cap : 16;
    int64_t *nt = realloc(c->trace, cap * sizeof *nt);
    if (!nt) {
      c->trace_oom = 1;
      return;
    }
    c->trace = nt;
    c->trace_cap = cap;
  }
  c->trace[c->trace_n++] = v;
}

static pthread_once_t native_once = PTHREAD_ONCE_INIT;
static int native_ok;

static void init_native(void) {
  native_ok = !LLVMInitializeNativeTarget() && !LLVMInitializeNativeAsmPrinter();
}

static char *take_error(LLVMErrorRef e, const char *what) {
  char *m = LLVMGetErrorMessage(e);
  char *r = fmt_str("%s: %s", what, m ? m : "unknown error");
  LLVMDisposeErrorMessage(m);
  return r;
}

/* How to call fn: 0 void, else the integer width. -1: unsupported. */
static int return_width(LLVMValueRef fn, char **err) {
  LLVMTypeRef fty = LLVMGlobalGetValueType(fn);
  if (LLVMCountParamTypes(fty) != 0 || LLVMIsFunctionVarArg(fty)) {
    set_err(err, dup_str("the function to run must take no arguments"));
    return -1;
  }
  LLVMTypeRef rt = LLVMGetReturnType(fty);
  if (LLVMGetTypeKind(rt) == LLVMVoidTypeKind) return 0;
  if (LLVMGetTypeKind(rt) == LLVMIntegerTypeKind) {
    unsigned w = LLVMGetIntTypeWidth(rt);
    if (w == 1 || w == 8 || w == 16 || w == 32 || w == 64) return (int)w;
  }
  set_err(err, dup_str("the function to run must return void or i1/i8/i16/i32/i64"));
  return -1;
}

/* Session errors (e.g. unresolved symbols) go to the run's message rather
 * than to stderr. */
static void report_session_error(void *vctx, LLVMErrorRef e) {
  sbuf *b = vctx;
  char *m = LLVMGetErrorMessage(e);
  sb_add(b, b->n ? "; " : "");
  sb_add(b, m ? m : "unknown JIT error");
  LLVMDisposeErrorMessage(m);
}

static int define_symbols(crlh_ctx *c, LLVMOrcLLJITRef jit, LLVMOrcJITDylibRef jd,
                          char **err) {
  size_t n = c->num_syms + 1;
  LLVMOrcCSymbolMapPair *pairs = calloc(n, sizeof *pairs);
  if (!pairs) return -1;
  LLVMJITSymbolFlags flags = {
      LLVMJITSymbolGenericFlagsExported | LLVMJITSymbolGenericFlagsCallable, 0};
  pairs[0].Name = LLVMOrcLLJITMangleAndIntern(jit, "trace");
  pairs[0].Sym.Address = (LLVMOrcExecutorAddress)(uintptr_t)&trace_hook;
  pairs[0].Sym.Flags = flags;
  for (size_t k = 0; k < c->num_syms; k++) {
    pairs[k + 1].Name = LLVMOrcLLJITMangleAndIntern(jit, c->syms[k].name);
    pairs[k + 1].Sym.Address = (LLVMOrcExecutorAddress)(uintptr_t)c->syms[k].addr;
    pairs[k + 1].Sym.Flags = flags;
  }
  LLVMOrcMaterializationUnitRef mu = LLVMOrcAbsoluteSymbols(pairs, n);
  free(pairs);
  LLVMErrorRef e = LLVMOrcJITDylibDefine(jd, mu);
  if (e) {
    LLVMOrcDisposeMaterializationUnit(mu);
    set_err(err, take_error(e, "cannot define the harness symbols"));
    return -1;
  }
  return 0;
}

int crlh_run(crlh_ctx *c, const char *fn_name, int64_t *ret, char **err) {
  if (err) *err = NULL;
  if (ret) *ret = 0;
  if (!c || !fn_name) return -1;
  c->trace_n = 0;
  c->trace_oom = 0;
  LLVMValueRef fn = LLVMGetNamedFunction(c->mod, fn_name);
  if (!fn || LLVMIsDeclaration(fn)) {
    set_err(err, fmt_str("no function '%s' defined in the module", fn_name));
    return -1;
  }
  int width = return_width(fn, err);
  if (width < 0) return -1;
  if (crlh_verify(c, err) != 0) return -1;
  pthread_once(&native_once, init_native);
  if (!native_ok) {
    set_err(err, dup_str("cannot initialise the native target"));
    return -1;
  }

  /* Copy the module into a context of its own for the JIT. */
  LLVMMemoryBufferRef bc = LLVMWriteBitcodeToMemoryBuffer(c->mod);
  LLVMContextRef jctx = LLVMContextCreate();
  LLVMModuleRef jmod = NULL;
  if (LLVMParseBitcodeInContext2(jctx, bc, &jmod)) {
    LLVMDisposeMemoryBuffer(bc);
    LLVMContextDispose(jctx);
    set_err(err, dup_str("cannot copy the module for the JIT"));
    return -1;
  }
  LLVMDisposeMemoryBuffer(bc);
  LLVMOrcThreadSafeContextRef tsc =
      LLVMOrcCreateNewThreadSafeContextFromLLVMContext(jctx);
  LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(jmod, tsc);
  LLVMOrcDisposeThreadSafeContext(tsc);

  LLVMOrcLLJITRef jit = NULL;
  LLVMErrorRef e = LLVMOrcCreateLLJIT(&jit, NULL);
  if (e) {
    LLVMOrcDisposeThreadSafeModule(tsm);
    set_err(err, take_error(e, "cannot create the JIT"));
    return -1;
  }
  int rc = -1;
  sbuf session_errors = {0};
  LLVMOrcExecutionSessionSetErrorReporter(LLVMOrcLLJITGetExecutionSession(jit),
                                          report_session_error, &session_errors);
  LLVMOrcJITDylibRef jd = LLVMOrcLLJITGetMainJITDylib(jit);
  LLVMOrcDefinitionGeneratorRef gen = NULL;
  e = LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(
      &gen, LLVMOrcLLJITGetGlobalPrefix(jit), NULL, NULL);
  if (e) {
    LLVMOrcDisposeThreadSafeModule(tsm);
    set_err(err, take_error(e, "cannot search the process's symbols"));
    goto out;
  }
  LLVMOrcJITDylibAddGenerator(jd, gen);
  if (define_symbols(c, jit, jd, err) != 0) {
    LLVMOrcDisposeThreadSafeModule(tsm);
    goto out;
  }
  e = LLVMOrcLLJITAddLLVMIRModule(jit, jd, tsm);
  if (e) {
    LLVMOrcDisposeThreadSafeModule(tsm);
    set_err(err, take_error(e, "cannot add the module to the JIT"));
    goto out;
  }
  LLVMOrcExecutorAddress addr = 0;
  e = LLVMOrcLLJITLookup(jit, &addr, fn_name);
  if (e) {
    char *m = take_error(e, "cannot compile or find the function");
    if (session_errors.n)
      set_err(err, fmt_str("%s (%s)", m ? m : "", session_errors.s));
    else
      set_err(err, m), m = NULL;
    free(m);
    goto out;
  }
  crlh_ctx *saved = current;
  current = c;
  int64_t r = 0;
  switch (width) {
  case 0: ((void (*)(void))(uintptr_t)addr)(); break;
  case 1: r = ((uint8_t (*)(void))(uintptr_t)addr)() & 1; break;
  case 8: r = ((int8_t (*)(void))(uintptr_t)addr)(); break;
  case 16: r = ((int16_t (*)(void))(uintptr_t)addr)(); break;
  case 32: r = ((int32_t (*)(void))(uintptr_t)addr)(); break;
  default: r = ((int64_t (*)(void))(uintptr_t)addr)(); break;
  }
  current = saved;
  if (ret) *ret = r;
  if (c->trace_oom) {
    set_err(err, dup_str("out of memory recording the trace"));
    goto out;
  }
  rc = 0;
out:
  e = LLVMOrcDisposeLLJIT(jit);
  if (e) {
    if (rc == 0) set_err(err, take_error(e, "cannot dispose of the JIT"));
    else LLVMConsumeError(e);
    rc = -1;
  }
  free(session_errors.s);
  return rc;
}

const int64_t *crlh_trace(crlh_ctx *c, size_t *n) {
  if (n) *n = c ? c->trace_n : 0;
  return c ? c->trace : NULL;
}

char *crlh_trace_string(crlh_ctx *c) {
  sbuf b = {0};
  for (size_t k = 0; c && k < c->trace_n; k++) {
    char num[32];
    snprintf(num, sizeof num, k ? " %lld" : "%lld", (long long)c->trace[k]);
    sb_add(&b, num);
  }
  return sb_take(&b);
}

/* ---- print, free ---- */

char *crlh_print(crlh_ctx *c) {
  if (!c) return NULL;
  char *s = LLVMPrintModuleToString(c->mod);
  char *r = dup_str(s);
  LLVMDisposeMessage(s);
  return r;
}

char *crlh_print_function(crlh_ctx *c, const char *name) {
  LLVMValueRef f = crlh_function(c, name);
  if (!f) return NULL;
  char *s = LLVMPrintValueToString(f);
  char *r = dup_str(s);
  LLVMDisposeMessage(s);
  return r;
}

void crlh_free(crlh_ctx *c) {
  if (!c) return;
  if (c->result) crl_result_free(c->result);
  for (size_t k = 0; k < c->num_syms; k++) free(c->syms[k].name);
  free(c->trace);
  LLVMDisposeModule(c->mod);
  LLVMContextDispose(c->llctx);
  free(c);
}
