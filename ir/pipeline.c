/* The shared pipeline: parse-level repair and early lowering for the whole
 * module, then for each presplit coroutine shape, normalize, plan the frame,
 * rewrite, split (the ABI's part) and clean up; finally verify. */
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>

#include "ir/blocks.h"
#include "ir/coro.h"
#include "ir/frame_plan.h"
#include "ir/verify.h"
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

static const crl_lowering *find_lowering(const crl_options *o, crl_abi abi) {
  if (o->lowerings) {
    for (size_t i = 0; i < o->num_lowerings; i++)
      if (o->lowerings[i] && (o->lowerings[i]->abis & abi))
        return o->lowerings[i];
    return NULL;
  }
  const crl_lowering *linked[] = {&crl_switch_lowering, &crl_retcon_lowering,
                                  &crl_async_lowering};
  for (size_t i = 0; i < 3; i++)
    if (linked[i] && (linked[i]->abis & abi)) return linked[i];
  return NULL;
}

int crl_is_presplit(LLVMValueRef fn) {
  /* No static cache: lowering may run on several threads. */
  unsigned kind = LLVMGetEnumAttributeKindForName("presplitcoroutine", 17);
  return LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind) !=
         NULL;
}

static void coro_free(crl_coro *c) {
  crl_vec *vs[] = {&c->allocs, &c->frees, &c->sizes, &c->aligns, &c->ends,
                   &c->in_ramps, &c->saves, &c->allocas_get, &c->frame_geps,
                   &c->dead_allocas};
  for (size_t i = 0; i < sizeof vs / sizeof *vs; i++) crl_vec_free(vs[i]);
  crl_plan_free(c->plan);
  crl_vec_free(&c->reloads);
  free(c->frame_vars);
  free(c->susp);
  for (uint32_t f = 0; f < c->num_fields; f++)
    if (c->fields[f].owns_name) free((void *)c->fields[f].name);
  free(c->fields);
  crl_valmap_free(&c->frame_addr);
  if (c->b) LLVMDisposeBuilder(c->b);
}

/* Functions calling a coroutine intrinsic (`any`), and those calling
 * coro.id (`ids`), found through the declarations' uses rather than a walk
 * over every instruction of the module. Taken before lowering: these and
 * the functions lowering adds are all it can change. */
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
      if (k == CRL_I_ID) crl_valmap_put(ids, fn, fn);
    }
  }
}

static int lower_one(LLVMValueRef fn, LLVMTargetDataRef td, crl_result *res,
                     const crl_options *opts, const crl_valmap *slots) {
  crl_coro c;
  memset(&c, 0, sizeof c);
  c.mod = LLVMGetGlobalParent(fn);
  c.ctx = LLVMGetModuleContext(c.mod);
  c.td = td;
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
  crl_valmap_init(&c.frame_addr, 64);
  /* As LLVM does: code that can never run (a suspend in a dead block, say)
   * is dropped rather than judged. */
  crl_remove_unreachable(fn);
  int rc = crl_shape_build(&c);
  if (rc == 0) {
    unsigned allowed = opts->allowed_abis ? opts->allowed_abis : CRL_ABI_ALL;
    c.low = find_lowering(opts, c.abi);
    if (!(allowed & c.abi)) {
      CRL_ERR(&c, c.id, "coroutine uses the %s ABI, which the options do not allow",
              crl_abi_name(c.abi));
      rc = -1;
    } else if (!c.low) {
      CRL_ERR(&c, c.id,
              "coroutine uses the %s ABI, but that lowering is not available "
              "in this build",
              crl_abi_name(c.abi));
      rc = -1;
    }
  }
  if (rc == 0 && c.low->init) rc = c.low->init(&c);
  if (rc == 0) rc = crl_normalize(&c);
  if (rc == 0) rc = crl_plan_frame(&c);
  if (rc == 0) rc = crl_rewrite_frame(&c);
  if (rc == 0) rc = c.low->split(&c);
  if (rc == 0) rc = crl_cleanup_coro(&c);
  coro_free(&c);
  return rc;
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
  char *err = crl_target_prepare_module(m, opts->target_triple, opts->data_layout);
  if (err) {
    crl_diagf(res, CRL_SEV_ERROR, NULL, NULL, "%s", err);
    free(err);
    return res;
  }
  /* Frame reports name unnamed values by the input's numbering, taken
   * before anything (legacy repair, early lowering) changes the code. */
  crl_vec named = {0};
  crl_valmap index_of, touched, id_callers;
  crl_valmap_init(&index_of, 16);
  crl_valmap_init(&touched, 16);
  crl_valmap_init(&id_callers, 16);
  intrinsic_callers(m, &touched, &id_callers);
  LLVMValueRef last_before = LLVMGetLastFunction(m);
  /* Presplit, or (old dialect, marked later) holding a coroutine id: only
   * these need their values numbered for frame reports. */
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
  LLVMTargetDataRef td = LLVMCreateTargetData(LLVMGetDataLayoutStr(m));
  if (crl_early_lower_module(m, res, opts->keep_elision_markers) == 0 &&
      crl_check_outside_coroutines(m, res) == 0 &&
      crl_cleanup_split_ramps(m, res, opts->keep_elision_markers) == 0) {
    crl_vec coros = {0};
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
      if (!LLVMIsDeclaration(f) && crl_is_presplit(f) && (!only || f == only))
        crl_vec_push(&coros, f);
    for (unsigned i = 0; i < coros.n; i++) {
      uint32_t k = crl_valmap_get_id(&index_of, coros.v[i]);
      lower_one(coros.v[i], td, res, opts,
                slot_maps && k != UINT32_MAX ? &slot_maps[k] : NULL);
    }
    crl_vec_free(&coros);
  }
  if (crl_result_ok(res)) crl_check_leftovers(m, res, opts->keep_elision_markers);
  if (crl_result_ok(res)) crl_verify_changed(m, &touched, last_before, res);
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
