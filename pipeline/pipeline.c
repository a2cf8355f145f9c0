/* The pipeline: the only place that calls the lowerings' hooks. A run
 * over a module reads as the list lower_module() is:
 *
 *   prepare the module   fork forms, target and layout, the input's value
 *                        numbering, older-dialect repair, the copies
 *                        refusals put back, CoroEarly's marking, every
 *                        lowering's module_early, no coroutine intrinsic
 *                        outside a coroutine
 *   lower each coroutine pipeline/coroutine.c (its steps, in order)
 *   finish the module    every lowering's module_late (what reads final
 *                        sizes), its run_release, nothing left behind, the
 *                        verifier on what changed
 *   put back             what was refused, as it was in the input
 *
 * A new lowering is a package exporting one crl_lowering table, added to
 * CRL_LOWERINGS (corolower.h) and packages.bzl. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "coro/lowering.h"
#include "irkit/oom.h"
#include "irkit/slots.h"
#include "pipeline/arguments.h"
#include "pipeline/coroutine.h"
#include "pipeline/lowerings.h"
#include "pipeline/rollback.h"
#include "pipeline/verify.h"
#include "targets/targets.h"

void crl_options_init(crl_options *o) {
  if (!o) return;
  memset(o, 0, sizeof *o);
  o->allowed_abis = CRL_ABI_ALL;
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

/* The module-level part every linked lowering does before coroutines are
 * lowered, then the check that nothing coroutine-only is left elsewhere. */
static int module_early(const crl_run *r) {
  crl_module_ctx mc = {r->m, r->target, r->res, r->opts, NULL};
  if (crl_each_module_hook(&mc, 0) != 0) return -1;
  return crl_check_outside_coroutines(r->m, r->res);
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

/* What a run learns of the module before changing anything. */
typedef struct scan {
  crl_valmap touched;    /* functions calling a coroutine intrinsic */
  crl_valmap id_callers; /* those calling a coroutine id */
} scan;

/* Anything to lower: a presplit coroutine, or a coroutine intrinsic. */
static int scan_module(LLVMModuleRef m, scan *s) {
  crl_valmap_init(&s->touched, 16);
  crl_valmap_init(&s->id_callers, 16);
  intrinsic_callers(m, &s->touched, &s->id_callers);
  int coroutines = s->touched.n > 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f && !coroutines; f = LLVMGetNextFunction(f))
    coroutines = crl_is_presplit(f);
  return coroutines;
}

static void scan_free(scan *s) {
  crl_valmap_free(&s->touched);
  crl_valmap_free(&s->id_callers);
}

/* Frame reports name unnamed values by the input's numbering, taken
 * before anything (legacy repair, early lowering) changes the code. Only
 * functions that are or will be marked coroutines need one: presplit, or
 * holding a coroutine id (old dialect, or an id that makes its caller a
 * coroutine). */
typedef struct numbering {
  crl_valmap index_of; /* function -> its index in slots */
  crl_valmap *slots;   /* NULL when out of memory: reports name nothing */
  unsigned n;
} numbering;

static void number_values(const crl_run *r, const scan *s, numbering *nb) {
  crl_valmap_init(&nb->index_of, 16);
  nb->n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(r->m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && (!r->only || f == r->only) &&
        (crl_is_presplit(f) || crl_valmap_has(&s->id_callers, f)))
      crl_valmap_put_id(&nb->index_of, f, nb->n++);
  nb->slots = crl_calloc(nb->n + 1, sizeof *nb->slots);
  for (LLVMValueRef f = LLVMGetFirstFunction(r->m); f && nb->slots;
       f = LLVMGetNextFunction(f)) {
    uint32_t k = crl_valmap_get_id(&nb->index_of, f);
    if (k != UINT32_MAX) crl_number_slots(f, &nb->slots[k]);
  }
}

static const crl_valmap *slots_of(const numbering *nb, LLVMValueRef f) {
  uint32_t k = crl_valmap_get_id(&nb->index_of, f);
  return nb->slots && k != UINT32_MAX ? &nb->slots[k] : NULL;
}

static void numbering_free(numbering *nb) {
  for (unsigned k = 0; nb->slots && k < nb->n; k++) crl_valmap_free(&nb->slots[k]);
  free(nb->slots);
  crl_valmap_free(&nb->index_of);
}

/* The module's triple and layout as they came: a module whose coroutines
 * are all refused gets them back. */
typedef struct original {
  char *layout, *triple;
} original;

/* Where the module's function list ended before lowering and after its
 * early steps: the verifier looks at what was added after each. */
typedef struct ends {
  LLVMValueRef before, early;
} ends;

/* Prepares the module for its coroutines once its target is known: the
 * repair of an older dialect, the copies of everything lowering may change
 * (r->rb stays NULL without them), the coroutines CoroEarly would mark,
 * every lowering's module_early. 0, or -1 after a diagnostic. */
static int prepare_module(crl_run *r, const scan *s, crl_rollback *rb, ends *e) {
  if (!r->opts->legacy_repaired) crl_repair_legacy_module(r->m);
  if (!r->opts->no_rollback) {
    if (save_all(r->m, &s->touched, rb) != 0) {
      crl_diagf(r->res, CRL_SEV_ERROR, NULL, NULL, "out of memory");
      return -1;
    }
    r->rb = rb;
  }
  e->before = LLVMGetLastFunction(r->m);
  crl_mark_coroutines(r->m);
  crl_oom_take();
  int rc = module_early(r);
  e->early = LLVMGetLastFunction(r->m);
  return module_oom(r->res) || rc != 0 ? -1 : 0;
}

/* Lowers the coroutines (collected first: lowering adds functions, which
 * iterating while adding would visit), each verified as it is done.
 * lowered gets those lowered. 1 when one was refused, 0 when none, -1
 * when out of memory before any was tried. */
static int lower_each(const crl_run *r, const numbering *nb, crl_valmap *lowered,
                      void **run_states) {
  crl_vec coros = {0};
  int refused = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(r->m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && crl_is_presplit(f) && (!r->only || f == r->only) &&
        crl_vec_push(&coros, f) != 0) {
      crl_vec_free(&coros);
      return -1; /* noted: module_oom reports it */
    }
  for (unsigned i = 0; i < coros.n; i++) {
    LLVMValueRef f = coros.v[i];
    if (crl_lower_coroutine(r, f, slots_of(nb, f), run_states) != 0)
      refused = 1;
    else
      crl_valmap_put(lowered, f, f);
  }
  crl_vec_free(&coros);
  return refused;
}

/* The module-level steps after the coroutines: every lowering's
 * module_late, told which functions will be put back (LLVM's passes will
 * see their intrinsics), what each kept across the run released. 0, or -1
 * after a diagnostic. */
static int module_late(const crl_run *r, const crl_valmap *lowered, int refused,
                       void **run_states) {
  crl_valmap back = {0};
  if (refused && r->rb) crl_rollback_put_back_set(r->rb, lowered, &back);
  crl_module_ctx mc = {r->m, r->target, r->res, r->opts, back.cap ? &back : NULL};
  int rc = crl_each_module_hook(&mc, 1);
  crl_valmap_free(&back);
  crl_release_run_states(r->opts, run_states);
  return module_oom(r->res) || rc != 0 ? -1 : 0;
}

/* Nothing coroutine-only left behind, and LLVM's verifier on what
 * changed: 0, or -1 after a diagnostic. */
static int check_module(const crl_run *r, const scan *s, const crl_valmap *lowered,
                        const ends *e) {
  size_t errors = r->res->num_errors;
  crl_check_leftovers(r->m, r->res, r->opts->keep_elision_markers, r->only);
  if (r->res->num_errors == errors && !r->opts->skip_output_verify)
    crl_verify_changed(r->m, &s->touched, lowered, e->before, e->early, r->res);
  return r->res->num_errors == errors ? 0 : -1;
}

/* A step for the whole module failed (!module_ok): everything goes back.
 * Else only the refused coroutines and the functions around them. A
 * module with nothing lowered gets its triple and layout back. */
static void put_back(const crl_run *r, int module_ok, int refused, const crl_valmap *lowered,
                     const original *o) {
  if (r->rb && !module_ok) {
    crl_rollback_undo_all(r->rb);
    crl_result_all_refused(r->res);
  } else if (r->rb && refused) {
    crl_rollback_undo_except(r->rb, lowered);
  }
  if (!r->opts->no_rollback && (lowered->n == 0 || !module_ok) && !crl_result_ok(r->res) &&
      o->layout && o->triple) {
    LLVMSetDataLayout(r->m, o->layout);
    LLVMSetTarget(r->m, o->triple);
  }
}

/* Prepare the module, lower each coroutine, finish the module, put back
 * what was refused. Without copies (opts->no_rollback) a refused
 * coroutine stays half lowered, and the module-level steps after lowering
 * would only report it again: they are skipped. */
static void lower_module(crl_run *r, const scan *s) {
  original o = {crl_strdup(LLVMGetDataLayoutStr(r->m)), crl_strdup(LLVMGetTarget(r->m))};
  if (prepare_target(r->m, r->opts, r->res, &r->target) != 0) {
    free(o.layout);
    free(o.triple);
    return;
  }
  numbering nb;
  number_values(r, s, &nb);
  crl_rollback rb;
  memset(&rb, 0, sizeof rb);
  crl_valmap lowered;
  crl_valmap_init(&lowered, 16);
  size_t nl;
  crl_run_lowerings(r->opts, &nl);
  void **run_states = NULL;
  ends e = {NULL, NULL};
  r->td = LLVMCreateTargetData(LLVMGetDataLayoutStr(r->m));
  int ok = prepare_module(r, s, &rb, &e) == 0, refused = 0;
  if (ok) {
    run_states = crl_calloc(nl + 1, sizeof *run_states);
    ok = run_states || !module_oom(r->res);
  }
  if (ok) {
    refused = lower_each(r, &nb, &lowered, run_states);
    if (refused < 0) ok = 0, refused = 1, module_oom(r->res);
  }
  if (ok && (r->rb || !refused)) {
    ok = module_late(r, &lowered, refused, run_states) == 0;
    ok = ok && check_module(r, s, &lowered, &e) == 0;
  } else {
    crl_release_run_states(r->opts, run_states);
  }
  put_back(r, ok, refused, &lowered, &o);
  crl_rollback_free(&rb);
  free(run_states);
  crl_valmap_free(&lowered);
  numbering_free(&nb);
  LLVMDisposeTargetData(r->td);
  free(o.layout);
  free(o.triple);
}

static crl_result *lower(LLVMModuleRef m, LLVMValueRef only, const crl_options *user_opts) {
  crl_result *res = crl_result_new();
  if (!res) return NULL;
  crl_options defaults;
  crl_options_init(&defaults);
  crl_run r = {m, only, user_opts ? user_opts : &defaults, res, NULL, NULL, NULL};
  scan s;
  /* A module without coroutines is left as it was, triple and layout
   * included. Forms of another LLVM's coroutines are named, rather than
   * "no coroutine id" for a coroutine whose id LLVM 22 does not know. */
  if (scan_module(m, &s) && crl_check_fork_forms(m, res) == 0) lower_module(&r, &s);
  scan_free(&s);
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
