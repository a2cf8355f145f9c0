/* Cloning a set of blocks of one function into another through a value map
 * (LLVM-C has only LLVMInstructionClone, which remaps nothing). */
#ifndef CRL_CLONER_CLONE_H
#define CRL_CLONER_CLONE_H

#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>

#include "irkit/valmap.h"

/* Called for an operand that is local to the source function (instruction,
 * argument or block) but not in the map: return its replacement, or NULL to
 * report it as an error. */
typedef LLVMValueRef (*crl_clone_missing_fn)(LLVMValueRef operand, void *ctx);

struct crl_di;

typedef struct crl_clone_opts {
  crl_valmap *map;              /* pre-seeded; receives block and value pairs */
  crl_clone_missing_fn missing; /* may be NULL */
  void *missing_ctx;
  LLVMValueRef bad_operand;     /* set when an operand could not be mapped */
  LLVMValueRef bad_user;
  /* May be NULL. When it returns nonzero for an instruction, the rest of its
   * block is not cloned: the clone ends in `unreachable` there, and phi
   * entries coming from that block are dropped. */
  int (*stop_after)(LLVMValueRef inst, void *ctx);
  void *stop_ctx;
  /* May be NULL: debug metadata the clone's records are moved to. */
  struct crl_di *di;
} crl_clone_opts;

/* Clones `blocks` (in that order) of src into dst, appending new blocks.
 * Phi entries from blocks outside the set are dropped. A phi the map
 * already holds is not cloned: its uses get the mapped value (a constant the
 * caller knows it holds). Metadata comes along
 * with each instruction; debug records are recreated. Returns 0, or -1 with
 * bad_operand/bad_user set. */
int crl_clone_blocks(LLVMValueRef src, LLVMValueRef dst,
                     LLVMBasicBlockRef *blocks, unsigned n, crl_clone_opts *o);

/* Copies function attributes, personality, calling convention-independent
 * properties (section, GC, alignment) from src to dst, skipping `skip_kinds`
 * (enum attribute kinds, 0-terminated). */
void crl_copy_fn_attrs(LLVMValueRef src, LLVMValueRef dst,
                       const unsigned *skip_kinds);
#endif
