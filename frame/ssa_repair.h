/* SSA repair for one spilled value at a time: the value has its original
 * definition and, at the top of the resume block of every suspend it
 * crosses, a reload from its frame slot (made on demand). Each use gets the
 * reaching definition, with phis where definitions meet. Memo tables are
 * indexed by dense block id and reset by generation stamps, so the cost per
 * value is the part of its live range the queries walk. */
#ifndef CRL_FRAME_SSA_REPAIR_H
#define CRL_FRAME_SSA_REPAIR_H

#include "frame/frame_plan.h"

typedef struct crl_ssa_use { LLVMValueRef user; unsigned op; } crl_ssa_use;

typedef struct crl_ssa_repair {
  crl_coro *c;
  crl_plan *p;
  LLVMBuilderRef b;
  uint32_t *stamp;      /* per block: memo valid when == gen */
  LLVMValueRef *memo;   /* per block: value at the end (and top if no def) */
  uint32_t *resume_of;  /* per block: suspend whose resume block it is, or MAX */
  uint32_t gen;
  uint32_t cand;        /* current value */
  LLVMValueRef value;
  uint32_t def_block;
  crl_vec phis;         /* phis made for all values (trivial ones removed) */
  crl_vec own_reloads;  /* reloads made for the current value */
  crl_ssa_use *uses;
  unsigned num_uses, cap_uses;
} crl_ssa_repair;

int crl_ssa_repair_init(crl_ssa_repair *r, crl_coro *c, crl_plan *p);
void crl_ssa_begin_value(crl_ssa_repair *r, uint32_t cand);
/* Records the value's current uses, before anything new uses it. */
void crl_ssa_snapshot_uses(crl_ssa_repair *r);
LLVMValueRef crl_ssa_value_before(crl_ssa_repair *r, LLVMValueRef inst);
/* May return a not-yet-made reload: only for crl_ssa_is_own_reload. */
LLVMValueRef crl_ssa_value_before_lazy(crl_ssa_repair *r, LLVMValueRef inst);

int crl_ssa_is_own_reload(crl_ssa_repair *r, LLVMValueRef v);
void crl_ssa_rewrite_uses(crl_ssa_repair *r);
/* Removes phis that turned out trivial. */
void crl_ssa_finish(crl_ssa_repair *r);
void crl_ssa_repair_free(crl_ssa_repair *r);
#endif
