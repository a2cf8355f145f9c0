/* corolower: the command-line tool. Reads textual IR or bitcode, lowers its
 * coroutines, writes textual IR or bitcode. A regular output file (or a new
 * one) is written to a temporary file next to it and renamed over it, so a
 * failure never leaves a half-written output; anything else (stdout, a
 * device, a FIFO) is written to directly, as opt does (see open_output). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Support.h>

#include "corolower/corolower.h"

typedef struct args {
  const char *in, *out, *report, *report_file, *triple, *ctx_alloc, *ctx_dealloc;
  int text, keep, force, refuse_overaligned, no_verify, small_frames, keep_refused;
  unsigned abis;
} args;

static int fail(const char *fmt, const char *a, const char *b) {
  fprintf(stderr, "corolower: error: ");
  fprintf(stderr, fmt, a, b);
  fprintf(stderr, "\n");
  return 1;
}

/* --help and --version print through stdio: a full or closed stdout must
 * not pass for success. */
static int flush_stdout(void) {
  if (fflush(stdout) == 0 && !ferror(stdout)) return 0;
  return fail("cannot write to stdout: %s", strerror(errno), NULL);
}

static int parse_abis(const char *s, unsigned *out) {
  *out = 0;
  for (const char *t = s; *t;) {
    size_t n = strcspn(t, ",");
    crl_abi abi = crl_abi_from_name(t, n);
    if (n && abi == CRL_ABI_NONE) return -1;
    *out |= abi;
    t += n + (t[n] == ',');
  }
  return 0;
}

/* Each option's action: 0, or -1 after saying what was wrong. */
static int set_out(args *a, const char *v) { a->out = v; return 0; }
static int set_text(args *a, const char *v) { (void)v; a->text = 1; return 0; }
static int set_force(args *a, const char *v) { (void)v; a->force = 1; return 0; }
static int set_report(args *a, const char *v) {
  a->report = v ? v : "text";
  if (strcmp(a->report, "text") && strcmp(a->report, "json"))
    return fail("--frame-report must be text or json, not '%s'", a->report, NULL), -1;
  return 0;
}
static int set_report_file(args *a, const char *v) { a->report_file = v; return 0; }
static int set_abis(args *a, const char *v) {
  if (parse_abis(v, &a->abis) == 0) return 0;
  return fail("unknown ABI in '%s'", v, NULL), -1;
}
static int set_triple(args *a, const char *v) { a->triple = v; return 0; }
static int set_keep(args *a, const char *v) { (void)v; a->keep = 1; return 0; }
static int set_no_verify(args *a, const char *v) { (void)v; a->no_verify = 1; return 0; }
static int set_keep_refused(args *a, const char *v) { (void)v; a->keep_refused = 1; return 0; }
static int set_small(args *a, const char *v) { (void)v; a->small_frames = 1; return 0; }
static int set_ctx_alloc(args *a, const char *v) { a->ctx_alloc = v; return 0; }
static int set_ctx_dealloc(args *a, const char *v) { a->ctx_dealloc = v; return 0; }
static int set_realign(args *a, const char *v) { (void)v; (void)a; return 0; }
static int set_no_realign(args *a, const char *v) { (void)v; a->refuse_overaligned = 1; return 0; }
static int show_help(args *a, const char *v);
static int show_version(args *a, const char *v);

/* Every option: the one list parsing and --help read. A value option
 * takes `--name=VALUE` (or, with `separate`, `-o VALUE` and `-oVALUE`);
 * `optional` lets it be given without one. */
typedef struct option {
  const char *name, *alias; /* "--force", "-f" */
  const char *value;        /* the value's placeholder; NULL for a flag */
  int separate, optional;
  int (*set)(args *, const char *);
  const char *help;         /* lines after the first indented in --help */
} option;

static const option options[] = {
    {"-o", NULL, "FILE", 1, 0, set_out, "output file (default '-')"},
    {"-S", NULL, NULL, 0, 0, set_text, "write textual IR"},
    {"--force", "-f", NULL, 0, 0, set_force, "write bitcode even to a terminal"},
    {"--frame-report", NULL, "text|json", 0, 1, set_report,
     "print each coroutine's frame layout (text\nwhen no value is given)"},
    {"--frame-report-file", NULL, "FILE", 0, 0, set_report_file,
     "write the report to FILE (default stderr)"},
    {"--abi", NULL, "LIST", 0, 0, set_abis, NULL /* listed from crl_abi_name */},
    {"--target", NULL, "TRIPLE", 0, 0, set_triple, "target triple override"},
    {"--keep-elision-markers", NULL, NULL, 0, 0, set_keep, "keep what CoroElide needs"},
    {"--no-verify-output", NULL, NULL, 0, 0, set_no_verify,
     "do not run LLVM's verifier on the lowered\nfunctions (default: verify them)"},
    {"--keep-refused", NULL, NULL, 0, 0, set_keep_refused,
     "a coroutine corolower refuses is left as it\nwas in IN (and so is every function "
     "but the\ncoroutines lowered): write OUT anyway, with\nthe refusals as warnings, for "
     "LLVM's\ncoroutine passes to lower the rest"},
    {"--prefer-small-frames", NULL, NULL, 0, 0, set_small,
     "switched-resume: record the suspend point in\nthe destroy pointer, not an index "
     "byte, for\nup to 8 points (smaller frames, two more\ninstructions per resume)"},
    {"--async-context-alloc", NULL, "NAME", 0, 0, set_ctx_alloc,
     "llvm.coro.async.context.alloc(afp, task)\ncalls ptr NAME(ptr task, iN size)\n"
     "(default swift_task_alloc)"},
    {"--async-context-dealloc", NULL, "NAME", 0, 0, set_ctx_dealloc,
     "llvm.coro.async.context.dealloc(ctx)\ncalls void NAME(ptr ctx)\n"
     "(default swift_task_dealloc)"},
    {"--async-realign-overaligned", NULL, NULL, 0, 0, set_realign,
     "realign at run time an async alloca aligned\nabove its context's alignment and "
     "live\nacross a suspend, as LLVM 22 does (the\ndefault)"},
    {"--no-async-realign-overaligned", NULL, NULL, 0, 0, set_no_realign,
     "refuse such an alloca instead"},
    {"--help", "-h", NULL, 0, 0, show_help, "this text"},
    {"--version", NULL, NULL, 0, 0, show_version, "the version"},
};
#define NUM_OPTIONS (sizeof options / sizeof *options)

static const char *const usage_head =
    "usage: corolower [options] IN -o OUT\n"
    "\n"
    "Lowers the LLVM coroutines in IN (textual IR or bitcode; '-' for stdin)\n"
    "and writes OUT: textual IR if OUT ends in .ll or -S is given, bitcode\n"
    "otherwise ('-' for stdout).\n"
    "\n"
    "options:\n";

static const char *const usage_tail =
    "\n"
    "A regular output file, or a new one, is written to FILE.tmp.PID beside it\n"
    "and renamed over it when complete: on error it is left untouched, or not\n"
    "created. A symbolic link keeps being a link: the file it points to is\n"
    "replaced (or, if dangling, created). Anything else (a device such as\n"
    "/dev/null, a FIFO, '-') is written to directly, as opt does. The frame\n"
    "report file follows the same rules. Bitcode is not written to a terminal\n"
    "unless -f is given.\n";

/* One option's lines: its spelling in a 26-column margin, then its help. */
static void print_option(const option *o) {
  char head[64], abis[96] = "allowed ABIs: ";
  const char *help = o->help;
  snprintf(head, sizeof head, "%s%s%s%s%s%s%s", o->alias ? o->alias : "",
           o->alias ? ", " : "", o->name, o->value && o->optional ? "[" : "",
           o->value ? (o->separate ? " " : "=") : "", o->value ? o->value : "",
           o->value && o->optional ? "]" : "");
  if (!help) { /* --abi: the names come from the library's one list */
    for (unsigned bit = 1; bit & CRL_ABI_ALL; bit <<= 1)
      snprintf(abis + strlen(abis), sizeof abis - strlen(abis), "%s%s",
               bit > 1 ? "," : "", crl_abi_name((crl_abi)bit));
    help = abis;
  }
  printf("  %-25s", head);
  if (strlen(head) > 25) printf("\n  %25s", "");
  for (const char *l = help; *l;) {
    size_t n = strcspn(l, "\n");
    printf(" %.*s\n", (int)n, l);
    l += n + (l[n] == '\n');
    if (*l) printf("  %25s", "");
  }
}

static int show_help(args *a, const char *v) {
  (void)a, (void)v;
  fputs(usage_head, stdout);
  for (size_t i = 0; i < NUM_OPTIONS; i++) print_option(&options[i]);
  fputs(usage_tail, stdout);
  exit(flush_stdout());
}

static int show_version(args *a, const char *v) {
  (void)a, (void)v;
  printf("corolower %s (LLVM %d)\n", CRL_VERSION_STRING, 22);
  exit(flush_stdout());
}

/* The option argv[*i] spells, its value (NULL for none) in *value; *i
 * moves past a separate value. NULL for no option of the table. */
static const option *match_option(int argc, char **argv, int *i, const char **value) {
  const char *s = argv[*i];
  *value = NULL;
  for (size_t k = 0; k < NUM_OPTIONS; k++) {
    const option *o = &options[k];
    size_t n = strlen(o->name);
    if ((o->alias && !strcmp(s, o->alias)) || !strcmp(s, o->name)) {
      if (o->value && o->separate && *i + 1 < argc) *value = argv[++*i];
      return o;
    }
    if (o->value && !strncmp(s, o->name, n) && s[n] == (o->separate ? s[n] : '=') && s[n]) {
      *value = s + n + !o->separate;
      return o;
    }
  }
  return NULL;
}

static int parse_args(int argc, char **argv, args *a) {
  memset(a, 0, sizeof *a);
  a->out = "-";
  for (int i = 1; i < argc; i++) {
    const char *s = argv[i], *value;
    const option *o = s[0] == '-' && s[1] ? match_option(argc, argv, &i, &value) : NULL;
    if (o) {
      if (o->value && !value && !o->optional)
        return fail("%s needs a %s", o->name, o->separate ? "file name" : "value"), -1;
      if (o->set(a, value) != 0) return -1;
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
  /* Forms another LLVM writes, looked for in the text: parsing consumes
   * the buffer, and renames some of them into LLVM 22's intrinsics. */
  const char *hint =
      crl_foreign_form_hint(LLVMGetBufferStart(buf), LLVMGetBufferSize(buf));
  if (LLVMParseIRInContext(ctx, buf, &m, &msg)) {
    /* LLVM's message starts with the buffer name and line:column. A form
     * another LLVM writes is named first: it is why the parser stopped. */
    fail("cannot parse '%s': %s", path, hint ? hint : msg ? msg : "unknown error");
    if (hint) fprintf(stderr, "corolower: note: LLVM 22's parser: %s\n", msg ? msg : "?");
    LLVMDisposeMessage(msg);
    return NULL;
  }
  if (hint) {
    fail("cannot lower '%s': %s", path, hint);
    LLVMDisposeModule(m);
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

/* With `demote`, errors are printed as warnings: the refusals of
 * --keep-refused, which leave their coroutines to LLVM's passes. */
static void print_diags(const crl_result *r, const char *path, int demote) {
  for (size_t i = 0; i < crl_result_num_diags(r); i++) {
    const crl_diag *d = crl_result_diag(r, i);
    const char *sev = d->severity == CRL_SEV_ERROR     ? (demote ? "warning" : "error")
                      : d->severity == CRL_SEV_WARNING ? "warning"
                                                       : "note";
    fprintf(stderr, "corolower: %s: %s", sev, path);
    if (d->function) fprintf(stderr, ": in function '%s'", d->function);
    fprintf(stderr, ": %s\n", d->message);
    if (d->instruction) fprintf(stderr, "  at: %s\n", d->instruction);
  }
}

/* Which coroutines --keep-refused leaves to LLVM's passes. */
static void note_refused(const crl_result *r, const char *path) {
  for (size_t i = 0; i < crl_result_num_coroutines(r); i++)
    if (!crl_result_coroutine_lowered(r, i))
      fprintf(stderr,
              "corolower: warning: %s: in function '%s': refused and left as it "
              "was, for LLVM's coroutine passes\n",
              path, crl_result_coroutine_name(r, i));
}

/* One output on its way: the module or the frame report. */
typedef struct output {
  const char *path;     /* as given: "-" for stdout, NULL for stderr */
  const char *what;     /* the error message, with the path and the reason */
  char *final;          /* the regular file the temporary replaces */
  char *tmp;            /* the temporary file, NULL when writing through */
  const char *tmp_name; /* its last component (inside tmp) */
  int dir;              /* its directory, held open: see discard_output */
  int fd;
} output;

static const char *shown(const char *path) {
  return !path ? "<stderr>" : !strcmp(path, "-") ? "<stdout>" : path;
}

/* stdout and stderr are not ours to close. */
static int opened(const output *o) {
  return o->fd >= 0 && o->path && strcmp(o->path, "-");
}

static int out_fail(const output *o, int err) {
  return fail(o->what, shown(o->path), strerror(err));
}

/* PATH with every symbolic link along the final component followed, also a
 * dangling one (to the path it would create, as open() with O_CREAT does);
 * NULL with errno set on failure. A relative target is relative to the
 * link's directory. */
static char *follow_links(const char *path) {
  char *p = strdup(path);
  for (int hops = 0; hops < 40; hops++) {
    struct stat st;
    if (lstat(p, &st) != 0 || !S_ISLNK(st.st_mode)) return p;
    char target[4096];
    ssize_t n = readlink(p, target, sizeof target);
    if (n < 0 || (size_t)n == sizeof target) {
      if (n >= 0) errno = ENAMETOOLONG;
      free(p);
      return NULL;
    }
    const char *slash = strrchr(p, '/');
    size_t dir = target[0] == '/' || !slash ? 0 : (size_t)(slash - p) + 1;
    char *next = malloc(dir + (size_t)n + 1);
    memcpy(next, p, dir);
    memcpy(next + dir, target, (size_t)n);
    next[dir + (size_t)n] = 0;
    free(p);
    p = next;
  }
  free(p);
  errno = ELOOP;
  return NULL;
}

/* The temporary file beside o->final, FINAL.tmp.PID, created in its
 * directory, which stays open. */
static int create_temp(output *o) {
  size_t n = strlen(o->final) + 32;
  o->tmp = malloc(n);
  snprintf(o->tmp, n, "%s.tmp.%ld", o->final, (long)getpid());
  const char *slash = strrchr(o->tmp, '/');
  o->tmp_name = slash ? slash + 1 : o->tmp;
  char *dir = !slash ? strdup(".") : strndup(o->tmp, slash == o->tmp ? 1 : (size_t)(slash - o->tmp));
  o->dir = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  free(dir);
  if (o->dir >= 0)
    o->fd = openat(o->dir, o->tmp_name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (o->fd >= 0) return 0;
  int err = errno;
  if (o->dir >= 0) close(o->dir);
  o->dir = -1;
  free(o->tmp);
  o->tmp = NULL;
  return out_fail(o, err);
}

/* Renaming a temporary over something that is not a regular file would
 * destroy it: run as root, "-o /dev/null" would leave a regular file there,
 * and a FIFO's reader would get nothing. So those are written to directly
 * (as opt does, by open_output), and only a regular file, or a path naming
 * nothing yet, gets the temporary file that keeps a failed run from leaving
 * anything behind; through a symbolic link it replaces the link's target,
 * in the target's directory, so that the link stays. The temporaries are
 * created before anything is written anywhere, so that an output that
 * cannot be created stops the run before a FIFO's reader, say, gets the
 * other output. */
static int prepare_output(output *o) {
  struct stat st;
  if (!o->path || !strcmp(o->path, "-")) return 0;
  if (stat(o->path, &st) == 0 && !S_ISREG(st.st_mode)) return 0;
  o->final = follow_links(o->path);
  return o->final ? create_temp(o) : out_fail(o, errno);
}

static int open_output(output *o) {
  if (o->fd >= 0) return 0; /* the temporary file */
  if (!o->path) { o->fd = 2; return 0; }
  if (!strcmp(o->path, "-")) { o->fd = 1; return 0; }
  o->fd = open(o->path, O_WRONLY | O_NOCTTY);
  return o->fd < 0 ? out_fail(o, errno) : 0;
}

/* Writes all of BUF and closes the output (a FIFO's reader sees its end
 * before the next output is opened); a temporary file waits for
 * commit_output. Every write error counts, a full device's included. */
static int write_output(output *o, const char *buf, size_t n) {
  while (n > 0) {
    ssize_t k = write(o->fd, buf, n);
    if (k < 0 && errno == EINTR) continue;
    if (k < 0) return out_fail(o, errno);
    buf += k;
    n -= (size_t)k;
  }
  if (!opened(o)) return 0;
  int fd = o->fd;
  o->fd = -1;
  return close(fd) == 0 ? 0 : out_fail(o, errno);
}

/* By path: should the directory have been moved or removed meanwhile, the
 * output is not left somewhere else than asked, the rename fails. */
static int commit_output(output *o) {
  if (!o->tmp) return 0;
  if (rename(o->tmp, o->final) != 0) return out_fail(o, errno);
  free(o->tmp);
  o->tmp = NULL;
  return 0;
}

/* After commit_output, or instead of it on error: nothing is left behind.
 * The temporary is removed through its directory, which is found even if
 * it was moved since. */
static void discard_output(output *o) {
  if (opened(o)) close(o->fd);
  if (o->tmp) unlinkat(o->dir, o->tmp_name, 0);
  if (o->dir >= 0) close(o->dir);
  free(o->tmp);
  free(o->final);
}

static int write_report(crl_result *r, const args *a, output *o) {
  if (!a->report) return 0;
  const char *s = !strcmp(a->report, "json") ? crl_result_report_json(r)
                                             : crl_result_report_text(r);
  if (open_output(o) != 0) return 1;
  return write_output(o, s, strlen(s));
}

/* Bitcode would garble a terminal, as opt warns; -f writes it anyway. */
static int refuse_terminal(const args *a, int fd) {
  if (a->text || a->force || !isatty(fd)) return 0;
  return fail("not writing bitcode to a terminal (%s); use -S for textual "
              "IR, or -f to write it anyway", shown(a->out), NULL);
}

/* The module as it will be written: text, or bitcode. Built in memory
 * before any output is opened, and written by write_output, whose errors
 * are corolower's to report (LLVM's file streams abort on them). */
typedef struct image {
  char *text;
  LLVMMemoryBufferRef bitcode;
  const char *bytes;
  size_t size;
} image;

static image module_image(LLVMModuleRef m, const args *a) {
  image im = {0};
  if (a->text) {
    im.text = LLVMPrintModuleToString(m);
    im.bytes = im.text;
    im.size = strlen(im.text);
  } else {
    im.bitcode = LLVMWriteBitcodeToMemoryBuffer(m);
    im.bytes = LLVMGetBufferStart(im.bitcode);
    im.size = LLVMGetBufferSize(im.bitcode);
  }
  return im;
}

static void image_free(image *im) {
  if (im->text) LLVMDisposeMessage(im->text);
  if (im->bitcode) LLVMDisposeMemoryBuffer(im->bitcode);
}

static int write_module(const image *im, const args *a, output *o) {
  if (open_output(o) != 0) return 1;
  if (refuse_terminal(a, o->fd) != 0) return 1;
  return write_output(o, im->bytes, im->size);
}

/* The report, then the module; regular files are renamed into place only
 * once both are written, so an error creates neither. */
static int write_outputs(crl_result *r, LLVMModuleRef m, const args *a) {
  output rep = {.path = a->report_file, .fd = -1, .dir = -1,
                .what = "cannot write the frame report to '%s': %s"};
  output mod = {.path = a->out, .fd = -1, .dir = -1, .what = "cannot write '%s': %s"};
  image im = module_image(m, a);
  int rc = a->report ? prepare_output(&rep) : 0;
  if (rc == 0) rc = prepare_output(&mod);
  if (rc == 0) rc = write_report(r, a, &rep);
  if (rc == 0) rc = write_module(&im, a, &mod);
  if (rc == 0) rc = commit_output(&rep);
  if (rc == 0) rc = commit_output(&mod);
  discard_output(&rep);
  discard_output(&mod);
  image_free(&im);
  return rc;
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
  /* Refused before any work, as opt does; other terminals named by -o are
   * found when opened. */
  if (!strcmp(a.out, "-") && refuse_terminal(&a, 1) != 0) return 1;
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
  opts.skip_output_verify = a.no_verify;
  opts.legacy_repaired = 1; /* repaired above, before check_input */
  opts.prefer_small_frames = a.small_frames;
  /* Nothing is written on error unless refusals are kept. */
  opts.no_rollback = !a.keep_refused;
  opts.skip_frame_report = a.report == NULL; /* nothing would read them */
  opts.async_context_alloc = a.ctx_alloc;
  opts.async_context_dealloc = a.ctx_dealloc;
  opts.async_refuse_overaligned = a.refuse_overaligned;
  crl_result *r = crl_lower_module(m, &opts);
  if (!r) return fail("out of memory", NULL, NULL);
  print_diags(r, a.in, a.keep_refused);
  int rc = crl_result_ok(r) || a.keep_refused ? 0 : 1;
  if (!crl_result_ok(r) && a.keep_refused) note_refused(r, a.in);
  if (rc == 0) rc = write_outputs(r, m, &a);
  crl_result_free(r);
  if (CRL_FREE_AT_EXIT || getenv("COROLOWER_FREE_AT_EXIT")) {
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
  }
  return rc;
}
