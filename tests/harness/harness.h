/* crlh: the C test harness that GoogleTest suites drive.
 *
 * One crlh_ctx owns an LLVMContext and one module parsed from IR text. The
 * harness lowers it with corolower, verifies it, and JIT-executes a function
 * of it with LLVM's ORC LLJIT. JIT'd code may call
 *
 *     declare void @trace(i64)
 *
 * which appends its argument to the context's trace, plus anything the
 * process defines (malloc, free, ...) and symbols added with
 * crlh_add_symbol.
 *
 * Conventions: functions returning int give 0 on success and -1 on failure;
 * `char **err` may be NULL, otherwise it receives a malloc'd message on
 * failure (NULL on success) that the caller frees with free(). Strings
 * returned by crlh_* are malloc'd and freed with free(). Pure C11. */
#ifndef COROLOWER_TESTS_HARNESS_H
#define COROLOWER_TESTS_HARNESS_H

#include <stddef.h>
#include <stdint.h>

#include <llvm-c/Core.h>

#include "corolower/corolower.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct crlh_ctx crlh_ctx;

/* Parses textual IR (or bitcode) into a module in a fresh LLVMContext.
 * Does not verify (tests may want invalid-but-parsable IR). NULL on a parse
 * error, with the parser's message (line:column) in *err. */
crlh_ctx *crlh_parse(const char *ir, char **err);

/* The module and context (owned by ctx; valid until crlh_free). */
LLVMModuleRef crlh_module(crlh_ctx *ctx);
LLVMContextRef crlh_context(crlh_ctx *ctx);
/* A function of the module by name, or NULL. */
LLVMValueRef crlh_function(crlh_ctx *ctx, const char *name);

/* Runs crl_lower_module on the module (opts NULL: crl_options_init's
 * defaults). The result is owned by ctx and stays valid until the next
 * crlh_lower or crlh_free; never NULL unless out of memory. */
crl_result *crlh_lower(crlh_ctx *ctx, const crl_options *opts);
/* Lowers the module with LLVM's own passes instead (the reference to
 * compare against): coro-early, cgscc(coro-split), coro-cleanup, in
 * process through LLVMRunPasses. LLVM's old-dialect upgrade problem (the
 * two-operand coro.end) is not repaired here. */
int crlh_lower_llvm(crlh_ctx *ctx, char **err);

/* The last result of crlh_lower, or NULL. */
crl_result *crlh_last_result(crlh_ctx *ctx);

/* Every diagnostic of a result, one per line, as the CLI prints them:
 * "error: in function 'f': message\n  at: <instruction>\n". */
char *crlh_diags_string(const crl_result *r);
/* Number of diagnostics of the given severity. */
size_t crlh_count_diags(const crl_result *r, crl_severity sev);

/* Runs LLVM's verifier on the module. */
int crlh_verify(crlh_ctx *ctx, char **err);

/* Checks that lowering left nothing presplit: no function with the
 * presplitcoroutine attribute and no call to a function named llvm.coro.*.
 * Independent of the library's own checks (works by name). */
int crlh_check_lowered(crlh_ctx *ctx, char **err);

/* Makes `name` resolve to `addr` in the JIT'd code of later crlh_run calls
 * (for extra hooks a test defines in C). Up to 32 symbols. */
int crlh_add_symbol(crlh_ctx *ctx, const char *name, void *addr);

/* JIT-executes `fn`, which must take no arguments and return void or an
 * integer type of at most 64 bits (sign-extended into *ret; 0 for void).
 * The module is copied into the JIT, so ctx's module stays usable; an
 * invalid module is refused. The trace is cleared first, then filled by
 * the calls to @trace made during this run. */
int crlh_run(crlh_ctx *ctx, const char *fn, int64_t *ret, char **err);

/* The trace of the last run (owned by ctx) and its length. */
const int64_t *crlh_trace(crlh_ctx *ctx, size_t *n);
/* The trace as "1 2 3" ("" when empty). */
char *crlh_trace_string(crlh_ctx *ctx);

/* The module as text. */
char *crlh_print(crlh_ctx *ctx);
/* One function as text, or NULL if there is none of that name. */
char *crlh_print_function(crlh_ctx *ctx, const char *name);

void crlh_free(crlh_ctx *ctx);

#ifdef __cplusplus
}
#endif

#endif
