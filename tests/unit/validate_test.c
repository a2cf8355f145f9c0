/* Validation changes nothing: on every corpus input (valid or malformed),
 * the IR after each coroutine's lowering ran init and validate prints as
 * it did before them. IR changes start with the normalize step, so a
 * refusal decided by validation leaves the coroutine untouched (the ground
 * the rollback, and a fallback to LLVM's passes, stand on). C, since the
 * library's internal headers are C. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/IRReader.h>

#include "coro/lowering.h"
#include "frame/frame.h"
#include "irkit/blocks.h"
#include "irkit/unwind.h"
#include "pipeline/coroutine.h"
#include "pipeline/lowerings.h"
#include "targets/targets.h"

static const char *const dirs[] = {
    "tests/lit",         "tests/async/cases",     "tests/async/malformed",
    "tests/malformed/inputs", "tests/retcon/cases", "tests/retcon/cases_multi_end",
    "tests/retcon/malformed", "tests/seeds"};

static int files, coroutines, refused, changed;

/* Steps fn through shape, init and validate as the pipeline does; counts
 * a change of the module's text between before init and after validate. */
static void check_one(const crl_run *r, LLVMValueRef fn, const char *file) {
  crl_calls_for_nounwind_invokes(fn);
  crl_frame_simplify(fn);
  crl_coro c;
  crl_shape shape = {0};
  crl_coro_start(&c, r, fn, NULL);
  c.shape = &shape;
  crl_valmap_init(&c.frame.field_of, 4);
  if (crl_shape_build(&c, &shape) == 0) {
    size_t nl, k = crl_find_lowering(r->opts, shape.abi);
    c.low = k == SIZE_MAX ? NULL : crl_run_lowerings(r->opts, &nl)[k];
  }
  if (c.low) {
    coroutines++;
    char *before = LLVMPrintModuleToString(r->m);
    int rc = c.low->init ? c.low->init(&c) : 0;
    if (rc == 0 && c.low->validate) rc = c.low->validate(&c);
    refused += rc != 0;
    char *after = LLVMPrintModuleToString(r->m);
    if (strcmp(before, after) != 0) {
      changed++;
      size_t n;
      printf("FAIL %s: init or validate changed the IR of %s\n", file,
             LLVMGetValueName2(fn, &n));
    }
    LLVMDisposeMessage(before);
    LLVMDisposeMessage(after);
    if (c.low->release) c.low->release(&c);
  }
  crl_valmap_free(&c.frame.field_of);
  crl_coro_free(&c);
  crl_shape_free(&shape);
}

static void check_file(const char *path) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMMemoryBufferRef buf = NULL;
  LLVMModuleRef m = NULL;
  char *msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg) != 0 ||
      LLVMParseIRInContext(ctx, buf, &m, &msg) != 0) {
    LLVMDisposeMessage(msg); /* input LLVM cannot read is not this test's */
    LLVMContextDispose(ctx);
    return;
  }
  files++;
  crl_repair_legacy_module(m);
  char *triple = NULL;
  const crl_target *t = crl_target_of_module(m, &triple);
  free(triple);
  crl_options opts;
  crl_options_init(&opts);
  crl_result *res = crl_result_new();
  LLVMTargetDataRef td = LLVMCreateTargetData(LLVMGetDataLayoutStr(m));
  crl_run r = {m, NULL, &opts, res, t, td, NULL};
  crl_mark_coroutines(m);
  crl_module_ctx mc = {m, t, res, &opts, NULL};
  crl_vec coros = {0};
  if (crl_each_module_hook(&mc, 0) == 0)
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
      if (!LLVMIsDeclaration(fn) && crl_is_presplit(fn)) crl_vec_push(&coros, fn);
  for (unsigned k = 0; k < coros.n; k++) check_one(&r, coros.v[k], path);
  crl_vec_free(&coros);
  LLVMDisposeTargetData(td);
  crl_result_free(res);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
}

int main(void) {
  const char *src = getenv("TEST_SRCDIR"), *ws = getenv("TEST_WORKSPACE");
  char path[4096];
  for (size_t d = 0; d < sizeof dirs / sizeof *dirs; d++) {
    snprintf(path, sizeof path, "%s/%s/%s", src ? src : ".", src ? (ws ? ws : "corolower") : ".",
             dirs[d]);
    DIR *dp = opendir(path);
    for (struct dirent *e; dp && (e = readdir(dp));) {
      size_t n = strlen(e->d_name);
      if (n < 4 || strcmp(e->d_name + n - 3, ".ll") != 0) continue;
      char file[8192];
      snprintf(file, sizeof file, "%s/%s", path, e->d_name);
      check_file(file);
    }
    if (dp) closedir(dp);
  }
  printf("validate_test: %d files, %d coroutines, %d refused by init or validate, "
         "%d changed by them\n", files, coroutines, refused, changed);
  /* The corpus is real: many coroutines, valid and refused. */
  return changed == 0 && files > 150 && coroutines > 200 && refused > 50 ? 0 : 1;
}
