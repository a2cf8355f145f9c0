/* passes_driver: what an embedding compiler pays for coroutine lowering,
 * LLVM's coroutine passes against corolower's library call, in one process
 * on the same parsed module (issue 14, section 2).
 *
 *   passes_driver [--mode=MODE] [--repeat N] [--time] [--check] IN
 *
 * IN (textual IR or bitcode) is parsed and verified once. Then, N times
 * (default 1), the parsed module is cloned (LLVMCloneModule), the clone is
 * lowered according to MODE and disposed of:
 *   parse      nothing (parsing and cloning only: the baseline to subtract)
 *   llvm       bench_run_llvm: LLVMRunPasses(clone,
 *              "coro-early,cgscc(coro-split),coro-cleanup", no target
 *              machine, default options: no verifier, as an embedding
 *              compiler would run them)
 *   corolower  bench_run_corolower: crl_lower_module(clone, default options)
 *              and crl_result_free (the library verifies the functions it
 *              changed or added; that is part of what a user pays)
 *   both       one clone through each, in that order (a sanity mode)
 *
 * Only the two bench_run_* functions do the lowering, so
 *   valgrind --tool=callgrind --toggle-collect=bench_run_llvm ...
 * counts the instructions of LLVM's passes alone (likewise
 * bench_run_corolower); parsing, cloning and disposal are outside.
 *
 * --time   print to stderr the wall-clock seconds spent inside bench_run_*
 *          (CLOCK_MONOTONIC around the call only): total, minimum and
 *          median over the N repetitions, as
 *          "time MODE total=S min=S median=S repeat=N"
 * --check  after each lowering, verify the clone and check that no call to
 *          an llvm.coro.* intrinsic is left; print one summary line per mode
 *          (outside the timed calls; not for measurements)
 *
 * Exit status 0 on success, 1 on any error (parse, verify, lowering, check).
 * The driver writes nothing but its messages to stdout/stderr. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/Error.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "corolower/corolower.h"

static const char *const llvm_pipeline =
    "coro-early,cgscc(coro-split),coro-cleanup";

/* Kept out of line and external, so callgrind sees them by name. */
__attribute__((noinline)) int bench_run_llvm(LLVMModuleRef m);
__attribute__((noinline)) int bench_run_corolower(LLVMModuleRef m);

__attribute__((noinline)) int bench_run_llvm(LLVMModuleRef m) {
  LLVMPassBuilderOptionsRef o = LLVMCreatePassBuilderOptions();
  LLVMErrorRef err = LLVMRunPasses(m, llvm_pipeline, NULL, o);
  LLVMDisposePassBuilderOptions(o);
  if (err) {
    char *msg = LLVMGetErrorMessage(err);
    fprintf(stderr, "passes_driver: LLVMRunPasses: %s\n", msg);
    LLVMDisposeErrorMessage(msg);
    return 1;
  }
  return 0;
}

/* --no-verify: crl_options.skip_output_verify and skip_frame_report, as
 * LLVM's passes here run without a verifier and build no report. */
static int no_verify;

__attribute__((noinline)) int bench_run_corolower(LLVMModuleRef m) {
  crl_options opts;
  crl_options_init(&opts);
  opts.skip_output_verify = no_verify;
  opts.skip_frame_report = no_verify;
  crl_result *r = crl_lower_module(m, &opts);
  if (!r) {
    fprintf(stderr, "passes_driver: crl_lower_module: out of memory\n");
    return 1;
  }
  int ok = crl_result_ok(r);
  if (!ok) {
    for (size_t i = 0; i < crl_result_num_diags(r); i++) {
      const crl_diag *d = crl_result_diag(r, i);
      fprintf(stderr, "passes_driver: corolower: %s%s%s\n",
              d->function ? d->function : "", d->function ? ": " : "",
              d->message);
    }
  }
  crl_result_free(r);
  return ok ? 0 : 1;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Calls left to llvm.coro.* intrinsics, and the defined functions. */
static int check_lowered(LLVMModuleRef m, const char *mode) {
  char *msg = NULL;
  if (LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
    fprintf(stderr, "passes_driver: %s: output fails the verifier: %s\n",
            mode, msg ? msg : "");
    LLVMDisposeMessage(msg);
    return 1;
  }
  LLVMDisposeMessage(msg);
  unsigned defined = 0, coro_calls = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f;
       f = LLVMGetNextFunction(f)) {
    size_t len = 0;
    const char *name = LLVMGetValueName2(f, &len);
    if (!LLVMIsDeclaration(f)) defined++;
    if (len > 10 && !strncmp(name, "llvm.coro.", 10))
      for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u))
        coro_calls++;
  }
  printf("check %s: verified, %u defined functions, %u uses of llvm.coro.* "
         "left\n", mode, defined, coro_calls);
  if (coro_calls) {
    fprintf(stderr, "passes_driver: %s: llvm.coro.* intrinsics left\n", mode);
    return 1;
  }
  return 0;
}

static void usage(void) {
  fputs("usage: passes_driver [--mode=parse|llvm|corolower|both] "
        "[--repeat N] [--time] [--check] [--no-verify] IN\n", stderr);
}

int main(int argc, char **argv) {
  const char *mode = "both", *in = NULL;
  long repeat = 1;
  int timing = 0, check = 0;
  for (int i = 1; i < argc; i++) {
    const char *s = argv[i];
    if (!strncmp(s, "--mode=", 7)) {
      mode = s + 7;
    } else if (!strcmp(s, "--repeat") && i + 1 < argc) {
      repeat = strtol(argv[++i], NULL, 10);
    } else if (!strncmp(s, "--repeat=", 9)) {
      repeat = strtol(s + 9, NULL, 10);
    } else if (!strcmp(s, "--time")) {
      timing = 1;
    } else if (!strcmp(s, "--check")) {
      check = 1;
    } else if (!strcmp(s, "--no-verify")) {
      no_verify = 1;
    } else if (!strcmp(s, "--help") || !strcmp(s, "-h")) {
      usage();
      return 0;
    } else if (s[0] == '-' && s[1]) {
      usage();
      return 1;
    } else {
      in = s;
    }
  }
  int do_llvm = !strcmp(mode, "llvm") || !strcmp(mode, "both");
  int do_crl = !strcmp(mode, "corolower") || !strcmp(mode, "both");
  if (!in || repeat < 1 || (!do_llvm && !do_crl && strcmp(mode, "parse"))) {
    usage();
    return 1;
  }

  LLVMContextRef ctx = LLVMContextCreate();
  LLVMMemoryBufferRef buf = NULL;
  char *msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(in, &buf, &msg)) {
    fprintf(stderr, "passes_driver: cannot read '%s': %s\n", in,
            msg ? msg : "");
    return 1;
  }
  LLVMModuleRef orig = NULL;
  if (LLVMParseIRInContext(ctx, buf, &orig, &msg)) {
    fprintf(stderr, "passes_driver: cannot parse '%s': %s\n", in,
            msg ? msg : "");
    return 1;
  }
  if (LLVMVerifyModule(orig, LLVMReturnStatusAction, &msg)) {
    fprintf(stderr, "passes_driver: '%s' is not valid IR: %s\n", in,
            msg ? msg : "");
    return 1;
  }
  LLVMDisposeMessage(msg);

  double *t_llvm = calloc((size_t)repeat, sizeof(double));
  double *t_crl = calloc((size_t)repeat, sizeof(double));
  if (!t_llvm || !t_crl) return 1;
  int rc = 0;
  for (long k = 0; k < repeat && rc == 0; k++) {
    if (do_llvm) {
      LLVMModuleRef m = LLVMCloneModule(orig);
      double t0 = now();
      rc |= bench_run_llvm(m);
      t_llvm[k] = now() - t0;
      if (check && rc == 0 && k == 0) rc |= check_lowered(m, "llvm");
      LLVMDisposeModule(m);
    }
    if (do_crl) {
      LLVMModuleRef m = LLVMCloneModule(orig);
      double t0 = now();
      rc |= bench_run_corolower(m);
      t_crl[k] = now() - t0;
      if (check && rc == 0 && k == 0) rc |= check_lowered(m, "corolower");
      LLVMDisposeModule(m);
    }
    if (!do_llvm && !do_crl) LLVMDisposeModule(LLVMCloneModule(orig));
  }

  if (timing && rc == 0) {
    for (int w = 0; w < 2; w++) {
      if (!(w == 0 ? do_llvm : do_crl)) continue;
      double *t = w == 0 ? t_llvm : t_crl, total = 0;
      for (long k = 0; k < repeat; k++) total += t[k];
      qsort(t, (size_t)repeat, sizeof(double), cmp_double);
      double med = repeat % 2 ? t[repeat / 2]
                              : (t[repeat / 2 - 1] + t[repeat / 2]) / 2;
      fprintf(stderr, "time %s total=%.6f min=%.6f median=%.6f repeat=%ld\n",
              w == 0 ? "llvm" : "corolower", total, t[0], med, repeat);
    }
  }
  free(t_llvm);
  free(t_crl);
  /* No teardown of the parsed module and context, as the CLI at exit. */
  return rc;
}
