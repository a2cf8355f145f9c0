/* corolower: the command-line tool. Reads textual IR or bitcode, lowers its
 * coroutines, writes textual IR or bitcode. Output is written to a temporary
 * file and renamed, so a failure never leaves a half-written output. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Support.h>

#include "corolower/corolower.h"

static const char *usage =
    "usage: corolower [options] IN -o OUT\n"
    "\n"
    "Lowers the LLVM coroutines in IN (textual IR or bitcode; '-' for stdin)\n"
    "and writes OUT: textual IR if OUT ends in .ll or -S is given, bitcode\n"
    "otherwise ('-' for stdout).\n"
    "\n"
    "options:\n"
    "  -o FILE                   output file (default '-')\n"
    "  -S                        write textual IR\n"
    "  --frame-report=text|json  print each coroutine's frame layout\n"
    "  --frame-report-file=FILE  write the report to FILE (default stderr)\n"
    "  --abi=LIST                allowed ABIs: switch,retcon,retcon.once,async\n"
    "  --target=TRIPLE           target triple override\n"
    "  --keep-elision-markers    keep what CoroElide needs\n"
    "  --help                    this text\n"
    "  --version                 the version\n";

typedef struct args {
  const char *in, *out, *report, *report_file, *triple;
  int text, keep;
  unsigned abis;
} args;

static int fail(const char *fmt, const char *a, const char *b) {
  fprintf(stderr, "corolower: error: ");
  fprintf(stderr, fmt, a, b);
  fprintf(stderr, "\n");
  return 1;
}

static int parse_abis(const char *s, unsigned *out) {
  *out = 0;
  char *copy = strdup(s), *save = NULL;
  for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
    if (!strcmp(t, "switch")) *out |= CRL_ABI_SWITCH;
    else if (!strcmp(t, "retcon")) *out |= CRL_ABI_RETCON;
    else if (!strcmp(t, "retcon.once")) *out |= CRL_ABI_RETCON_ONCE;
    else if (!strcmp(t, "async")) *out |= CRL_ABI_ASYNC;
    else { free(copy); return -1; }
  }
  free(copy);
  return 0;
}

static int parse_args(int argc, char **argv, args *a) {
  memset(a, 0, sizeof *a);
  a->out = "-";
  for (int i = 1; i < argc; i++) {
    const char *s = argv[i];
    if (!strcmp(s, "--help") || !strcmp(s, "-h")) { fputs(usage, stdout); exit(0); }
    if (!strcmp(s, "--version")) {
      printf("corolower %s (LLVM %d)\n", CRL_VERSION_STRING, 22);
      exit(0);
    }
    if (!strcmp(s, "-o")) {
      if (++i >= argc) return fail("-o needs a file name", NULL, NULL), -1;
      a->out = argv[i];
    } else if (!strncmp(s, "-o", 2) && s[2]) {
      a->out = s + 2;
    } else if (!strcmp(s, "-S")) {
      a->text = 1;
    } else if (!strncmp(s, "--frame-report=", 15)) {
      a->report = s + 15;
      if (strcmp(a->report, "text") && strcmp(a->report, "json"))
        return fail("--frame-report must be text or json, not '%s'", a->report, NULL), -1;
    } else if (!strcmp(s, "--frame-report")) {
      a->report = "text";
    } else if (!strncmp(s, "--frame-report-file=", 20)) {
      a->report_file = s + 20;
    } else if (!strncmp(s, "--abi=", 6)) {
      if (parse_abis(s + 6, &a->abis) != 0)
        return fail("unknown ABI in '%s'", s + 6, NULL), -1;
    } else if (!strncmp(s, "--target=", 9)) {
      a->triple = s + 9;
    } else if (!strcmp(s, "--keep-elision-markers")) {
      a->keep = 1;
    } else if (s[0] == '-' && s[1]) {
      return fail("unknown option '%s' (see --help)", s, NULL), -1;
    } else if (a->in) {
      return fail("more than one input file ('%s' and '%s')", a->in, s), -1;
    } else {
      a->in = s;
    }
  }
  if (!a->in) return fail("no input file (see --help)", NULL, NULL), -1;
  size_t n = strlen(a->out);
  if (n > 3 && !strcmp(a->out + n - 3, ".ll")) a->text = 1;
  return 0;
}

static LLVMModuleRef read_module(LLVMContextRef ctx, const char *path) {
  LLVMMemoryBufferRef buf = NULL;
  char *msg = NULL;
  int bad = !strcmp(path, "-")
                ? LLVMCreateMemoryBufferWithSTDIN(&buf, &msg)
                : LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg);
  if (bad) {
    fail("cannot read '%s': %s", path, msg ? msg : strerror(errno));
    LLVMDisposeMessage(msg);
    return NULL;
  }
  LLVMModuleRef m = NULL;
  if (LLVMParseIRInContext(ctx, buf, &m, &msg)) {
    /* LLVM's message starts with the buffer name and line:column. */
    fail("cannot parse '%s': %s", path, msg ? msg : "unknown error");
    LLVMDisposeMessage(msg);
    return NULL;
  }
  return m;
}

/* LLVM's parser checks debug info its own way: in a module that has any,
 * it runs the verifier and, should anything else be broken, aborts the
 * process ("Broken module found"). Parsing is told not to (see main), and
 * this does the same checks, with an error instead of the abort: debug info
 * of another version is dropped with a warning, a module that is broken
 * only in its debug info loses it with a warning, anything else broken is
 * an error. */
static int check_input(LLVMModuleRef m, const char *path) {
  if (LLVMGetModuleDebugMetadataVersion(m) != LLVMDebugMetadataVersion() &&
      LLVMStripModuleDebugInfo(m))
    fprintf(stderr, "corolower: warning: %s: debug info of another version "
                    "than LLVM's %u dropped\n", path, LLVMDebugMetadataVersion());
  char *msg = NULL;
  if (!LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
    LLVMDisposeMessage(msg);
    return 0;
  }
  LLVMModuleRef bare = LLVMCloneModule(m);
  int debug_only = LLVMStripModuleDebugInfo(bare) &&
                   !LLVMVerifyModule(bare, LLVMReturnStatusAction, NULL);
  LLVMDisposeModule(bare);
  if (debug_only) {
    LLVMStripModuleDebugInfo(m);
    fprintf(stderr, "corolower: warning: %s: invalid debug info dropped: %s",
            path, msg ? msg : "\n");
  } else {
    fail("'%s' is not valid IR: %s", path, msg ? msg : "");
  }
  LLVMDisposeMessage(msg);
  return debug_only ? 0 : 1;
}

static void print_diags(const crl_result *r, const char *path) {
  for (size_t i = 0; i < crl_result_num_diags(r); i++) {
    const crl_diag *d = crl_result_diag(r, i);
    const char *sev = d->severity == CRL_SEV_ERROR     ? "error"
                      : d->severity == CRL_SEV_WARNING ? "warning"
                                                       : "note";
    fprintf(stderr, "corolower: %s: %s", sev, path);
    if (d->function) fprintf(stderr, ": in function '%s'", d->function);
    fprintf(stderr, ": %s\n", d->message);
    if (d->instruction) fprintf(stderr, "  at: %s\n", d->instruction);
  }
}

static int write_report(crl_result *r, const args *a) {
  if (!a->report) return 0;
  const char *s = !strcmp(a->report, "json") ? crl_result_report_json(r)
                                             : crl_result_report_text(r);
  FILE *f = a->report_file ? fopen(a->report_file, "w") : stderr;
  if (!f) return fail("cannot write the frame report to '%s': %s",
                      a->report_file, strerror(errno));
  fputs(s, f);
  if (f != stderr && fclose(f) != 0)
    return fail("cannot write the frame report to '%s': %s", a->report_file,
                strerror(errno));
  return 0;
}

static int write_module(LLVMModuleRef m, const args *a) {
  if (!strcmp(a->out, "-")) {
    if (a->text) {
      char *s = LLVMPrintModuleToString(m);
      fputs(s, stdout);
      LLVMDisposeMessage(s);
      return fflush(stdout) == 0 ? 0 : 1;
    }
    return LLVMWriteBitcodeToFD(m, 1, 0, 0) ? 1 : 0;
  }
  size_t n = strlen(a->out);
  char *tmp = malloc(n + 32);
  snprintf(tmp, n + 32, "%s.tmp.%ld", a->out, (long)getpid());
  int bad;
  char *msg = NULL;
  if (a->text)
    bad = LLVMPrintModuleToFile(m, tmp, &msg);
  else
    bad = LLVMWriteBitcodeToFile(m, tmp);
  if (bad) {
    fail("cannot write '%s': %s", a->out, msg ? msg : strerror(errno));
    LLVMDisposeMessage(msg);
    unlink(tmp);
    free(tmp);
    return 1;
  }
  if (rename(tmp, a->out) != 0) {
    fail("cannot write '%s': %s", a->out, strerror(errno));
    unlink(tmp);
    free(tmp);
    return 1;
  }
  free(tmp);
  return 0;
}

/* Tearing down a large module costs a few percent of a run, for memory the
 * OS takes back at exit anyway; clang's -disable-free makes the same
 * choice. Sanitizer builds still free everything, so their leak checks see
 * an orderly exit. */
#if defined(__SANITIZE_ADDRESS__)
#define CRL_FREE_AT_EXIT 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CRL_FREE_AT_EXIT 1
#endif
#endif
#ifndef CRL_FREE_AT_EXIT
#define CRL_FREE_AT_EXIT 0
#endif

int main(int argc, char **argv) {
  args a;
  if (parse_args(argc, argv, &a) != 0) return 1;
  /* check_input does the parser's debug-info check without its abort. */
  const char *llvm_argv[] = {"corolower", "-disable-auto-upgrade-debug-info"};
  LLVMParseCommandLineOptions(2, llvm_argv, NULL);
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = read_module(ctx, a.in);
  if (!m) return 1;
  crl_repair_legacy_module(m);
  if (check_input(m, a.in) != 0) return 1;
  crl_options opts;
  crl_options_init(&opts);
  if (a.abis) opts.allowed_abis = a.abis;
  opts.target_triple = a.triple;
  opts.keep_elision_markers = a.keep;
  crl_result *r = crl_lower_module(m, &opts);
  if (!r) return fail("out of memory", NULL, NULL);
  print_diags(r, a.in);
  int rc = crl_result_ok(r) ? 0 : 1;
  if (rc == 0) rc = write_report(r, &a);
  if (rc == 0) rc = write_module(m, &a);
  crl_result_free(r);
  if (CRL_FREE_AT_EXIT || getenv("COROLOWER_FREE_AT_EXIT")) {
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
  }
  return rc;
}
