/* The switched-resume clones: NAME.resume, NAME.destroy and NAME.cleanup,
 * each the blocks it can run (cloner/split_clone.c) entered through a
 * dispatch on the suspend index. */
#include <stdlib.h>

#include "cloner/split_clone.h"
#include "frame/frame.h"
#include "switch_lowering/switch_internal.h"

/* What every suspend returns when this clone enters at it. */
static LLVMValueRef suspend_result(crl_coro *c, crl_switch_fn kind) {
  return LLVMConstInt(c->i8_t, kind == CRL_SW_RESUME ? 0 : 1, 0);
}

/* The blocks a clone can run, entering every suspend point it dispatches
 * to with its known suspend result (what follows a non-unwind coro.end is
 * the ramp's alone), and the phis that are constant there. */
static int clone_blocks_for(crl_coro *c, crl_switch_fn kind, crl_feasible *out) {
  crl_feasible_seed *seeds = malloc((c->num_susp ? c->num_susp : 1) * sizeof *seeds);
  if (!seeds) return -1;
  crl_switch_state *st = crl_switch_of(c);
  LLVMValueRef mode = suspend_result(c, kind);
  unsigned n = 0;
  for (uint32_t s = 0; s < c->num_susp; s++) {
    /* Resuming at the final suspend is undefined: no entry there. */
    if (kind == CRL_SW_RESUME && st->susp[s].is_final) continue;
    seeds[n++] = (crl_feasible_seed){c->susp[s].resume, c->susp[s].result, mode};
  }
  int rc = crl_feasible_run(c->fn, seeds, n, crl_block_ends_clone, out);
  free(seeds);
  return rc;
}

/* The clone's value for a suspend's landing phi: a phi to give the
 * dispatch's entry, or NULL when the phi folded to the known result. */
static LLVMValueRef landing_phi(crl_valmap *map, crl_suspend *sp) {
  LLVMValueRef phi = crl_valmap_get(map, sp->result);
  return phi && LLVMIsAPHINode(phi) ? phi : NULL;
}

static void add_dispatch(crl_coro *c, LLVMValueRef fn, crl_switch_fn kind,
                         crl_valmap *map, LLVMBuilderRef eb,
                         LLVMBasicBlockRef entry, LLVMBasicBlockRef sink,
                         LLVMValueRef frame, LLVMValueRef iaddr) {
  crl_switch_state *st = crl_switch_of(c);
  LLVMValueRef mode = suspend_result(c, kind);
  LLVMBasicBlockRef from = entry;
  int fi = crl_switch_final_index(c);
  LLVMPositionBuilderAtEnd(eb, entry);
  if (fi >= 0 && kind != CRL_SW_RESUME) {
    /* The final suspend stores no index (that would cost every resume a
     * merged store): its null resume pointer identifies it, as in LLVM. */
    LLVMBasicBlockRef disp = LLVMAppendBasicBlockInContext(c->ctx, fn, "dispatch");
    LLVMValueRef rf = LLVMBuildLoad2(eb, c->ptr_t, frame, "resume.fn");
    LLVMValueRef done = LLVMBuildIsNull(eb, rf, "at.final");
    LLVMBasicBlockRef fb = crl_valmap_get(map, c->susp[fi].resume);
    LLVMBuildCondBr(eb, done, fb, disp);
    LLVMValueRef phi = landing_phi(map, &c->susp[fi]);
    if (phi) LLVMAddIncoming(phi, &mode, &entry, 1);
    LLVMPositionBuilderAtEnd(eb, disp);
    from = disp;
  }
  LLVMValueRef idx = LLVMBuildLoad2(eb, st->index_t, iaddr, "index");
  LLVMValueRef sw = LLVMBuildSwitch(eb, idx, sink, c->num_susp);
  for (uint32_t s = 0; s < c->num_susp; s++) {
    /* Resuming at the final suspend is undefined, and destroying there is
     * handled above: no case, so a generator's dispatch is one compare. */
    if (st->susp[s].is_final) continue;
    LLVMBasicBlockRef rb = crl_valmap_get(map, c->susp[s].resume);
    LLVMAddCase(sw, LLVMConstInt(st->index_t, s, 0), rb);
    LLVMValueRef phi = landing_phi(map, &c->susp[s]);
    if (phi) LLVMAddIncoming(phi, &mode, &from, 1);
  }
}

static int build_clone(crl_coro *c, LLVMValueRef fn, crl_switch_fn kind,
                       const crl_feasible *run) {
  crl_switch_state *st = crl_switch_of(c);
  crl_split_clone x;
  crl_split_clone_init(&x, c, fn);
  int rc = crl_split_clone_blocks(&x, LLVMGetParam(fn, 0), run);
  LLVMValueRef iaddr = NULL;
  if (rc == 0) {
    iaddr = crl_split_clone_field_addr(&x, st->field_index);
    if (!iaddr) {
      CRL_ERR(c, crl_ramp_field_addr(c, st->field_index),
              "internal error: the suspend index's address cannot be recomputed");
      rc = -1;
    }
  }
  if (rc == 0) {
    crl_split_clone_declare_frame_vars(&x);
    add_dispatch(c, fn, kind, &x.map, x.entry_b, x.entry, x.sink, x.frame, iaddr);
    for (uint32_t s = 0; s < c->num_susp; s++) {
      crl_suspend *sp = &c->susp[s];
      if (!st->susp[s].handle) continue;
      /* A pre-suspend block the clone never runs maps to the sink. */
      LLVMBasicBlockRef pre = crl_valmap_get(&x.map, sp->pre);
      LLVMValueRef h = crl_valmap_get(&x.map, st->susp[s].handle);
      if (pre && pre != x.sink && h)
        crl_switch_transfer(c, pre, h, crl_valmap_get(&x.map, sp->resume), 1);
    }
    rc = crl_switch_lower_in_fn(c, fn, kind, x.frame, iaddr);
    crl_split_clone_finish(&x);
  }
  crl_split_clone_end(&x);
  return rc;
}

int crl_switch_build_clones(crl_coro *c) {
  crl_switch_state *st = crl_switch_of(c);
  LLVMValueRef fns[3] = {st->resume_fn, st->destroy_fn, st->cleanup_fn};
  crl_switch_fn kinds[3] = {CRL_SW_RESUME, CRL_SW_DESTROY, CRL_SW_CLEANUP};
  crl_feasible run = {0};
  int rc = 0;
  for (int k = 0; k < 3 && rc == 0; k++) {
    /* Destroy and cleanup enter alike: one analysis serves both. */
    if (k != 2) {
      crl_feasible_free(&run);
      if (clone_blocks_for(c, kinds[k], &run)) {
        CRL_ERR(c, c->id, "out of memory");
        rc = -1;
        break;
      }
    }
    rc = build_clone(c, fns[k], kinds[k], &run);
  }
  crl_feasible_free(&run);
  return rc;
}
