/* The crl_result object: diagnostics and frame reports, all strings owned. */
#ifndef CRL_RESULT_RESULT_H
#define CRL_RESULT_RESULT_H

#include "corolower/corolower.h"

struct crl_result {
  crl_diag *diags;
  size_t num_diags, cap_diags;
  crl_frame_report *frames;
  size_t num_frames, cap_frames;
  size_t num_errors;
  char *text_report;
  char *json_report;
  /* Every coroutine looked at, in the order lowered: lowered or refused. */
  struct crl_outcome { char *function; int lowered; } *coros;
  size_t num_coros, cap_coros;
};

crl_result *crl_result_new(void);
/* Adds a diagnostic; `fn` and `inst` may be NULL. The message is printf-style. */
void crl_diagf(crl_result *r, crl_severity sev, LLVMValueRef fn,
               LLVMValueRef inst, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Starts a frame report for fn; fields are added with crl_report_field. */
crl_frame_report *crl_report_begin(crl_result *r, LLVMValueRef fn, crl_abi abi);
void crl_report_field(crl_frame_report *rep, const char *name,
                      crl_field_kind kind, uint64_t offset, uint64_t size,
                      uint32_t align, const char *value_text, int in_slack);
char *crl_strdup(const char *s);
/* Records that fn was lowered (nonzero) or refused and left as it was. */
void crl_result_note_coroutine(crl_result *r, LLVMValueRef fn, int lowered);
/* The whole module was put back: every coroutine counts as refused. */
void crl_result_all_refused(crl_result *r);
/* Drops the frame reports from index `keep` on (a refused coroutine's). */
void crl_result_drop_frames(crl_result *r, size_t keep);
char *crl_value_text(LLVMValueRef v); /* malloc'd, single line, bounded */

#endif
