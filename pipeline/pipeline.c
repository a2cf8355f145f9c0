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
 *            sizes), nothing left behind, then the verifier on what changed.
 *
 * A new lowering is a package exporting one crl_lowering table; it is
 * listed below and found by weak reference. */
#include <stdlib.h>
#include <string.h>

#include "coro/lowering.h"
#include "frame/frame.h"
#include "irkit/blocks.h"
#include "irkit/oom.h"
#include "irkit/slots.h"
#include "irkit/unwind.h"
#include "pipeline/verify.h"
#include "targets/targets.h"

/* Lowerings are separate libraries: weak references let the pipeline find
 * those linked in without forcing any of them into a user's binary. */
extern const crl_lowering crl_switch_lowering __attribute__((weak));
extern const crl_lowering crl_retcon_lowering __attribute__((weak));
extern const crl_lowering crl_async_lowering __attribute__((weak));

void crl_options_init(crl_options *o) {
  memset(o, 0, sizeof *o);
  o->allowed_abis = CRL_ABI_ALL;
}

static const crl_lowering *const linked[] = {
    &crl_switch_lowering, &crl_retcon_lowering, &crl_async_lowering};

static const crl_lowering *find_lowering(const crl_options *o, crl_abi abi) {
  if (o->lowerings) {
    for (size_t i = 0; i < o->num_lowerings; i++)
      if (o->lowerings[i] && (o->lowerings[i]->abis & abi))
        return o->lowerings[i];
    return NULL;
  }
  for (size_t i = 0; i < sizeof linked / sizeof *linked; i++)
    if (linked[i] && (linked[i]->abis & abi)) return linked[i];
  return NULL;
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
    if (rc == 0) CRL_ERR(c, NULL, "out of memory");
    return -1;
  }
  return rc;
}

static int choose_lowering(crl_coro *c) {
  const crl_options *opts = c->opts;
  unsigned allowed = opts->allowed_abis ? opts->allowed_abis : CRL_ABI_ALL;
  c->low = find_lowering(opts, c->abi);
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
static int run_steps(crl_coro *c) {
  const crl_lowering *L;
  int rc = crl_shape_build(c);
  if (rc > 0) return 0; /* nothing to lower (crl_shape_build) */
  if (rc == 0) rc = choose_lowering(c);
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
                     const crl_valmap *slots) {
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
   * rather than judged or given frame space. */
  if (rc == 0) {
    crl_calls_for_nounwind_invokes(fn); /* it notes running out of memory */
    rc = oom_check(&c, 0);
  }
  if (rc == 0) crl_remove_unreachable(fn);
  if (rc == 0) rc = run_steps(&c);
  crl_frame_free(&c);
  if (c.low && c.low->release) c.low->release(&c);
  crl_coro_free(&c);
  return rc;
}

/* A module-level hook (module_early or module_late) of every linked
 * lowering, in table order. */
static int each_module_hook(LLVMModuleRef m, const crl_target *t, crl_result *res,
                            const crl_options *opts, int late) {
  crl_module_ctx mc = {m, t, res, opts};
  const crl_lowering *const *ls = opts->lowerings ? opts->lowerings : linked;
  size_t n = opts->lowerings ? opts->num_lowerings : sizeof linked / sizeof *linked;
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
  if (each_module_hook(m, t, res, opts, 0) != 0) return -1;
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

/* Functions are collected first: lowering adds new functions to the module,
 * and iterating while adding would visit them. */
static crl_result *lower(LLVMModuleRef m, LLVMValueRef only,
                         const crl_options *user_opts) {
  crl_result *res = crl_result_new();
  if (!res) return NULL;
  crl_options defaults;
  crl_options_init(&defaults);
  const crl_options *opts = user_opts ? user_opts : &defaults;
  crl_valmap index_of, touched, id_callers;
  crl_valmap_init(&index_of, 16);
  crl_valmap_init(&touched, 16);
  crl_valmap_init(&id_callers, 16);
  intrinsic_callers(m, &touched, &id_callers);
  const crl_target *target = NULL;
  mark_implied(m, only);
  int coroutines = touched.n > 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f && !coroutines; f = LLVMGetNextFunction(f))
    coroutines = crl_is_presplit(f);
  /* Forms of another LLVM's coroutines: named, rather than "no coroutine
   * id" for a coroutine whose id LLVM 22 does not know. */
  if (coroutines && crl_check_fork_forms(m, res) != 0) {
    crl_valmap_free(&index_of);
    crl_valmap_free(&touched);
    crl_valmap_free(&id_callers);
    return res;
  }
  /* A module without coroutines is left as it was, triple and layout
   * included. */
  if (coroutines && prepare_target(m, opts, res, &target) != 0) {
    crl_valmap_free(&index_of);
    crl_valmap_free(&touched);
    crl_valmap_free(&id_callers);
    return res;
  }
  /* Frame reports name unnamed values by the input's numbering, taken
   * before anything (legacy repair, early lowering) changes the code. */
  crl_vec named = {0};
  LLVMValueRef last_before = LLVMGetLastFunction(m);
  /* Presplit, or holding a coroutine id (old dialect, or an id that makes
   * its caller a coroutine: marked later): only these need their values
   * numbered for frame reports. */
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && (!only || f == only) &&
        (crl_is_presplit(f) || crl_valmap_has(&id_callers, f))) {
      crl_valmap_put_id(&index_of, f, named.n);
      crl_vec_push(&named, f);
    }
  crl_valmap *slot_maps = calloc(named.n + 1, sizeof *slot_maps);
  for (unsigned k = 0; slot_maps && k < named.n; k++)
    crl_number_slots(named.v[k], &slot_maps[k]);
  crl_repair_legacy_module(m);
  crl_mark_coroutines(m);
  LLVMTargetDataRef td = LLVMCreateTargetData(LLVMGetDataLayoutStr(m));
  if (coroutines && module_early(m, target, res, opts) == 0) {
    crl_vec coros = {0};
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
      if (!LLVMIsDeclaration(f) && crl_is_presplit(f) && (!only || f == only))
        crl_vec_push(&coros, f);
    for (unsigned i = 0; i < coros.n; i++) {
      uint32_t k = crl_valmap_get_id(&index_of, coros.v[i]);
      lower_one(coros.v[i], td, target, res, opts,
                slot_maps && k != UINT32_MAX ? &slot_maps[k] : NULL);
    }
    crl_vec_free(&coros);
    if (crl_result_ok(res)) each_module_hook(m, target, res, opts, 1);
  }
  if (crl_result_ok(res)) crl_check_leftovers(m, res, opts->keep_elision_markers);
  if (crl_result_ok(res) && !opts->skip_output_verify)
    crl_verify_changed(m, &touched, last_before, res);
  LLVMDisposeTargetData(td);
  for (unsigned k = 0; slot_maps && k < named.n; k++) crl_valmap_free(&slot_maps[k]);
  free(slot_maps);
  crl_vec_free(&named);
  crl_valmap_free(&index_of);
  crl_valmap_free(&touched);
  crl_valmap_free(&id_callers);
  return res;
}

crl_result *crl_lower_module(LLVMModuleRef m, const crl_options *opts) {
  return lower(m, NULL, opts);
}

crl_result *crl_lower_function(LLVMValueRef fn, const crl_options *opts) {
  return lower(LLVMGetGlobalParent(fn), fn, opts);
}
