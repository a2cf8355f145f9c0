/* The pipeline: the only place that calls the lowerings' hooks, in this
 * order (coro/lowering.h says what each does).
 *
 *   module:  legacy repair, target, every linked lowering's module_early,
 *            no coroutine intrinsic outside a coroutine
 *   per coroutine:
 *     shape              coro/shape.c      (shared)
 *     init, validate                       (the ABI's)
 *     normalize          coro/normalize.c  (shared, with the ABI's
 *                                           normalize and normalize_suspend)
 *     liveness           frame/spill_plan.c
 *     frame_header, frame_guarantee        (the ABI's)
 *     frame fields, layout, report         frame/
 *     rewrite            frame/rewrite.c
 *     split, finish                        (the ABI's, on cloner/)
 *     cleanup            coro/cleanup.c
 *     release                              (the ABI's, always)
 *   module:  every linked lowering's module_late (what reads final
 *            sizes), its run_release (what it kept across the run's
 *            coroutines), nothing left behind, then the verifier on what
 *            changed.
 *
 * A new lowering is a package exporting one crl_lowering table; it is
 * listed below and found by weak reference. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "coro/lowering.h"
#include "frame/frame.h"
#include "irkit/blocks.h"
#include "irkit/oom.h"
#include "irkit/slots.h"
#include "irkit/unwind.h"
#include "pipeline/arguments.h"
#include "pipeline/rollback.h"
#include "pipeline/verify.h"
#include "targets/targets.h"

/* Lowerings are separate libraries: weak references let the pipeline find
 * those linked in without forcing any of them into a user's binary. */
extern const crl_lowering crl_switch_lowering __attribute__((weak));
extern const crl_lowering crl_retcon_lowering __attribute__((weak));
extern const crl_lowering crl_async_lowering __attribute__((weak));

void crl_options_init(crl_options *o) {
  if (!o) return;
  memset(o, 0, sizeof *o);
  o->allowed_abis = CRL_ABI_ALL;
}

static const crl_lowering *const linked[] = {
    &crl_switch_lowering, &crl_retcon_lowering, &crl_async_lowering};

/* The lowerings a run can use: the options' list, else those linked in. */
static const crl_lowering *const *lowerings(const crl_options *o, size_t *n) {
  if (o->lowerings) {
    *n = o->num_lowerings;
    return o->lowerings;
  }
  *n = sizeof linked / sizeof *linked;
  return linked;
}

/* The index in that list of the lowering for `abi`, or SIZE_MAX. */
static size_t find_lowering(const crl_options *o, crl_abi abi) {
  size_t n;
  const crl_lowering *const *ls = lowerings(o, &n);
  for (size_t i = 0; i < n; i++)
    if (ls[i] && (ls[i]->abis & abi)) return i;
  return SIZE_MAX;
}

/* Functions calling a coroutine intrinsic (`any`), and those calling a
 * coroutine id (`ids`), found through the declarations' uses rather than a
 * walk over every instruction of the module. Taken before lowering: these
 * and the functions lowering adds are all it can change. */
static void intrinsic_callers(LLVMModuleRef m, crl_valmap *any, crl_valmap *ids) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (!LLVMIsDeclaration(f)) continue;
    crl_intr k = crl_intrinsic_of_fn(f);
    if (!crl_is_coro_intrinsic(k)) continue;
    for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef i = LLVMGetUser(u);
      if (!LLVMIsAInstruction(i)) continue;
      LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(i));
      crl_valmap_put(any, fn, fn);
      if (k == CRL_I_ID || crl_id_implies_coroutine(k)) crl_valmap_put(ids, fn, fn);
    }
  }
}

/* What LLVM's CoroEarly does: a function calling an id that implies a
 * coroutine (crl_id_implies_coroutine) is one, attribute or not. */
static void mark_implied(LLVMModuleRef m, LLVMValueRef only) {
  unsigned kind = LLVMGetEnumAttributeKindForName("presplitcoroutine", 17);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (!LLVMIsDeclaration(f) || !crl_id_implies_coroutine(crl_intrinsic_of_fn(f)))
      continue;
    for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef i = LLVMGetUser(u);
      if (!LLVMIsAInstruction(i)) continue;
      LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(i));
      if ((only && fn != only) || crl_is_presplit(fn)) continue;
      LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                              LLVMCreateEnumAttribute(LLVMGetModuleContext(m), kind, 0));
    }
  }
}

/* An allocation that failed where nothing could report it. */
static int oom_check(crl_coro *c, int rc) {
  if (crl_oom_take()) {
    CRL_ERR(c, NULL, "out of memory");
    return -1;
  }
  return rc;
}

/* run_states: one slot per lowering of the list (lowerings()), kept for
 * the whole run. */
static int choose_lowering(crl_coro *c, void **run_states) {
  const crl_options *opts = c->opts;
  unsigned allowed = opts->allowed_abis ? opts->allowed_abis : CRL_ABI_ALL;
  size_t n, i = find_lowering(opts, c->abi);
  const crl_lowering *const *ls = lowerings(opts, &n);
  c->low = i == SIZE_MAX ? NULL : ls[i];
  c->run_state = i == SIZE_MAX ? NULL : &run_states[i];
  if (!(allowed & c->abi)) {
    CRL_ERR(c, c->id, "coroutine uses the %s ABI, which the options do not allow",
            crl_abi_name(c->abi));
    return -1;
  }
  if (!c->low) {
    CRL_ERR(c, c->id,
            "coroutine uses the %s ABI, but that lowering is not available "
            "in this build",
            crl_abi_name(c->abi));
    return -1;
  }
  return 0;
}

/* The per-coroutine steps, each run only while all before it succeeded. */
static int run_steps(crl_coro *c, void **run_states) {
  const crl_lowering *L;
  int rc = crl_shape_build(c);
  if (rc > 0) return oom_check(c, 0); /* nothing to lower (crl_shape_build) */
  rc = oom_check(c, rc);
  if (rc == 0) rc = choose_lowering(c, run_states);
  if (rc != 0) return rc;
  L = c->low;
  if (L->init) rc = oom_check(c, L->init(c));
  if (rc == 0 && L->validate) rc = oom_check(c, L->validate(c));
  if (rc == 0) rc = oom_check(c, crl_normalize(c));
  if (rc == 0) rc = oom_check(c, crl_frame_liveness(c));
  if (rc == 0 && L->frame_header) rc = oom_check(c, L->frame_header(c));
  if (rc == 0)
    c->align_guarantee = L->frame_guarantee ? L->frame_guarantee(c)
                                            : crl_target_alloc_align(c->target, c->td);
  if (rc == 0) rc = oom_check(c, crl_frame_build(c));
  if (rc == 0) rc = oom_check(c, crl_rewrite_frame(c));
  if (rc == 0) rc = oom_check(c, L->split(c));
  if (rc == 0 && L->finish) rc = oom_check(c, L->finish(c));
  if (rc == 0) rc = oom_check(c, crl_cleanup_coro(c));
  return rc;
}

static int lower_one(LLVMValueRef fn, LLVMTargetDataRef td, const crl_target *t,
                     crl_result *res, const crl_options *opts,
                     const crl_valmap *slots, void **run_states) {
  crl_coro c;
  memset(&c, 0, sizeof c);
  c.mod = LLVMGetGlobalParent(fn);
  c.ctx = LLVMGetModuleContext(c.mod);
  c.td = td;
  c.target = t;
  c.res = res;
  c.opts = opts;
  c.fn = fn;
  c.slots = slots;
  c.b = LLVMCreateBuilderInContext(c.ctx);
  c.ptr_t = LLVMPointerTypeInContext(c.ctx, 0);
  c.i8_t = LLVMInt8TypeInContext(c.ctx);
  c.i1_t = LLVMInt1TypeInContext(c.ctx);
  c.i32_t = LLVMInt32TypeInContext(c.ctx);
  c.i64_t = LLVMInt64TypeInContext(c.ctx);
  crl_oom_take();
  int rc = crl_valmap_init(&c.frame_addr, 64);
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
  if (rc == 0) rc = run_steps(&c, run_states);
  crl_frame_free(&c);
  if (c.low && c.low->release) c.low->release(&c);
  crl_coro_free(&c);
  return rc;
}

/* A module-level hook (module_early or module_late) of every linked
 * lowering, in table order. */
static int each_module_hook(LLVMModuleRef m, const crl_target *t, crl_result *res,
                            const crl_options *opts, int late,
                            const crl_valmap *put_back) {
  crl_module_ctx mc = {m, t, res, opts, put_back};
  size_t n;
  const crl_lowering *const *ls = lowerings(opts, &n);
  for (size_t i = 0; i < n; i++) {
    if (!ls[i]) continue;
    int (*hook)(const crl_module_ctx *) = late ? ls[i]->module_late : ls[i]->module_early;
    if (hook && hook(&mc) != 0) return -1;
  }
  return 0;
}

/* The module-level part every linked lowering does before coroutines are
 * lowered, then the check that nothing coroutine-only is left elsewhere. */
static int module_early(LLVMModuleRef m, const crl_target *t, crl_result *res,
                        const crl_options *opts) {
  if (each_module_hook(m, t, res, opts, 0, NULL) != 0) return -1;
  return crl_check_outside_coroutines(m, res);
}

/* The module's target, whose layout the frames need: known to the targets
 * package, else an error rather than a guess. */
static int prepare_target(LLVMModuleRef m, const crl_options *opts,
                          crl_result *res, const crl_target **out) {
  char *assumed = NULL;
  char *err = crl_target_prepare_module(m, opts->target_triple, opts->data_layout,
                                        &assumed);
  /* Frame offsets follow from the layout: say which one they came from. */
  if (assumed) crl_diagf(res, CRL_SEV_NOTE, NULL, NULL, "%s", assumed);
  free(assumed);
  if (err) {
    crl_diagf(res, CRL_SEV_ERROR, NULL, NULL, "%s", err);
    free(err);
    return -1;
  }
  char *triple = NULL;
  *out = crl_target_of_module(m, &triple);
  if (!*out) {
    crl_diagf(res, CRL_SEV_ERROR, NULL, NULL,
              "target '%s' is not supported: corolower lowers coroutines for %s",
              triple ? triple : "?", crl_target_names());
  }
  free(triple);
  return *out ? 0 : -1;
}

/* An allocation that failed in a module-level step, where nothing could
 * report it: the step's work cannot be trusted. */
static int module_oom(crl_result *res) {
  if (!crl_oom_take()) return 0;
  crl_diagf(res, CRL_SEV_ERROR, NULL, NULL, "out of memory");
  return 1;
}

/* Copies every function lowering may change, before anything changes it:
 * each coroutine, and each function whose coroutine intrinsics the
 * module-level early lowering rewrites. */
static int save_all(LLVMModuleRef m, const crl_valmap *touched, crl_rollback *rb) {
  if (crl_rollback_init(rb, m) != 0) return -1;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && (crl_valmap_has(touched, f) || crl_is_presplit(f)) &&
        crl_rollback_save(rb, f) != 0)
      return -1;
  return 0;
}

/* Lowers fn; a refusal (a diagnostic, or a lowered body the verifier
 * rejects) drops what lowering made of it, to be put back at the end. */
static int lower_or_discard(LLVMValueRef fn, LLVMTargetDataRef td, const crl_target *t,
                            crl_result *res, const crl_options *opts,
                            const crl_valmap *slots, crl_rollback *rb,
                            void **run_states) {
  /* The functions lowering fn adds come after this mark (taken without
   * copies too: they are verified with fn). */
  LLVMModuleRef m = LLVMGetGlobalParent(fn);
  crl_mark mk = rb ? crl_rollback_mark(rb)
                   : (crl_mark){LLVMGetLastFunction(m), LLVMGetLastGlobal(m), 0};
  size_t frames = crl_result_num_frames(res), errors = res->num_errors;
  int rc = rb ? crl_rollback_log_inits(rb, fn) : 0;
  if (rc != 0)
    crl_diagf(res, CRL_SEV_ERROR, fn, NULL, "out of memory");
  else
    rc = lower_one(fn, td, t, res, opts, slots, run_states);
  /* An allocation that failed where nothing could report it. */
  if (crl_oom_take() && rc == 0) {
    crl_diagf(res, CRL_SEV_ERROR, fn, NULL, "out of memory");
    rc = -1;
  }
  if (rc == 0 && res->num_errors == errors && !opts->skip_output_verify)
    crl_verify_lowered(fn, mk.last_fn, res);
  int ok = rc == 0 && res->num_errors == errors;
  /* A refusal always says why: a step that stopped without a word is a
   * bug, reported rather than passed off as success. */
  if (!ok && res->num_errors == errors)
    crl_diagf(res, CRL_SEV_ERROR, fn, NULL, "internal error: lowering stopped without a diagnostic");
  if (!ok && rb) crl_rollback_discard(rb, fn, mk);
  if (!ok) crl_result_drop_frames(res, frames);
  crl_result_note_coroutine(res, fn, ok);
  return ok ? 0 : -1;
}

/* Functions are collected first: lowering adds new functions to the module,
 * and iterating while adding would visit them. Every coroutine lowered is
 * verified as it is done; what else changed, at the end. */
static int lower_coroutines(LLVMModuleRef m, LLVMValueRef only, LLVMTargetDataRef td,
                            const crl_target *t, crl_result *res,
                            const crl_options *opts, const crl_valmap *index_of,
                            const crl_valmap *slot_maps, crl_rollback *rb,
                            crl_valmap *lowered, void **run_states) {
  crl_vec coros = {0};
  int refused = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && crl_is_presplit(f) && (!only || f == only) &&
        crl_vec_push(&coros, f) != 0) {
      crl_vec_free(&coros);
      return -1; /* noted: the caller's module-level check reports it */
    }
  for (unsigned i = 0; i < coros.n; i++) {
    LLVMValueRef f = coros.v[i];
    uint32_t k = crl_valmap_get_id(index_of, f);
    const crl_valmap *slots = slot_maps && k != UINT32_MAX ? &slot_maps[k] : NULL;
    if (rb && !crl_rollback_has(rb, f)) {
      crl_diagf(res, CRL_SEV_ERROR, f, NULL, "out of memory");
      crl_result_note_coroutine(res, f, 0);
      refused = 1;
    } else if (lower_or_discard(f, td, t, res, opts, slots, rb, run_states) != 0) {
      refused = 1;
    } else {
      crl_valmap_put(lowered, f, f);
    }
  }
  crl_vec_free(&coros);
  return refused;
}

static crl_result *lower(LLVMModuleRef m, LLVMValueRef only,
                         const crl_options *user_opts) {
  crl_result *res = crl_result_new();
  if (!res) return NULL;
  crl_options defaults;
  crl_options_init(&defaults);
  const crl_options *opts = user_opts ? user_opts : &defaults;
  crl_valmap index_of, touched, id_callers, lowered;
  crl_valmap_init(&index_of, 16);
  crl_valmap_init(&touched, 16);
  crl_valmap_init(&id_callers, 16);
  crl_valmap_init(&lowered, 16);
  intrinsic_callers(m, &touched, &id_callers);
  const crl_target *target = NULL;
  int coroutines = touched.n > 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f && !coroutines; f = LLVMGetNextFunction(f))
    coroutines = crl_is_presplit(f) || crl_valmap_has(&id_callers, f);
  /* Forms of another LLVM's coroutines: named, rather than "no coroutine
   * id" for a coroutine whose id LLVM 22 does not know. */
  if (coroutines && crl_check_fork_forms(m, res) != 0) {
    crl_valmap_free(&index_of);
    crl_valmap_free(&touched);
    crl_valmap_free(&id_callers);
    crl_valmap_free(&lowered);
    return res;
  }
  /* A module without coroutines is left as it was, triple and layout
   * included; so is one whose coroutines are all refused. */
  char *layout = crl_strdup(LLVMGetDataLayoutStr(m));
  char *triple = crl_strdup(LLVMGetTarget(m));
  if (coroutines && prepare_target(m, opts, res, &target) != 0) {
    free(layout);
    free(triple);
    crl_valmap_free(&index_of);
    crl_valmap_free(&touched);
    crl_valmap_free(&id_callers);
    crl_valmap_free(&lowered);
    return res;
  }
  /* Frame reports name unnamed values by the input's numbering, taken
   * before anything (legacy repair, early lowering) changes the code. */
  crl_vec named = {0};
  /* Presplit, or holding a coroutine id (old dialect, or an id that makes
   * its caller a coroutine: marked later): only these need their values
   * numbered for frame reports. */
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && (!only || f == only) &&
        (crl_is_presplit(f) || crl_valmap_has(&id_callers, f))) {
      crl_valmap_put_id(&index_of, f, named.n);
      crl_vec_push(&named, f);
    }
  crl_valmap *slot_maps = crl_calloc(named.n + 1, sizeof *slot_maps);
  for (unsigned k = 0; slot_maps && k < named.n; k++)
    crl_number_slots(named.v[k], &slot_maps[k]);
  crl_repair_legacy_module(m);
  crl_rollback rb;
  memset(&rb, 0, sizeof rb);
  /* Without copies (opts->no_rollback) nothing can be put back. */
  int saved = coroutines && (opts->no_rollback || save_all(m, &touched, &rb) == 0);
  if (coroutines && !saved)
    crl_diagf(res, CRL_SEV_ERROR, NULL, NULL, "out of memory");
  crl_rollback *rbp = opts->no_rollback ? NULL : &rb;
  LLVMValueRef last_before = LLVMGetLastFunction(m);
  LLVMTargetDataRef td = LLVMCreateTargetData(LLVMGetDataLayoutStr(m));
  int module_ok = saved;
  int refused = 0;
  if (saved) {
    mark_implied(m, only);
    crl_mark_coroutines(m);
    crl_oom_take();
    module_ok = module_early(m, target, res, opts) == 0;
    module_ok = module_ok && !module_oom(res);
  }
  LLVMValueRef last_early = LLVMGetLastFunction(m);
  /* Without copies a refused coroutine is still there, half lowered:
   * the module-level steps after lowering would only report it again. */
  int finish = 0;
  size_t nl;
  const crl_lowering *const *ls = lowerings(opts, &nl);
  void **run_states = crl_calloc(nl + 1, sizeof *run_states);
  if (module_ok && !run_states) module_ok = !module_oom(res);
  if (module_ok) {
    refused = lower_coroutines(m, only, td, target, res, opts, &index_of, slot_maps,
                               rbp, &lowered, run_states);
    if (refused < 0) module_ok = 0, refused = 1;
    finish = module_ok && (rbp || !refused);
    crl_valmap back = {0};
    if (finish && refused && rbp) crl_rollback_put_back_set(rbp, &lowered, &back);
    if (finish)
      module_ok = each_module_hook(m, target, res, opts, 1, back.cap ? &back : NULL) == 0;
    crl_valmap_free(&back);
    module_ok = !module_oom(res) && module_ok;
  }
  for (size_t i = 0; run_states && i < nl; i++)
    if (run_states[i] && ls[i] && ls[i]->run_release) ls[i]->run_release(run_states[i]);
  free(run_states);
  size_t errors = res->num_errors;
  if (finish && module_ok) crl_check_leftovers(m, res, opts->keep_elision_markers, only);
  if (finish && module_ok && res->num_errors == errors && !opts->skip_output_verify)
    crl_verify_changed(m, &touched, &lowered, last_before, last_early, res);
  module_ok = module_ok && res->num_errors == errors;
  /* A step for the whole module failed: everything goes back. Else only
   * the refused coroutines and the functions around them. */
  if (saved && rbp && !module_ok) {
    crl_rollback_undo_all(rbp);
    crl_result_all_refused(res);
  } else if (saved && rbp && refused) {
    crl_rollback_undo_except(rbp, &lowered);
  }
  crl_rollback_free(&rb);
  if (rbp && (lowered.n == 0 || !module_ok) && !crl_result_ok(res) && layout && triple) {
    LLVMSetDataLayout(m, layout);
    LLVMSetTarget(m, triple);
  }
  free(layout);
  free(triple);
  LLVMDisposeTargetData(td);
  for (unsigned k = 0; slot_maps && k < named.n; k++) crl_valmap_free(&slot_maps[k]);
  free(slot_maps);
  crl_vec_free(&named);
  crl_valmap_free(&index_of);
  crl_valmap_free(&touched);
  crl_valmap_free(&id_callers);
  crl_valmap_free(&lowered);
  return res;
}

crl_result *crl_lower_module(LLVMModuleRef m, const crl_options *opts) {
  crl_result *misuse;
  if (crl_misused_module(m, opts, &misuse)) return misuse;
  return lower(m, NULL, opts);
}

crl_result *crl_lower_function(LLVMValueRef fn, const crl_options *opts) {
  crl_result *misuse;
  if (crl_misused_function(fn, opts, &misuse)) return misuse;
  return lower(LLVMGetGlobalParent(fn), fn, opts);
}
