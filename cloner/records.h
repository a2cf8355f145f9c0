/* The debug records of a cloned instruction, rebuilt in front of its copy.
 * LLVM-C copies no record with an instruction and builds only records of
 * one location (#dbg_value, #dbg_declare): a record of several locations
 * (a DIArgList, whose expression reads them as DW_OP_LLVM_arg N) cannot be
 * rebuilt as it is, and rebuilding it on its first location alone would
 * leave an expression reading locations that do not exist (LLVM's
 * LiveDebugValues crashes on one). Such a record becomes a kill of the
 * variable (of its fragment), as LLVM's own passes end a location they
 * cannot salvage. A #dbg_assign becomes the #dbg_value of the value
 * assigned: its link to the store (the !DIAssignID) stays with the source
 * function, since an ID linked across functions breaks LLVM's verifier. */
#ifndef CRL_CLONER_RECORDS_H
#define CRL_CLONER_RECORDS_H

#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>

#include "irkit/valmap.h"

struct crl_di;

/* Rebuilds the variable records of src_inst in front of dst_inst: values
 * through `map` (a local value not in it becomes poison; a declare of one
 * is dropped), variables and locations through `di` (may be NULL). */
void crl_clone_records(LLVMDIBuilderRef dib, LLVMValueRef src_inst,
                       LLVMValueRef dst_inst, const crl_valmap *map,
                       struct crl_di *di);

/* Removes a copied instruction's !DIAssignID (kind `assign_id`, the
 * context's "DIAssignID"): the copy's records are rebuilt as #dbg_value, so
 * the ID would only link it to the source function's records. */
void crl_drop_assign_id(LLVMValueRef copy, unsigned assign_id);

/* The number of locations `expr` reads (1 + its highest DW_OP_LLVM_arg;
 * 0 when it reads none, i.e. one implicit location), and its fragment, if
 * any (*frag_bits 0 when none). */
unsigned crl_expr_locations(LLVMContextRef ctx, LLVMMetadataRef expr,
                            uint64_t *frag_offset, uint64_t *frag_bits);
#endif
