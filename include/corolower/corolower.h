/* corolower: lowering of LLVM coroutines (the work of LLVM's CoroEarly,
 * CoroSplit and CoroCleanup passes) over the LLVM-C API.
 *
 * Every public symbol starts with `crl_` (types, functions) or `CRL_`
 * (constants). The library never prints and never exits: everything it has
 * to say comes back as diagnostics in a crl_result.
 *
 * Threads: every function here may be called on several threads at once,
 * as long as no two threads use one LLVMContext (or its modules) at the
 * same time, which is LLVM's own rule. The library keeps no state between
 * calls except tables filled once per process (under call_once): LLVM's
 * intrinsic IDs and, the first time a data layout has to come from a
 * triple (a module without one, or crl_options.target_triple), LLVM's
 * target registry (LLVMInitializeAllTargetInfos, ...AllTargets,
 * ...AllTargetMCs). LLVM does not make those initializers safe to race
 * with each other: a program that calls them itself should do so before
 * lowering on several threads. Tested by tests/embed/threads_test.cc,
 * also under ThreadSanitizer (bazel test --config=tsan). */
#ifndef COROLOWER_COROLOWER_H
#define COROLOWER_COROLOWER_H

#include <stddef.h>
#include <stdint.h>

#include <llvm-c/Core.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CRL_VERSION_STRING "0.1.0"

/* Coroutine ABIs, usable as a bit mask in crl_options.allowed_abis. */
typedef enum crl_abi {
  CRL_ABI_NONE = 0,
  CRL_ABI_SWITCH = 1u << 0,      /* llvm.coro.id */
  CRL_ABI_RETCON = 1u << 1,      /* llvm.coro.id.retcon */
  CRL_ABI_RETCON_ONCE = 1u << 2, /* llvm.coro.id.retcon.once */
  CRL_ABI_ASYNC = 1u << 3,       /* llvm.coro.id.async */
  CRL_ABI_ALL = 0xf
} crl_abi;

/* An ABI's name ("switch", "retcon", "retcon.once", "async"; "none" for
 * anything else), and back: the ABI the first len bytes of name name, or
 * CRL_ABI_NONE. Every name is crl_abi_name of one bit of CRL_ABI_ALL. */
const char *crl_abi_name(crl_abi abi);
crl_abi crl_abi_from_name(const char *name, size_t len);

typedef enum crl_severity {
  CRL_SEV_ERROR = 0,
  CRL_SEV_WARNING = 1,
  CRL_SEV_NOTE = 2
} crl_severity;

/* One diagnostic. Strings are owned by the result; function and instruction
 * may be NULL when the diagnostic is about the whole module. */
typedef struct crl_diag {
  crl_severity severity;
  const char *function;    /* name of the function concerned */
  const char *instruction; /* textual IR of the instruction concerned */
  const char *message;
} crl_diag;

typedef enum crl_field_kind {
  CRL_FIELD_HEADER = 0,  /* ABI header: resume/destroy pointers, context ... */
  CRL_FIELD_PROMISE = 1, /* the promise object */
  CRL_FIELD_INDEX = 2,   /* suspend index */
  CRL_FIELD_ALLOCA = 3,  /* an alloca that lives across a suspend */
  CRL_FIELD_SPILL = 4,   /* an SSA value live across a suspend */
  /* Storage for allocas aligned above what the frame's allocation
   * guarantees, realigned at run time: it holds them at their alignment
   * (the field's `align` is that guarantee; the slack is part of `size`).
   * Its allocas are reported at this field's offset plus their offset in
   * the aligned part, which begins up to (their alignment - guarantee)
   * bytes later at run time. Small fields may use the slack (in_slack). */
  CRL_FIELD_REALIGNED = 5
} crl_field_kind;

const char *crl_field_kind_name(crl_field_kind kind);

typedef struct crl_frame_field {
  const char *name;  /* header field name, or the IR value's name */
  crl_field_kind kind;
  uint64_t offset;
  uint64_t size;
  uint32_t align;
  const char *value; /* textual IR of the value held (NULL for header) */
  /* Nonzero for a field kept in the slack of the CRL_FIELD_REALIGNED
   * region: at run time its bytes lie before or after the aligned part,
   * wherever the realignment left room. Its offset is the region's plus
   * its offset in that block. */
  int in_slack;
} crl_frame_field;

/* Where a frame lives, for ABIs where the lowering chooses (the
 * returned-continuation ABIs: in the caller's buffer when it fits the
 * id's size and alignment, else allocated with the id's allocation
 * function, its address kept in the buffer). */
typedef enum crl_frame_storage {
  CRL_FRAME_STORAGE_DEFAULT = 0,  /* the ABI's only place (switched-resume:
                                     the memory given to coro.begin) */
  CRL_FRAME_STORAGE_INLINE = 1,   /* in the caller's buffer: no allocation */
  CRL_FRAME_STORAGE_ALLOCATED = 2 /* allocated; the buffer holds its address */
} crl_frame_storage;

const char *crl_frame_storage_name(crl_frame_storage storage);

typedef struct crl_frame_report {
  const char *function;
  crl_abi abi;
  uint64_t size;
  uint32_t align;
  uint32_t num_suspends;
  uint32_t num_fields;
  const crl_frame_field *fields;
  /* A frame that lives inside a larger block (the async context, after the
   * header its front end owns): the block's name ("context"), the frame's
   * offset in it and the block's final size. NULL and 0 for a frame that is
   * an allocation of its own. Field offsets are from the frame's start. */
  const char *container;
  uint64_t container_offset, container_size;
  /* Only for CRL_FRAME_STORAGE_INLINE / _ALLOCATED: the caller's buffer
   * (size and alignment the coroutine id promises). */
  crl_frame_storage storage;
  uint64_t buffer_size;
  uint32_t buffer_align;
  /* Switched-resume: the symmetric transfers the clones make, and how many
   * of them are plain calls because the target cannot make them tail calls
   * (each then nests a call, as with LLVM's lowering); transfer_note says
   * why, a static string, NULL when every transfer is a tail call. */
  uint32_t num_transfers, num_plain_transfers;
  const char *transfer_note;
} crl_frame_report;

/* A lowering: one ABI's part of the pipeline. Each lowering library exports
 * one of these, so a user links only what they pick: crl_switch_lowering
 * (//switch_lowering), crl_retcon_lowering (//retcon_lowering) and
 * crl_async_lowering (//async_lowering). The table's contents are private
 * to the library. */
typedef struct crl_lowering crl_lowering;

/* The lowerings, X(name) for crl_<name>_lowering: the one list the
 * declarations below and the pipeline's registry are made from (the build's
 * is packages.bzl; //tests/arch checks that the two agree). */
#define CRL_LOWERINGS(X) X(switch) X(retcon) X(async)

#define CRL_DECLARE_LOWERING_(name) extern const crl_lowering crl_##name##_lowering;
CRL_LOWERINGS(CRL_DECLARE_LOWERING_)
#undef CRL_DECLARE_LOWERING_

typedef struct crl_options {
  unsigned allowed_abis;         /* mask of crl_abi; 0 means all linked */
  int keep_elision_markers;      /* leave what LLVM's CoroElide needs:
                                    coro.id (pointing at the clones),
                                    coro.begin, coro.alloc and coro.free in
                                    the ramp, llvm.coro.subfn.addr for
                                    resume/destroy; coro-cleanup removes
                                    what elision leaves */
  const char *target_triple;     /* NULL: the module's (or host's) */
  const char *data_layout;       /* NULL: the target's layout */
  const crl_lowering *const *lowerings; /* the lowerings to use */
  size_t num_lowerings;
  /* The async ABI's context allocator: llvm.coro.async.context.alloc(afp,
   * task) becomes a call `ptr NAME(ptr task, iN size)` (iN pointer-sized),
   * with the size read from the async function pointer's field 1 at run
   * time, and llvm.coro.async.context.dealloc(ctx) a call
   * `void NAME(ptr ctx)`. NULL: swift_task_alloc and swift_task_dealloc.
   * (LLVM 22 leaves both intrinsics in place, where no code generator can
   * select them.) */
  const char *async_context_alloc;
  const char *async_context_dealloc;
  /* An async coroutine's alloca aligned above the context's alignment
   * (operand 2 of llvm.coro.id.async), live across a suspend, cannot be
   * aligned by where the frame sits, since the context is only that
   * aligned. By default (0) corolower does what LLVM 22 does: its frame
   * storage is padded by (alignment - context alignment) bytes and its
   * address realigned at run time in every function that uses it.
   * Non-zero: refuse it instead, with a diagnostic naming the alloca. */
  int async_refuse_overaligned;
  /* Kept so that code setting it still builds; it asked for what is now
   * the default (run-time realignment) and changes nothing. */
  int async_realign_overaligned;
  /* Nonzero: do not verify the output. By default (0) the functions that
   * lowering changed or added are run through LLVM's verifier, and a
   * failure becomes an error diagnostic ("internal error: lowered module
   * fails the verifier"). That check costs about as much as a sixth of
   * the lowering; an embedding compiler that verifies the module itself
   * later, or runs passes without a verifier as LLVM's pass pipeline does,
   * may skip it. A lowering bug then goes unreported here. */
  int skip_output_verify;
  /* Nonzero: build no frame reports (crl_result_num_frames is then 0).
   * Naming every field's value as the input names it costs about 1% of the
   * lowering on big coroutines; a caller that never reads the reports (the
   * CLI without --frame-report) may skip it. Lowering is unchanged. */
  int skip_frame_report;
  /* Switched-resume frames only. The frame records which suspend point the
   * coroutine stopped at in a one-byte suspend index. Where the index
   * would start a word of its own it is always left out when that costs
   * no run time: with one suspend point to resume at (besides the final
   * one), which needs no record, and with two of which one (C++'s initial
   * suspend) is reached from the ramp alone, which gets a resume function
   * of its own, NAME.resume.N (the resume pointer then tells the points
   * apart; the code both reach is in both functions). Nonzero: also for
   * two to eight such points otherwise, the destroy pointer
   * records the point instead (a small NAME.destroy.N function per point,
   * compared with on each resume), which saves those 8 bytes of frame at
   * two more instructions per resume on x86-64 (5% of a minimal generator's
   * loop). Not with keep_elision_markers. 0 (the default): the index. */
  int prefer_small_frames;
  /* Nonzero: keep no copies to put refused coroutines back (see
   * crl_lower_module). Lowering is then about 6% faster on big coroutines,
   * and a module with an error may be partly rewritten and must be
   * discarded. For callers that discard it anyway, as the CLI does unless
   * --keep-refused. 0 (the default): refusals leave the module usable. */
  int no_rollback;
  /* The caller already ran crl_repair_legacy_module on the module (the
   * CLI does, to verify its input before lowering it): not run again. */
  int legacy_repaired;
} crl_options;

/* Default options: all ABIs allowed, no elision markers, the module's own
 * target, the output verified, and `lowerings` NULL, which means every lowering library linked
 * into the binary. Fields may be changed after. */
void crl_options_init(crl_options *opts);

typedef struct crl_result crl_result;

/* Lower every coroutine of the module in place. Never NULL except when out
 * of memory.
 *
 * A coroutine corolower cannot lower (bad input, a construct it does not
 * handle, running out of memory, or an internal error caught by the
 * verifier) is refused: an error diagnostic names it, and it is left
 * exactly as it was in the input, as is every function that is not a
 * lowered coroutine (the early lowering of coroutine intrinsics elsewhere
 * is put back too), so that the module prints as the input but for the
 * coroutines lowered, and can be handed to LLVM's coroutine passes for the
 * rest. The coroutines lowered stay lowered and valid. crl_result_ok is 0
 * when anything was refused; crl_result_num_coroutines and the two
 * functions after it say which coroutine is which. When a step for the
 * whole module fails (an intrinsic outside any coroutine, say), every
 * coroutine is refused and the module is as it was. The one exception is
 * input in an older dialect LLVM 22 cannot read (crl_repair_legacy_module):
 * it stays repaired. */
crl_result *crl_lower_module(LLVMModuleRef module, const crl_options *opts);

/* Lower one presplit coroutine (and the module-level early lowering its
 * module needs). The module's other coroutines are left for later calls. */
crl_result *crl_lower_function(LLVMValueRef function, const crl_options *opts);

/* Misuse. Each of these gets a result with a diagnostic, never a crash,
 * and leaves the module as it was (tests/embed/misuse_test.cc tests each):
 *  - crl_lower_module(NULL, ...): error "the module is NULL";
 *    crl_lower_function(NULL, ...): error "the function is NULL"; on a
 *    value that is not a function (a global, an instruction): error;
 *  - crl_lower_function on a declaration: error naming it; on a defined
 *    function that is no coroutine (no presplitcoroutine attribute, no
 *    coroutine intrinsic): a warning that there is nothing to lower, and
 *    crl_result_ok is true;
 *  - options: allowed_abis with bits no crl_abi names: error; a
 *    data_layout LLVM cannot parse (LLVM itself would abort the process
 *    on it): error with LLVM's reason; a target_triple LLVM does not
 *    know: error when a data layout has to come from it (a module with
 *    coroutines and no data_layout), else its coroutines get generic
 *    rules with a note; a module without coroutines is not looked at.
 *    opts NULL means crl_options_init's defaults; crl_options_init(NULL)
 *    does nothing;
 *  - the same module lowered twice (or corolower's own output, or a
 *    module LLVM's coro-early, coro-split and coro-cleanup have lowered):
 *    nothing to do, no diagnostic, the module unchanged; the same
 *    function twice: the warning above;
 *  - a module through LLVM's coro-early only: lowered as if it were not;
 *    through coro-split but not coro-cleanup: switched-resume ramps are
 *    finished as coro-cleanup would, retcon and async ramps (which still
 *    call their id, so count as coroutines) are refused with an error;
 *  - result accessors on NULL or past the end: 0, NULL, "" or "{}";
 *    crl_result_free(NULL) does nothing; crl_repair_legacy_module(NULL)
 *    returns 0.
 * Not detectable, the caller's bug as with free(): freeing a result twice,
 * or using it (or the strings it owns) after crl_result_free; pointers
 * that are not LLVM values or modules. AddressSanitizer builds stop at a
 * second crl_result_free (tested under --config=asan). */

int crl_result_ok(const crl_result *result);
size_t crl_result_num_diags(const crl_result *result);
const crl_diag *crl_result_diag(const crl_result *result, size_t index);
size_t crl_result_num_frames(const crl_result *result);
const crl_frame_report *crl_result_frame(const crl_result *result,
                                         size_t index);
/* The report as text or JSON; the string is owned by the result. */
const char *crl_result_report_text(crl_result *result);
const char *crl_result_report_json(crl_result *result);
void crl_result_free(crl_result *result);
/* The coroutines this call looked at, in the order it lowered them. */
size_t crl_result_num_coroutines(const crl_result *result);
const char *crl_result_coroutine_name(const crl_result *result, size_t index);
/* Nonzero: lowered. Zero: refused, and left as it was in the input. */
int crl_result_coroutine_lowered(const crl_result *result, size_t index);

/* Repairs what LLVM 22's parser leaves of old-dialect input (the two-operand
 * `i1 @llvm.coro.end`): call it on a freshly parsed module before verifying.
 * Returns the number of calls repaired. */
unsigned crl_repair_legacy_module(LLVMModuleRef module);

/* IR text may hold forms only another LLVM writes (Swift's own, for its
 * experimental CoroutineAccessors feature: `swiftcoro`, `swiftcorocc`,
 * llvm.coro.alloca.alloc.frame, ...), which LLVM 22's parser rejects or,
 * for some, silently renames into other intrinsics: check the text before
 * parsing it. A sentence naming the first such form in `text` (comments
 * aside) and where it comes from (a static string), or NULL. */
const char *crl_foreign_form_hint(const char *text, size_t len);

#ifdef __cplusplus
}
#endif

#endif
