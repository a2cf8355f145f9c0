/* The input's slot numbering of unnamed values (slots.c). */
#ifndef CRL_IRKIT_SLOTS_H
#define CRL_IRKIT_SLOTS_H

#include <llvm-c/Core.h>

#include "irkit/valmap.h"

/* Slot numbers of unnamed values (%N) as LLVM's printer assigns them. */
void crl_number_slots(LLVMValueRef fn, crl_valmap *slots);

#endif
