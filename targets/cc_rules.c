/* The calling-convention rule tables several architectures share
 * (targets.h says which). */
#include "targets/targets.h"

const crl_cc_rule crl_cc_rules_guaranteed[5] = {
    {LLVMCCallConv, CRL_MUSTTAIL_SAME_SIGNATURE, 0},
    {LLVMFastCallConv, CRL_MUSTTAIL_SAME_SIGNATURE, 0},
    {LLVMSwiftCallConv, CRL_MUSTTAIL_SAME_SIGNATURE, 0},
    {CRL_CC_SWIFTTAIL, CRL_MUSTTAIL_ANY_SIGNATURE, 1},
    {CRL_CC_TAIL, CRL_MUSTTAIL_ANY_SIGNATURE, 1},
};

const crl_cc_rule crl_cc_rules_c_fast[2] = {
    {LLVMCCallConv, CRL_MUSTTAIL_SAME_SIGNATURE, 0},
    {LLVMFastCallConv, CRL_MUSTTAIL_SAME_SIGNATURE, 0},
};
