/* Forms only Swift's own LLVM (its fork of LLVM) defines. swiftc writes
 * them for its experimental CoroutineAccessors feature (`read` and
 * `modify` accessors whose frames the callee allocates through an
 * allocator its caller passes): a `swiftcoro` parameter attribute, the
 * `swiftcorocc` calling convention, llvm.coro.id.retcon.once.dynamic,
 * llvm.coro.alloca.alloc.frame and llvm.ret.popless. LLVM 22 has none of
 * them: its parser stops at the first two, silently renames the third's
 * overloads to llvm.coro.alloca.alloc's (llvm.coro.alloca.alloc.frame.i64
 * becomes llvm.coro.alloca.alloc.i64: only the text shows it), and lowers
 * none of the others ("no coroutine id"). The text and the parsed module
 * are checked, each for what it can still show, and the diagnostic names
 * the feature, so that a user knows to compile without it. */
#include <string.h>

#include "coro/coro.h"

#define FEATURE                                                                 \
  "Swift's experimental CoroutineAccessors feature (swiftc "                    \
  "-enable-experimental-feature CoroutineAccessors: `read` and `modify` "       \
  "accessors with frames their callee allocates), which only Swift's own "     \
  "LLVM lowers; LLVM 22 has no such form (compile without the feature)"

/* Words of the textual IR, and what each is. */
static const struct {
  const char *word;
  const char *hint;
} text_forms[] = {
    {"swiftcoro", "the parameter attribute `swiftcoro` is a form of " FEATURE},
    {"swiftcorocc", "the calling convention `swiftcorocc` is a form of " FEATURE},
    {"llvm.coro.id.retcon.once.dynamic", "llvm.coro.id.retcon.once.dynamic is a form of " FEATURE},
    {"llvm.coro.alloca.alloc.frame", "llvm.coro.alloca.alloc.frame is a form of " FEATURE},
    {"llvm.ret.popless", "llvm.ret.popless is a form of " FEATURE},
};

/* The intrinsics among them a parsed module still shows: a declaration of
 * one of these names, or of an overload of it (NAME.suffix). */
static const char *const fork_intrinsics[] = {"llvm.coro.id.retcon.once.dynamic",
                                              "llvm.ret.popless"};

static int word_char(char ch) {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
         ch == '_' || ch == '.' || ch == '$' || ch == '-';
}

/* Does `word` occur at p as the form: an intrinsic's name after its `@`
 * (perhaps with an overload suffix), a keyword between separators (not
 * part of a name: `@swiftcoro` is a function)? */
static int form_at(const char *p, const char *start, const char *end, const char *word) {
  size_t n = strlen(word);
  if ((size_t)(end - p) < n || memcmp(p, word, n) != 0) return 0;
  int after = p + n == end || !word_char(p[n]);
  if (!strncmp(word, "llvm.", 5)) return p > start && p[-1] == '@' && (after || p[n] == '.');
  return (p == start || p[-1] == ' ' || p[-1] == '\t' || p[-1] == '(' || p[-1] == ',') && after;
}

const char *crl_foreign_form_hint(const char *text, size_t len) {
  if (!text) return NULL;
  const char *end = text + len;
  /* One pass over the text, comments skipped; every form starts with 's'
   * or 'l'. */
  for (const char *p = text; p < end; p++) {
    if (*p == ';') {
      while (p < end && *p != '\n') p++;
      continue;
    }
    if (*p != 's' && *p != 'l') continue;
    for (size_t k = 0; k < sizeof text_forms / sizeof *text_forms; k++)
      if (form_at(p, text, end, text_forms[k].word)) return text_forms[k].hint;
  }
  return NULL;
}

static const char *fork_intrinsic(LLVMValueRef f) {
  size_t len = 0;
  const char *name = LLVMGetValueName2(f, &len);
  for (size_t k = 0; k < sizeof fork_intrinsics / sizeof *fork_intrinsics; k++) {
    size_t n = strlen(fork_intrinsics[k]);
    if (len >= n && !memcmp(name, fork_intrinsics[k], n) && (len == n || name[n] == '.'))
      return fork_intrinsics[k];
  }
  return NULL;
}

int crl_check_fork_forms(LLVMModuleRef m, crl_result *res) {
  int rc = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    const char *form = LLVMIsDeclaration(f) ? fork_intrinsic(f) : NULL;
    if (!form) continue;
    for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef i = LLVMGetUser(u);
      if (!LLVMIsAInstruction(i)) continue;
      LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(i));
      crl_diagf(res, CRL_SEV_ERROR, fn, i, "%s is a form of %s", form, FEATURE);
      rc = -1;
      break;
    }
  }
  return rc;
}
