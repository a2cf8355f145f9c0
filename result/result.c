#include "result/result.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

crl_result *crl_result_new(void) { return calloc(1, sizeof(crl_result)); }

char *crl_strdup(const char *s) {
  if (!s) return NULL;
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d) memcpy(d, s, n);
  return d;
}

/* Instruction text can be huge (a switch with thousands of cases): keep the
 * first line and a bounded prefix, which is what a diagnostic needs. */
char *crl_value_text(LLVMValueRef v) {
  if (!v) return NULL;
  char *full = LLVMPrintValueToString(v);
  size_t n = 0;
  while (full[n] && full[n] != '\n' && n < 240) n++;
  size_t start = 0;
  while (start < n && full[start] == ' ') start++;
  char *s = malloc(n - start + 4);
  if (s) {
    memcpy(s, full + start, n - start);
    strcpy(s + (n - start), full[n] && full[n] != '\n' ? "..." : "");
  }
  LLVMDisposeMessage(full);
  return s;
}

static char *fn_name(LLVMValueRef fn) {
  if (!fn) return NULL;
  size_t len = 0;
  const char *nm = LLVMGetValueName2(fn, &len);
  return crl_strdup(len ? nm : "<anonymous>");
}

void crl_diagf(crl_result *r, crl_severity sev, LLVMValueRef fn,
               LLVMValueRef inst, const char *fmt, ...) {
  if (r->num_diags == r->cap_diags) {
    size_t cap = r->cap_diags ? 2 * r->cap_diags : 8;
    crl_diag *d = realloc(r->diags, cap * sizeof *d);
    if (!d) return;
    r->diags = d;
    r->cap_diags = cap;
  }
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  crl_diag *d = &r->diags[r->num_diags++];
  d->severity = sev;
  d->function = fn_name(fn);
  d->instruction = crl_value_text(inst);
  d->message = crl_strdup(buf);
  if (sev == CRL_SEV_ERROR) r->num_errors++;
}

crl_frame_report *crl_report_begin(crl_result *r, LLVMValueRef fn,
                                   crl_abi abi) {
  if (r->num_frames == r->cap_frames) {
    size_t cap = r->cap_frames ? 2 * r->cap_frames : 4;
    crl_frame_report *f = realloc(r->frames, cap * sizeof *f);
    if (!f) return NULL;
    r->frames = f;
    r->cap_frames = cap;
  }
  crl_frame_report *rep = &r->frames[r->num_frames++];
  memset(rep, 0, sizeof *rep);
  rep->function = fn_name(fn);
  rep->abi = abi;
  return rep;
}

void crl_report_field(crl_frame_report *rep, const char *name,
                      crl_field_kind kind, uint64_t offset, uint64_t size,
                      uint32_t align, const char *value_text, int in_slack) {
  /* Reports grow one field at a time; amortise with power-of-two capacity. */
  uint32_t n = rep->num_fields;
  if ((n & (n - 1)) == 0) {
    uint32_t cap = n ? 2 * n : 1;
    crl_frame_field *f =
        realloc((void *)rep->fields, cap * sizeof(crl_frame_field));
    if (!f) return;
    rep->fields = f;
  }
  crl_frame_field *f = (crl_frame_field *)&rep->fields[n];
  f->name = crl_strdup(name);
  f->kind = kind;
  f->offset = offset;
  f->size = size;
  f->align = align;
  f->value = crl_strdup(value_text);
  f->in_slack = in_slack;
  rep->num_fields = n + 1;
}

void crl_result_note_coroutine(crl_result *r, LLVMValueRef fn, int lowered) {
  if (r->num_coros == r->cap_coros) {
    size_t cap = r->cap_coros ? 2 * r->cap_coros : 8;
    struct crl_outcome *c = realloc(r->coros, cap * sizeof *c);
    if (!c) return;
    r->coros = c;
    r->cap_coros = cap;
  }
  r->coros[r->num_coros].function = fn_name(fn);
  r->coros[r->num_coros++].lowered = lowered;
}

void crl_result_all_refused(crl_result *r) {
  for (size_t i = 0; i < r->num_coros; i++) r->coros[i].lowered = 0;
  crl_result_drop_frames(r, 0);
}

static void free_frame(crl_frame_report *f) {
  for (uint32_t k = 0; k < f->num_fields; k++) {
    free((void *)f->fields[k].name);
    free((void *)f->fields[k].value);
  }
  free((void *)f->fields);
  free((void *)f->function);
}

void crl_result_drop_frames(crl_result *r, size_t keep) {
  while (r->num_frames > keep) free_frame(&r->frames[--r->num_frames]);
}

size_t crl_result_num_coroutines(const crl_result *r) { return r ? r->num_coros : 0; }
const char *crl_result_coroutine_name(const crl_result *r, size_t i) {
  return r && i < r->num_coros ? r->coros[i].function : NULL;
}
int crl_result_coroutine_lowered(const crl_result *r, size_t i) {
  return r && i < r->num_coros && r->coros[i].lowered;
}

int crl_result_ok(const crl_result *r) { return r && r->num_errors == 0; }
size_t crl_result_num_diags(const crl_result *r) { return r ? r->num_diags : 0; }
const crl_diag *crl_result_diag(const crl_result *r, size_t i) {
  return r && i < r->num_diags ? &r->diags[i] : NULL;
}
size_t crl_result_num_frames(const crl_result *r) {
  return r ? r->num_frames : 0;
}
const crl_frame_report *crl_result_frame(const crl_result *r, size_t i) {
  return r && i < r->num_frames ? &r->frames[i] : NULL;
}

void crl_result_free(crl_result *r) {
  if (!r) return;
  for (size_t i = 0; i < r->num_diags; i++) {
    free((void *)r->diags[i].function);
    free((void *)r->diags[i].instruction);
    free((void *)r->diags[i].message);
  }
  for (size_t i = 0; i < r->num_frames; i++) free_frame(&r->frames[i]);
  for (size_t i = 0; i < r->num_coros; i++) free(r->coros[i].function);
  free(r->coros);
  free(r->diags);
  free(r->frames);
  free(r->text_report);
  free(r->json_report);
  free(r);
}

/* Every ABI's name: the one list diagnostics, reports and the CLI's --abi
 * read. */
static const struct {
  crl_abi abi;
  const char *name;
} abi_names[] = {
    {CRL_ABI_SWITCH, "switch"},
    {CRL_ABI_RETCON, "retcon"},
    {CRL_ABI_RETCON_ONCE, "retcon.once"},
    {CRL_ABI_ASYNC, "async"},
};
#define NUM_ABIS (sizeof abi_names / sizeof *abi_names)

const char *crl_abi_name(crl_abi abi) {
  for (size_t i = 0; i < NUM_ABIS; i++)
    if (abi_names[i].abi == abi) return abi_names[i].name;
  return "none";
}

crl_abi crl_abi_from_name(const char *name, size_t len) {
  for (size_t i = 0; name && i < NUM_ABIS; i++)
    if (strlen(abi_names[i].name) == len && !strncmp(abi_names[i].name, name, len))
      return abi_names[i].abi;
  return CRL_ABI_NONE;
}

const char *crl_frame_storage_name(crl_frame_storage s) {
  switch (s) {
  case CRL_FRAME_STORAGE_INLINE: return "inline";
  case CRL_FRAME_STORAGE_ALLOCATED: return "allocated";
  default: return "default";
  }
}

const char *crl_field_kind_name(crl_field_kind k) {
  static const char *const names[] = {"header", "promise", "index", "alloca",
                                "spill",  "realigned"};
  return (unsigned)k < 6 ? names[k] : "unknown";
}
