/* Swifterror pointers in coroutines, for every ABI.
 *
 * A swifterror pointer (a function's swifterror argument, or an alloca
 * marked swifterror) is not memory: the backend keeps what it points to
 * in a register that calls pass in and out, so no frame may hold the
 * pointer and only the function that made it (or was passed it) may use
 * it. A coroutine's code uses both across suspends, and its split moves
 * code into functions that never saw the pointer. So, as LLVM's
 * CoroFrame does, what such a pointer holds becomes a plain variable
 * (promoted to SSA values where it can be: the frame planner then spills
 * it like any other value), and markers note where a function of the
 * split must deal with a real slot; once the functions exist, each
 * function's markers become loads and stores of its slot: the swifterror
 * parameter its caller passed, or a swifterror alloca of its own.
 *
 * Used by the lowerings: eliminate from their normalize hook (before the
 * suspends are normalized), lower in every function of the split, release
 * with their state. */
#ifndef CRL_SWIFTERROR_SWIFTERROR_H
#define CRL_SWIFTERROR_SWIFTERROR_H

#include "coro/coro.h"

/* A marker standing, until the split, for "the current function's
 * swifterror slot". `set` (ptr set(T value)) puts the value there and
 * yields the slot; `get` (T get()) reads it. `local` markers (of a
 * swifterror alloca) use a slot of the function's own, the others that of
 * the function's caller, or their own where the caller passed none.
 * `entry` gets (where a function of the split starts: the ramp's entry,
 * after each suspend) read the caller's slot, or give null where the
 * caller passed none: such a caller passes no error. */
typedef struct crl_swifterror_mark {
  LLVMValueRef fn;  /* the marker's declaration */
  LLVMTypeRef type; /* the error value's type */
  uint8_t get, local, entry;
} crl_swifterror_mark;

typedef struct crl_swifterror {
  LLVMValueRef arg;           /* the coroutine's swifterror argument, when used */
  crl_swifterror_mark *marks;
  unsigned num_marks;
  LLVMValueRef *slot_tmpl;    /* detached swifterror allocas, one per type */
  unsigned num_tmpl;
} crl_swifterror;

/* The coroutine's swifterror allocas, and its swifterror argument when
 * `resumed_slots` says the ABI's functions entered after a suspend may be
 * passed a slot of their own (a returned-continuation prototype's
 * swifterror parameter), become variables and markers. Elsewhere the
 * argument stays as it is: valid in the ramp, and refused by the frame
 * planner after a suspend, where no caller could have passed a slot. Runs
 * while c->susp[*].call are the suspend calls; `ends` are the end calls
 * (the shape's, or what the ABI's normalize made of them). 0, or
 * -1 after a diagnostic. */
int crl_swifterror_eliminate(crl_coro *c, crl_swifterror *w, int resumed_slots,
                             const crl_vec *ends);

/* The swifterror parameter of fn, or NULL. */
LLVMValueRef crl_swifterror_param(LLVMValueRef fn);

/* The markers in fn (the ramp, or a function of the split) become loads
 * and stores of its slots: caller_slot (the swifterror parameter its
 * caller passes, or NULL) and, where needed, a swifterror alloca of its
 * own. 0, or -1 after a diagnostic. */
int crl_swifterror_lower_in_fn(crl_coro *c, crl_swifterror *w, LLVMValueRef fn,
                               LLVMValueRef caller_slot);

/* Drops the markers' declarations (those no call is left of) and the
 * templates; w is empty again. */
void crl_swifterror_release(crl_swifterror *w);

/* Internal to the package (eliminate.c, slots.c). */
LLVMValueRef crl_swifterror_marker(crl_coro *c, crl_swifterror *w, int get, int local,
                                   int entry, LLVMTypeRef t);
/* Is `call`'s operand k passed as a swifterror argument (on the call or,
 * for a direct call, on the callee's parameter, as the verifier asks)? */
int crl_swifterror_operand(LLVMValueRef call, unsigned k);

#endif
