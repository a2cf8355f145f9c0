/* Debug info for the functions a split adds. Each clone gets its own
 * DISubprogram, a copy of the coroutine's, and every location, lexical
 * block and local variable the clone uses is moved under it, as the
 * verifier requires of a function with a subprogram and as a debugger
 * needs to show lines and variables in resumed code.
 *
 * LLVM-C cannot copy a subprogram, nor read a few fields of debug metadata
 * (a subprogram's scope line and flags, a variable's argument number and
 * flags, a lexical block's line and column); those are read from the
 * node's printed form. */
#ifndef CRL_CLONER_DEBUG_INFO_H
#define CRL_CLONER_DEBUG_INFO_H

#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>

#include "irkit/valmap.h"

typedef struct crl_di {
  LLVMContextRef ctx;
  LLVMDIBuilderRef dib;
  LLVMMetadataRef src_sp, sp; /* sp is NULL when the source has none */
  crl_valmap map;             /* source scope, variable or location -> copy */
} crl_di;

/* Gives dst a copy of src's subprogram. When src has none, d->sp stays
 * NULL and the crl_di_* maps return what they are given. */
void crl_di_begin(crl_di *d, LLVMValueRef src, LLVMValueRef dst);
LLVMMetadataRef crl_di_loc(crl_di *d, LLVMMetadataRef loc);
LLVMMetadataRef crl_di_var(crl_di *d, LLVMMetadataRef var);
/* Moves every instruction location in fn under d->sp; a call to a function
 * with debug info that has no location gets the subprogram's line (the
 * verifier demands one, for inlining). */
void crl_di_relocate(crl_di *d, LLVMValueRef fn);
void crl_di_end(crl_di *d);

/* An expression that dereferences a pointer-sized slot and adds `offset`:
 * where a variable the frame holds lives, seen from a slot holding the
 * frame's address. */
LLVMMetadataRef crl_di_frame_expr(LLVMDIBuilderRef dib, uint64_t offset);
/* The type and name of a local variable (LLVM-C has no getter for them;
 * the name is not NUL-terminated). */
LLVMMetadataRef crl_di_var_type(crl_di *d, LLVMMetadataRef var);
const char *crl_di_var_name(crl_di *d, LLVMMetadataRef var, unsigned *len);
/* Whether `expr` is the empty expression. */
int crl_di_expr_is_empty(LLVMDIBuilderRef dib, LLVMMetadataRef expr);
#endif
