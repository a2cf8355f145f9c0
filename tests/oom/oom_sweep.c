/* The out-of-memory sweep (issue 28): for each input, lowers it once to
 * count the allocations corolower's code makes, then once per allocation
 * with that one failed (each run in a child process, so that a crash is
 * counted, not fatal). Every run must end in one of two ways:
 *   - lowered as without the failure (the failure was absorbed), the
 *     output byte-identical to the undisturbed run's; or
 *   - refused with an "out of memory" error, the module byte-identical to
 *     the input (crl_lower_module's contract);
 * and free every block it allocated once the result is freed. A crash, an
 * abort, another error, a changed module or a leak is a failure.
 *
 * Usage: oom_sweep [--every K] FILE.ll...   (K: sweep every Kth allocation)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>

#include "corolower/corolower.h"
#include "tests/oom/fail_alloc.h"

enum { RUN_LOWERED = 0, RUN_REFUSED = 1, RUN_NOT_FAILED = 2, RUN_CHANGED_OK = 10,
       RUN_OTHER_ERROR = 11, RUN_CHANGED_REFUSED = 12, RUN_LEAK = 13, RUN_PARSE = 14 };

static LLVMModuleRef parse(LLVMContextRef ctx, const char *path) {
  LLVMMemoryBufferRef buf;
  LLVMModuleRef m;
  char *msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg)) return NULL;
  if (LLVMParseIRInContext(ctx, buf, &m, &msg)) {
    LLVMDisposeMessage(msg);
    return NULL;
  }
  return m;
}

static int says_out_of_memory(const crl_result *r) {
  for (size_t i = 0; i < crl_result_num_diags(r); i++) {
    const crl_diag *d = crl_result_diag(r, i);
    if (d->severity == CRL_SEV_ERROR && strstr(d->message, "out of memory")) return 1;
  }
  return 0;
}

static int any_lowered(const crl_result *r) {
  for (size_t i = 0; i < crl_result_num_coroutines(r); i++)
    if (crl_result_coroutine_lowered(r, i)) return 1;
  return 0;
}

/* One run with allocation `nth` failed (0: none); `want` is the
 * undisturbed output (NULL: print it to *out instead). */
static int run(const char *path, unsigned long nth, const char *want, char **out,
               unsigned long *count) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse(ctx, path);
  if (!m) return RUN_PARSE;
  /* As the CLI does: an older dialect's repair is the contract's one
   * exception (it stays repaired), so the module compared is repaired. */
  crl_repair_legacy_module(m);
  char *before = LLVMPrintModuleToString(m);
  crl_options opts;
  crl_options_init(&opts);
  fa_arm(nth);
  crl_result *r = crl_lower_module(m, &opts);
  fa_disarm();
  if (count) *count = fa_count();
  char *after = LLVMPrintModuleToString(m);
  int rc;
  if (nth && !fa_failed()) rc = RUN_NOT_FAILED;
  else if (!r) rc = strcmp(before, after) ? RUN_CHANGED_REFUSED : RUN_REFUSED;
  else if (crl_result_ok(r)) rc = want && strcmp(want, after) ? RUN_CHANGED_OK : RUN_LOWERED;
  else if (!says_out_of_memory(r)) rc = RUN_OTHER_ERROR;
  else if (!any_lowered(r)) rc = strcmp(before, after) ? RUN_CHANGED_REFUSED : RUN_REFUSED;
  /* Some coroutines lowered, the refused ones put back: the module must be
   * valid (tests/rollback and coro_mutate.py compare refused functions). */
  else rc = LLVMVerifyModule(m, LLVMReturnStatusAction, NULL) ? RUN_CHANGED_REFUSED : RUN_REFUSED;
  if (getenv("OOM_ONLY")) {
    for (size_t i = 0; r && i < crl_result_num_diags(r); i++)
      fprintf(stderr, "diag: %s: %s\n", crl_result_diag(r, i)->function ? crl_result_diag(r, i)->function : "",
              crl_result_diag(r, i)->message);
    FILE *f = fopen("/tmp/oom_only.ll", "w");
    if (f) fputs(after, f), fclose(f);
  }
  crl_result_free(r);
  if (rc <= RUN_REFUSED && fa_live() != 0) rc = RUN_LEAK;
  if (out) *out = strdup(after);
  LLVMDisposeMessage(before);
  LLVMDisposeMessage(after);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return rc;
}

static const char *why(int status) {
  switch (status) {
  case RUN_CHANGED_OK: return "lowered, but the output differs from the undisturbed run's";
  case RUN_OTHER_ERROR: return "an error other than \"out of memory\"";
  case RUN_CHANGED_REFUSED: return "refused, but the module changed";
  case RUN_LEAK: return "blocks left allocated after the result was freed";
  case RUN_NOT_FAILED: return "the allocation was never made";
  default: return "crashed";
  }
}

static int sweep(const char *path, unsigned long every, unsigned long *runs_total) {
  char *want = NULL;
  unsigned long total = 0;
  int rc0 = run(path, 0, NULL, &want, &total);
  size_t sites = fa_sites();
  if (rc0 != RUN_LOWERED) {
    printf("%s: does not lower without failures (%d)\n", path, rc0);
    free(want);
    return 1;
  }
  unsigned long lowered = 0, refused = 0, bad = 0, runs = 0;
  unsigned long kinds[256] = {0}, first[256] = {0};
  for (unsigned long k = 1; k <= total; k += every) {
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) _exit(run(path, k, want, NULL, NULL));
    int st = 0;
    waitpid(pid, &st, 0);
    int code = WIFEXITED(st) ? WEXITSTATUS(st) : 100 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
    runs++;
    if (code == RUN_LOWERED) lowered++;
    else if (code == RUN_REFUSED) refused++;
    else {
      bad++;
      if (!kinds[code & 255]++) first[code & 255] = k;
    }
  }
  for (int code = 0; code < 256; code++)
    if (kinds[code])
      printf("%s: %lu runs: %s (status %d; the first: allocation %lu failed)\n", path,
             kinds[code], why(code), code, first[code]);
  printf("%s: %lu allocations from %zu sites; %lu runs: %lu refused out of memory, "
         "%lu lowered as without the failure, %lu failures\n",
         path, total, sites, runs, refused, lowered, bad);
  *runs_total += runs;
  free(want);
  return bad != 0;
}

int main(int argc, char **argv) {
  unsigned long every = 1, runs = 0;
  int i = 1, fails = 0, files = 0;
  if (argc > 2 && !strcmp(argv[1], "--every")) {
    every = strtoul(argv[2], NULL, 10);
    if (!every) every = 1;
    i = 3;
  }
  /* OOM_ONLY=K: run allocation K's failure in this process (a debugger's
   * view of one failing run). */
  if (getenv("OOM_ONLY") && i < argc) {
    int rc = run(argv[i], strtoul(getenv("OOM_ONLY"), NULL, 10), NULL, NULL, NULL);
    printf("%s\n", rc <= RUN_REFUSED ? "ok" : why(rc));
    return rc <= RUN_REFUSED ? 0 : 1;
  }
  for (; i < argc; i++, files++) fails += sweep(argv[i], every, &runs);
  printf("oom_sweep: %d files, %lu runs, %zu allocation sites reached, %d files with failures\n",
         files, runs, fa_all_sites(), fails);
  return fails || !files ? 1 : 0;
}
