// crl_verify_changed: the lowered module is verified function by function,
// only where lowering may have changed something (the functions it was told
// about and those added after a given one); a broken one gives an error
// diagnostic with the verifier's message, an untouched one is not looked at.
#include <string>

#include "gtest/gtest.h"
#include "tests/harness/harness_gtest.h"

extern "C" {
#include "pipeline/verify.h"
#include "corolower/corolower.h"
}

namespace {

const char kTwo[] = R"(
define i32 @kept(i32 %x) {
  ret i32 %x
}
define i32 @changed(i32 %x) {
  ret i32 %x
}
)";

// Appends a block without a terminator: the verifier rejects the function.
void Break(LLVMValueRef f) {
  LLVMAppendBasicBlockInContext(LLVMGetModuleContext(LLVMGetGlobalParent(f)), f,
                                "no_terminator");
}

std::string Errors(crl_result *r) {
  std::string s;
  for (size_t i = 0; i < crl_result_num_diags(r); i++) {
    const crl_diag *d = crl_result_diag(r, i);
    if (d->severity == CRL_SEV_ERROR) s += d->message;
  }
  return s;
}

struct Fixture {
  crlh::Module m{kTwo};
  crl_valmap touched, lowered;
  crl_result *res = crl_result_new();
  Fixture() {
    crl_valmap_init(&touched, 4);
    crl_valmap_init(&lowered, 4);
  }
  ~Fixture() {
    crl_valmap_free(&touched);
    crl_valmap_free(&lowered);
    crl_result_free(res);
  }
  LLVMModuleRef mod() { return m.module(); }
};

TEST(VerifyChanged, CleanModulePasses) {
  Fixture x;
  ASSERT_TRUE(x.m.ok()) << x.m.error();
  LLVMValueRef changed = x.m.fn("changed");
  crl_valmap_put(&x.touched, changed, changed);
  crl_verify_changed(x.mod(), &x.touched, &x.lowered, LLVMGetLastFunction(x.mod()), LLVMGetLastFunction(x.mod()), x.res);
  EXPECT_TRUE(crl_result_ok(x.res)) << Errors(x.res);
}

TEST(VerifyChanged, BrokenTouchedFunctionIsAnError) {
  Fixture x;
  ASSERT_TRUE(x.m.ok()) << x.m.error();
  LLVMValueRef changed = x.m.fn("changed");
  crl_valmap_put(&x.touched, changed, changed);
  Break(changed);
  crl_verify_changed(x.mod(), &x.touched, &x.lowered, LLVMGetLastFunction(x.mod()), LLVMGetLastFunction(x.mod()), x.res);
  EXPECT_FALSE(crl_result_ok(x.res));
  EXPECT_NE(Errors(x.res).find("fails the verifier"), std::string::npos) << Errors(x.res);
  EXPECT_NE(Errors(x.res).find("terminator"), std::string::npos) << Errors(x.res);
}

TEST(VerifyChanged, BrokenAddedFunctionIsAnError) {
  Fixture x;
  ASSERT_TRUE(x.m.ok()) << x.m.error();
  LLVMValueRef last = LLVMGetLastFunction(x.mod());
  LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetModuleContext(x.mod()));
  LLVMValueRef added =
      LLVMAddFunction(x.mod(), "added", LLVMFunctionType(i32, nullptr, 0, 0));
  Break(added);
  crl_verify_changed(x.mod(), &x.touched, &x.lowered, last, added, x.res);
  EXPECT_FALSE(crl_result_ok(x.res));
}

// A lowered coroutine was verified when it was lowered: not again.
TEST(VerifyChanged, LoweredCoroutineIsNotVerifiedTwice) {
  Fixture x;
  ASSERT_TRUE(x.m.ok()) << x.m.error();
  LLVMValueRef changed = x.m.fn("changed");
  crl_valmap_put(&x.touched, changed, changed);
  crl_valmap_put(&x.lowered, changed, changed);
  Break(changed);
  LLVMValueRef last = LLVMGetLastFunction(x.mod());
  crl_verify_changed(x.mod(), &x.touched, &x.lowered, last, last, x.res);
  EXPECT_TRUE(crl_result_ok(x.res));
  crl_result *one = crl_result_new();
  crl_verify_lowered(changed, last, one);
  EXPECT_FALSE(crl_result_ok(one));
  crl_result_free(one);
}

// crl_verify_lowered covers the functions added after the mark.
TEST(VerifyChanged, VerifyLoweredCoversAddedFunctions) {
  Fixture x;
  ASSERT_TRUE(x.m.ok()) << x.m.error();
  LLVMValueRef last = LLVMGetLastFunction(x.mod());
  LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetModuleContext(x.mod()));
  Break(LLVMAddFunction(x.mod(), "clone", LLVMFunctionType(i32, nullptr, 0, 0)));
  crl_verify_lowered(x.m.fn("changed"), last, x.res);
  EXPECT_FALSE(crl_result_ok(x.res));
}

// The contract, not a wish: what lowering did not touch is trusted, as the
// input was verified whole.
TEST(VerifyChanged, UntouchedFunctionIsNotLookedAt) {
  Fixture x;
  ASSERT_TRUE(x.m.ok()) << x.m.error();
  Break(x.m.fn("kept"));
  crl_verify_changed(x.mod(), &x.touched, &x.lowered, LLVMGetLastFunction(x.mod()), LLVMGetLastFunction(x.mod()), x.res);
  EXPECT_TRUE(crl_result_ok(x.res));
  crl_result *all = crl_result_new();
  crl_valmap_put(&x.touched, x.m.fn("kept"), x.m.fn("kept"));
  crl_verify_changed(x.mod(), &x.touched, &x.lowered, nullptr, nullptr, all);
  EXPECT_FALSE(crl_result_ok(all));
  crl_result_free(all);
}

}  // namespace
