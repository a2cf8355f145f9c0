/* Block surgery LLVM-C lacks: splitting blocks and edges, rebuilding phis,
 * folding constant terminators and removing unreachable blocks. */
#ifndef CRL_IRKIT_BLOCKS_H
#define CRL_IRKIT_BLOCKS_H

#include <llvm-c/Core.h>

/* Moves everything before `inst` (phis included) into a new block placed in
 * front of inst's block, and points every predecessor at the new block.
 * inst's block keeps its identity (and successors' phis stay right). */
LLVMBasicBlockRef crl_split_before(LLVMValueRef inst, const char *name);

/* Moves `inst` and everything after it into a new block placed after inst's
 * block; the old block branches there. Successors' phis are updated. */
LLVMBasicBlockRef crl_split_after_into(LLVMValueRef inst, const char *name);

/* Puts a new block on every edge from `from` to `to` (one block, however
 * many edges); phis in `to` are rebuilt. Returns the new block. */
LLVMBasicBlockRef crl_split_edge(LLVMBasicBlockRef from, LLVMBasicBlockRef to,
                                 const char *name);

/* Rebuilds phi with incoming block `old` replaced by `repl` (NULL: drop the
 * entries). Duplicate entries for one block are merged. Returns the new phi
 * (the old one is erased). */
LLVMValueRef crl_phi_replace_block(LLVMValueRef phi, LLVMBasicBlockRef old,
                                   LLVMBasicBlockRef repl);

/* Removes the phi entries of every phi in `succ` that come from `pred`. */
void crl_remove_phi_entries(LLVMBasicBlockRef succ, LLVMBasicBlockRef pred);

/* Folds branches and switches on constants (and phis with one distinct
 * incoming value) and deletes blocks unreachable from the entry, until
 * nothing changes. Linear per round. */
void crl_simplify_cfg(LLVMValueRef fn);

/* crl_simplify_cfg without forwarding empty blocks: what runs before a
 * coroutine is lowered, so that values a constant branch or phi decides
 * (swiftc -Onone guards code with `br i1 true`) are not given frame
 * space. */
void crl_fold_constants(LLVMValueRef fn);

/* Deletes blocks unreachable from the entry. */
void crl_remove_unreachable(LLVMValueRef fn);

/* Is `a` before `b` in their common block? (linear walk; for rare cases) */
int crl_comes_before(LLVMValueRef a, LLVMValueRef b);

/* Moves inst to the end of `bb`, before its terminator if it has one. */
void crl_move_before_terminator(LLVMValueRef inst, LLVMBasicBlockRef bb);

LLVMValueRef crl_first_non_phi(LLVMBasicBlockRef bb);
/* Where code may go at the top of bb: after its phis and after the
 * landingpad, cleanuppad or catchpad that must come first in an EH pad
 * (instrprof's counter promotion leaves phis in landing pads). A
 * catchswitch block has no such place: its catchswitch is returned. */
LLVMValueRef crl_first_insertion_point(LLVMBasicBlockRef bb);

/* Instructions in a block, or in a whole function: what a map that takes
 * each of them is sized for up front (growing it costs more than counting). */
unsigned crl_count_instructions(LLVMBasicBlockRef bb);
unsigned crl_count_fn_instructions(LLVMValueRef fn);
#endif
