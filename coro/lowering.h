/* The plug-in contract: what a lowering (one ABI's part of the pipeline)
 * hands the shared pipeline. Each lowering package exports one constant
 * table of these hooks, written with designated initializers; the pipeline
 * (pipeline/pipeline.c) calls them itself, in the order they are listed
 * here, the way LLVM's coro::BaseABI is driven. A hook left NULL has
 * nothing to do for that ABI. Every int-returning hook returns 0, or -1
 * after adding a diagnostic. */
#ifndef CRL_CORO_LOWERING_H
#define CRL_CORO_LOWERING_H

#include "coro/coro.h"

/* What a module-level hook works with. */
typedef struct crl_module_ctx {
  LLVMModuleRef mod;
  const struct crl_target *target; /* NULL when the module's target is unknown */
  crl_result *res;
  const crl_options *opts;
  /* module_late only, NULL unless a coroutine was refused: the functions
   * that will be put back as they were in the input, whose intrinsics a
   * hook must leave alone (LLVM's passes will see them). */
  const crl_valmap *put_back;
} crl_module_ctx;

struct crl_lowering {
  unsigned abis;    /* mask of crl_abi this lowering handles */
  const char *name;

  /* Whole module, before any coroutine is lowered (every linked lowering's,
   * in table order): intrinsics used outside coroutines whose meaning the
   * ABI defines (CoroEarly's part), and what earlier splits left. */
  int (*module_early)(const crl_module_ctx *m);

  /* Per coroutine, after the shared shape pass found its intrinsics: */
  /* The ABI's own reading of the shape into its state (c->abi_state,
   * behind its checked accessor): a diagnostic on what cannot be read. */
  int (*init)(crl_coro *c);
  /* The ABI's rules: anything it forbids is a diagnostic. Reads the
   * shape and the state; changes nothing, IR included (the first IR
   * change of a coroutine is its normalize step). */
  int (*validate)(const crl_coro *c);
  /* Rewrites the whole coroutine needs before suspend points get blocks
   * of their own (the switched-resume ABI's promise operand and
   * await.suspend wrappers). */
  int (*normalize)(crl_coro *c);
  /* Once sp->pre falls into sp->landing (== sp->resume), whose top holds
   * sp->call: replaces the call's result (sp->result) and erases the call.
   * An ABI whose suspended path goes on through the landing block gives
   * resumption an entry block of its own (sp->resume, no IR predecessor
   * until the split). */
  int (*normalize_suspend)(crl_coro *c, crl_suspend *sp);
  /* Adds the ABI's fixed header fields to the frame plan (c->frame), with
   * the allocas its normalize pinned (c->pinned_allocas); runs once
   * liveness is known, before the planner's fields. */
  int (*frame_header)(crl_coro *c);
  /* The alignment the frame's memory is known to have. */
  unsigned (*frame_guarantee)(const crl_coro *c);
  /* Creates the split functions from the rewritten coroutine. */
  int (*split)(crl_coro *c);
  /* Lowers what is left in the ramp once the clones exist. */
  int (*finish)(crl_coro *c);
  /* Frees c->abi_state; called whatever happened before. */
  void (*release)(crl_coro *c);
  /* Frees what the lowering kept across one run's coroutines
   * (*c->run_state, which its hooks make when they first need it: e.g.
   * which coroutine of this run wrote a global several of them share);
   * called once at the end of a run, whatever happened, when it is set. */
  void (*run_release)(void *run_state);

  /* Whole module, once every coroutine is lowered and all frame sizes
   * are final (every linked lowering's, in table order), before the check
   * that no coroutine intrinsic is left: what reads final sizes. */
  int (*module_late)(const crl_module_ctx *m);
};

#endif
