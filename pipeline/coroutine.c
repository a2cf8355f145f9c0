/* One coroutine's lowering, the steps in order:
 *
 *   drop code that can never run, fold constants   irkit/unwind.c, frame/simplify.c
 *   shape                             coro/shape.c      (shared)
 *   choose the lowering, init, validate                 (the ABI's)
 *   normalize                         coro/normalize.c  (shared, with the ABI's
 *                                                        normalize and normalize_suspend)
 *   liveness                          frame/spill_plan.c
 *   frame_header, frame_guarantee                       (the ABI's)
 *   frame fields, layout, report      frame/
 *   rewrite                           frame/rewrite.c
 *   split, finish                                       (the ABI's, on cloner/)
 *   cleanup                           coro/cleanup.c
 *   release                                             (the ABI's, always)
 *   verify                            pipeline/verify.c
 */
#include "pipeline/coroutine.h"

#include <stdint.h>
#include <string.h>

#include "frame/frame.h"
#include "irkit/blocks.h"
#include "irkit/oom.h"
#include "irkit/unwind.h"
#include "pipeline/lowerings.h"
#include "pipeline/verify.h"
#include "targets/targets.h"

/* An allocation that failed where nothing could report it. */
static int oom_check(crl_coro *c, int rc) {
  if (crl_oom_take()) {
    CRL_ERR(c, NULL, "out of memory");
    return -1;
  }
  return rc;
}

static int choose_lowering(crl_coro *c, void **run_states) {
  const crl_options *opts = c->opts;
  unsigned allowed = opts->allowed_abis ? opts->allowed_abis : CRL_ABI_ALL;
  size_t n, i = crl_find_lowering(opts, c->shape->abi);
  const crl_lowering *const *ls = crl_run_lowerings(opts, &n);
  c->low = i == SIZE_MAX ? NULL : ls[i];
  c->run_state = i == SIZE_MAX ? NULL : &run_states[i];
  if (!(allowed & c->shape->abi)) {
    CRL_ERR(c, c->shape->id, "coroutine uses the %s ABI, which the options do not allow",
            crl_abi_name(c->shape->abi));
    return -1;
  }
  if (!c->low) {
    CRL_ERR(c, c->shape->id,
            "coroutine uses the %s ABI, but that lowering is not available "
            "in this build",
            crl_abi_name(c->shape->abi));
    return -1;
  }
  return 0;
}

/* The ABI's rewrites of the whole coroutine, then each suspend point's
 * blocks (coro/normalize.c) with the ABI's replacement of its call. */
static int normalize(crl_coro *c, const crl_lowering *L) {
  if (L->normalize && L->normalize(c) != 0) return -1;
  crl_valmap resume_of;
  if (crl_normalize_begin(c, &resume_of) != 0) return -1;
  int rc = 0;
  for (uint32_t s = 0; s < c->num_susp && rc == 0; s++) {
    crl_suspend_blocks(c, s, &resume_of);
    rc = L->normalize_suspend(c, &c->susp[s]);
    if (rc == 0) crl_suspend_point(&c->susp[s]);
  }
  crl_valmap_free(&resume_of);
  return rc;
}

/* The per-coroutine steps, each run only while all before it succeeded. */
static int run_steps(crl_coro *c, crl_shape *shape, void **run_states) {
  const crl_lowering *L;
  int rc = crl_shape_build(c, shape);
  if (rc > 0) return oom_check(c, 0); /* nothing to lower (crl_shape_build) */
  rc = oom_check(c, rc);
  if (rc == 0) rc = choose_lowering(c, run_states);
  if (rc != 0) return rc;
  L = c->low;
  if (L->init) rc = oom_check(c, L->init(c));
  if (rc == 0 && L->validate) rc = oom_check(c, L->validate(c));
  if (rc == 0) rc = oom_check(c, normalize(c, L));
  if (rc == 0) rc = oom_check(c, crl_frame_liveness(c));
  if (rc == 0 && L->frame_header) rc = oom_check(c, L->frame_header(c));
  if (rc == 0)
    c->frame.align_guarantee = L->frame_guarantee ? L->frame_guarantee(c)
                                            : crl_target_alloc_align(c->target, c->td);
  if (rc == 0) rc = oom_check(c, crl_frame_build(c));
  if (rc == 0) rc = oom_check(c, crl_rewrite_frame(c));
  if (rc == 0) rc = oom_check(c, L->split(c));
  if (rc == 0 && L->finish) rc = oom_check(c, L->finish(c));
  if (rc == 0) rc = oom_check(c, crl_cleanup_coro(c));
  return rc;
}

void crl_coro_start(crl_coro *c, const crl_run *r, LLVMValueRef fn,
                    const crl_valmap *slots) {
  memset(c, 0, sizeof *c);
  c->mod = r->m;
  c->ctx = LLVMGetModuleContext(r->m);
  c->td = r->td;
  c->target = r->target;
  c->res = r->res;
  c->opts = r->opts;
  c->fn = fn;
  c->slots = slots;
  c->b = LLVMCreateBuilderInContext(c->ctx);
  c->ptr_t = LLVMPointerTypeInContext(c->ctx, 0);
  c->i8_t = LLVMInt8TypeInContext(c->ctx);
  c->i1_t = LLVMInt1TypeInContext(c->ctx);
  c->i32_t = LLVMInt32TypeInContext(c->ctx);
  c->i64_t = LLVMInt64TypeInContext(c->ctx);
}

static int lower_one(const crl_run *r, LLVMValueRef fn, const crl_valmap *slots,
                     void **run_states) {
  crl_coro c;
  crl_shape shape = {0};
  crl_coro_start(&c, r, fn, slots);
  c.shape = &shape;
  crl_oom_take();
  int rc = crl_valmap_init(&c.frame.field_of, 64);
  if (rc != 0) CRL_ERR(&c, NULL, "out of memory");
  /* As LLVM does: code that can never run (a suspend in a dead block, say,
   * or a landing pad only invokes of nounwind callees reach) is dropped
   * rather than judged or given frame space; nor is what a branch or phi
   * on a constant decides (swiftc's `br i1 true` guards), nor values a
   * local fold removes (crl_frame_simplify). */
  if (rc == 0) {
    crl_calls_for_nounwind_invokes(fn); /* it notes running out of memory */
    rc = oom_check(&c, 0);
  }
  if (rc == 0) crl_frame_simplify(fn);
  if (rc == 0) rc = run_steps(&c, &shape, run_states);
  crl_frame_free(&c);
  if (c.low && c.low->release) c.low->release(&c);
  crl_coro_free(&c);
  crl_shape_free(&shape);
  return rc;
}

int crl_lower_coroutine(const crl_run *r, LLVMValueRef fn, const crl_valmap *slots,
                        void **run_states) {
  crl_result *res = r->res;
  if (r->rb && !crl_rollback_has(r->rb, fn)) { /* its copy ran out of memory */
    crl_diagf(res, CRL_SEV_ERROR, fn, NULL, "out of memory");
    crl_result_note_coroutine(res, fn, 0);
    return -1;
  }
  /* The functions lowering fn adds come after this mark (taken without
   * copies too: they are verified with fn). */
  crl_mark mk = r->rb ? crl_rollback_mark(r->rb)
                      : (crl_mark){LLVMGetLastFunction(r->m), LLVMGetLastGlobal(r->m), 0};
  size_t frames = crl_result_num_frames(res), errors = res->num_errors;
  int rc = r->rb ? crl_rollback_log_inits(r->rb, fn) : 0;
  if (rc != 0)
    crl_diagf(res, CRL_SEV_ERROR, fn, NULL, "out of memory");
  else
    rc = lower_one(r, fn, slots, run_states);
  /* An allocation that failed where nothing could report it. */
  if (crl_oom_take() && rc == 0) {
    crl_diagf(res, CRL_SEV_ERROR, fn, NULL, "out of memory");
    rc = -1;
  }
  if (rc == 0 && res->num_errors == errors && !r->opts->skip_output_verify)
    crl_verify_lowered(fn, mk.last_fn, res);
  int ok = rc == 0 && res->num_errors == errors;
  /* A refusal always says why: a step that stopped without a word is a
   * bug, reported rather than passed off as success. */
  if (!ok && res->num_errors == errors)
    crl_diagf(res, CRL_SEV_ERROR, fn, NULL, "internal error: lowering stopped without a diagnostic");
  if (!ok && r->rb) crl_rollback_discard(r->rb, fn, mk);
  if (!ok) crl_result_drop_frames(res, frames);
  crl_result_note_coroutine(res, fn, ok);
  return ok ? 0 : -1;
}
