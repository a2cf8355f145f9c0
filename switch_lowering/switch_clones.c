/* The switched-resume clones: NAME.resume, NAME.destroy and NAME.cleanup
 * (and NAME.resume.N for an entry point with a resume function of its
 * own), each the blocks it can run (cloner/split_clone.c) entered through
 * a dispatch on where the coroutine stopped (switch_resume_point.c). */
#include <stdlib.h>

#include "cloner/split_clone.h"
#include "irkit/oom.h"
#include "frame/frame.h"
#include "switch_lowering/switch_internal.h"

/* What every suspend returns when this clone enters at it. */
static LLVMValueRef suspend_result(crl_coro *c, crl_switch_fn kind) {
  return LLVMConstInt(c->i8_t, kind == CRL_SW_RESUME ? 0 : 1, 0);
}

/* The blocks a clone can run, entering every suspend point it dispatches
 * to with its known suspend result (what follows a non-unwind coro.end is
 * the ramp's alone), and the phis that are constant there. */
static int clone_blocks_for(crl_coro *c, crl_switch_fn kind, uint32_t only,
                            crl_feasible *out) {
  crl_feasible_seed *seeds = crl_malloc((c->num_susp ? c->num_susp : 1) * sizeof *seeds);
  if (!seeds) return -1;
  crl_switch_state *st = crl_switch_of(c);
  LLVMValueRef mode = suspend_result(c, kind);
  unsigned n = 0;
  for (uint32_t s = 0; s < c->num_susp; s++) {
    /* Resuming at the final suspend is undefined: no entry there. */
    if (kind == CRL_SW_RESUME && st->susp[s].is_final) continue;
    if (only != UINT32_MAX && s != only) continue;
    seeds[n++] = (crl_feasible_seed){c->susp[s].resume, c->susp[s].result, mode};
  }
  int rc = crl_feasible_run(c->fn, seeds, n, crl_block_ends_clone, out);
  free(seeds);
  return rc;
}

static int build_clone(crl_coro *c, LLVMValueRef fn, crl_switch_fn kind, uint32_t only,
                       LLVMValueRef skip, const crl_feasible *run) {
  crl_switch_state *st = crl_switch_of(c);
  crl_split_clone x;
  crl_split_clone_init(&x, c, fn);
  int rc = crl_split_clone_blocks(&x, LLVMGetParam(fn, 0), run);
  LLVMValueRef iaddr = NULL;
  uint32_t record = crl_switch_record_field(c);
  if (rc == 0 && record != UINT32_MAX) {
    iaddr = crl_split_clone_field_addr(&x, record);
    if (!iaddr) {
      CRL_ERR(c, crl_ramp_field_addr(c, record),
              "internal error: the suspend index's address cannot be recomputed");
      rc = -1;
    }
  }
  if (rc == 0) {
    crl_split_clone_declare_frame_vars(&x);
    crl_switch_dispatch(c, fn, kind, &x.map, x.entry_b, x.entry, x.sink, x.frame, iaddr,
                        suspend_result(c, kind), only);
    /* The record this clone's own address already holds. */
    LLVMValueRef dup = skip ? crl_valmap_get(&x.map, skip) : NULL;
    if (dup && LLVMIsAStoreInst(dup)) LLVMInstructionEraseFromParent(dup);
    for (uint32_t s = 0; s < c->num_susp; s++) {
      crl_suspend *sp = &c->susp[s];
      if (!st->susp[s].handle) continue;
      /* A pre-suspend block the clone never runs maps to the sink. */
      LLVMBasicBlockRef pre = crl_valmap_get(&x.map, sp->pre);
      LLVMValueRef h = crl_valmap_get(&x.map, st->susp[s].handle);
      if (pre && pre != x.sink && h)
        crl_switch_transfer(c, pre, h, crl_valmap_get(&x.map, sp->landing), 1);
    }
    rc = crl_switch_lower_in_fn(c, fn, kind, x.frame,
                                crl_switch_index_dropped(c) ? NULL : iaddr);
    /* A clone's caller passes no swifterror slot. */
    if (rc == 0) rc = crl_swifterror_lower_in_fn(c, &st->swe, fn, NULL);
    crl_split_clone_finish(&x);
  }
  crl_split_clone_end(&x);
  return rc;
}

int crl_switch_build_clones(crl_coro *c) {
  crl_switch_state *st = crl_switch_of(c);
  LLVMValueRef fns[4] = {st->resume_fn, st->entry_fn, st->destroy_fn, st->cleanup_fn};
  crl_switch_fn kinds[4] = {CRL_SW_RESUME, CRL_SW_RESUME, CRL_SW_DESTROY, CRL_SW_CLEANUP};
  crl_feasible run = {0};
  int rc = 0;
  for (int k = 0; k < 4 && rc == 0; k++) {
    if (!fns[k]) continue;
    uint32_t only = UINT32_MAX;
    LLVMValueRef skip = NULL;
    if (kinds[k] == CRL_SW_RESUME)
      crl_switch_resume_entries(c, fns[k] == st->entry_fn, &only, &skip);
    /* Destroy and cleanup enter alike: one analysis serves both. */
    if (k != 3) {
      crl_feasible_free(&run);
      if (clone_blocks_for(c, kinds[k], only, &run)) {
        CRL_ERR(c, c->shape->id, "out of memory");
        rc = -1;
        break;
      }
    }
    rc = build_clone(c, fns[k], kinds[k], only, skip, &run);
  }
  crl_feasible_free(&run);
  return rc;
}
