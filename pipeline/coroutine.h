/* One coroutine through the pipeline: its steps, each hook of its ABI's
 * lowering called in order (coro/lowering.h says what each does). */
#ifndef CRL_PIPELINE_COROUTINE_H
#define CRL_PIPELINE_COROUTINE_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

#include "coro/lowering.h"
#include "irkit/valmap.h"
#include "pipeline/rollback.h"

/* What a run over one module works with, fixed once the module is
 * prepared: the steps after that read it and change none of it. */
typedef struct crl_run {
  LLVMModuleRef m;
  LLVMValueRef only; /* crl_lower_function's coroutine, else NULL */
  const crl_options *opts;
  crl_result *res;
  const struct crl_target *target;
  LLVMTargetDataRef td;
  crl_rollback *rb; /* the copies refusals put back; NULL without them */
} crl_run;

/* A coroutine about to be lowered: what the run gives it, nothing found
 * yet (tests/unit/validate_test.cc steps through the hooks with it). */
void crl_coro_start(crl_coro *c, const crl_run *r, LLVMValueRef fn,
                    const crl_valmap *slots);

/* Lowers the coroutine fn. slots: the input's numbering of fn's values,
 * for frame reports (NULL: none). run_states: one slot per lowering of
 * the run, kept across its coroutines. A refusal (a diagnostic, or a
 * lowered body LLVM's verifier rejects) drops what lowering made of fn,
 * which r->rb puts back at the end. 0 when lowered, -1 when refused. */
int crl_lower_coroutine(const crl_run *r, LLVMValueRef fn, const crl_valmap *slots,
                        void **run_states);

#endif
