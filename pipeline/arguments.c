#include "pipeline/arguments.h"
#include "irkit/oom.h"

#include <stdlib.h>
#include <string.h>

#include <llvm-c/IRReader.h>

#include "coro/coro.h"

/* The result that answers a misuse, created on the first diagnostic. */
static crl_result *answer(crl_result **out, int *failed) {
  if (!*out) *out = crl_result_new();
  if (!*out) *failed = 1; /* out of memory: the call still must not go on */
  return *out;
}

/* The string as the body of an IR string constant: quotes, backslashes
 * and unprintable bytes as \XX. */
static char *ir_string(const char *s) {
  size_t n = strlen(s);
  char *r = crl_malloc(3 * n + 1), *p = r;
  for (; r && *s; s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch < 0x20 || ch >= 0x7f || ch == '"' || ch == '\\') {
      *p++ = '\\';
      *p++ = "0123456789ABCDEF"[ch >> 4];
      *p++ = "0123456789ABCDEF"[ch & 15];
    } else {
      *p++ = (char)ch;
    }
  }
  if (r) *p = 0;
  return r;
}

/* What is wrong with a data layout string, or NULL. LLVM aborts the
 * process on a layout it cannot parse where the C API sets one
 * (LLVMSetDataLayout, LLVMCreateTargetData), but its IR parser reports it:
 * so the string is parsed as a one-line module in a context of its own.
 * The message is LLVM's (dispose with LLVMDisposeMessage). */
static char *layout_error(const char *dl) {
  static const char head[] = "target datalayout = \"";
  char *body = ir_string(dl);
  size_t n = sizeof head + (body ? strlen(body) : 0) + 2;
  char *text = body ? crl_malloc(n) : NULL;
  if (!text) {
    free(body);
    return NULL; /* no room to check: crl_lower_* runs out of memory too */
  }
  strcpy(text, head);
  strcat(text, body);
  strcat(text, "\"\n");
  free(body);
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMMemoryBufferRef buf =
      LLVMCreateMemoryBufferWithMemoryRangeCopy(text, strlen(text), "data_layout");
  free(text);
  LLVMModuleRef m = NULL;
  char *msg = NULL;
  if (!LLVMParseIRInContext(ctx, buf, &m, &msg)) LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return msg;
}

/* LLVM's message without its "name:line:column: error: " and the echoed
 * source line after it. */
static const char *first_line(char *msg) {
  char *nl = strchr(msg, '\n');
  if (nl) *nl = 0;
  const char *e = strstr(msg, "error: ");
  return e ? e + 7 : msg;
}

static void check_options(const crl_options *o, crl_result **out, int *failed) {
  if (!o) return; /* NULL: the defaults */
  unsigned unknown = o->allowed_abis & ~(unsigned)CRL_ABI_ALL;
  if (unknown)
    crl_diagf(answer(out, failed), CRL_SEV_ERROR, NULL, NULL,
              "crl_options.allowed_abis: 0x%x names no ABI (known: 0x%x)", unknown,
              (unsigned)CRL_ABI_ALL);
  char *msg = o->data_layout ? layout_error(o->data_layout) : NULL;
  if (msg)
    crl_diagf(answer(out, failed), CRL_SEV_ERROR, NULL, NULL,
              "crl_options.data_layout: '%s' is not a data layout: %s", o->data_layout,
              first_line(msg));
  LLVMDisposeMessage(msg);
}

static int done(crl_result *out, int failed) {
  return failed || (out && !crl_result_ok(out));
}

int crl_misused_module(LLVMModuleRef m, const crl_options *opts, crl_result **out) {
  int failed = 0;
  *out = NULL;
  if (!m)
    crl_diagf(answer(out, &failed), CRL_SEV_ERROR, NULL, NULL,
              "crl_lower_module: the module is NULL");
  check_options(opts, out, &failed);
  return done(*out, failed);
}

int crl_misused_function(LLVMValueRef fn, const crl_options *opts, crl_result **out) {
  int failed = 0;
  *out = NULL;
  if (!fn)
    crl_diagf(answer(out, &failed), CRL_SEV_ERROR, NULL, NULL,
              "crl_lower_function: the function is NULL");
  else if (!LLVMIsAFunction(fn))
    crl_diagf(answer(out, &failed), CRL_SEV_ERROR, NULL, NULL,
              "crl_lower_function: the value is not a function");
  else if (LLVMIsDeclaration(fn))
    crl_diagf(answer(out, &failed), CRL_SEV_ERROR, fn, NULL,
              "crl_lower_function: a declaration, not a coroutine");
  check_options(opts, out, &failed);
  if (done(*out, failed)) return 1;
  /* Also what a second call on the same function finds. */
  if (crl_is_presplit(fn) || crl_calls_coro_intrinsic(fn)) return 0;
  crl_diagf(answer(out, &failed), CRL_SEV_WARNING, fn, NULL,
            "crl_lower_function: not a coroutine (neither presplitcoroutine nor a "
            "coroutine intrinsic): nothing to lower");
  return 1;
}
