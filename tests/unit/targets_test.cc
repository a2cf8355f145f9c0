// targets/: the codegen adapter. Each architecture is one struct found from
// the triple; musttail rules per calling convention; the allocator's
// alignment; an unknown target is a diagnostic; a module without
// coroutines keeps its triple and layout; preparing modules is thread-safe.
#include <string>
#include <thread>
#include <vector>

#include "gtest/gtest.h"
#include "tests/harness/harness_gtest.h"

extern "C" {
#include "corolower/corolower.h"
#include "targets/targets.h"
}

namespace {

TEST(Targets, FoundByTriple) {
  EXPECT_EQ(crl_target_for("x86_64-pc-linux-gnu"), &crl_target_x86_64);
  EXPECT_EQ(crl_target_for("x86_64-apple-macosx14.0.0"), &crl_target_x86_64);
  EXPECT_EQ(crl_target_for("aarch64-unknown-linux-gnu"), &crl_target_aarch64);
  EXPECT_EQ(crl_target_for("arm64-apple-ios17.0.0"), &crl_target_aarch64);
  EXPECT_EQ(crl_target_for("riscv64-unknown-linux-gnu"), nullptr);
  EXPECT_EQ(crl_target_for("i686-pc-linux-gnu"), nullptr);
  EXPECT_EQ(crl_target_for(""), nullptr);
  EXPECT_EQ(crl_target_for(nullptr), nullptr);
}

TEST(Targets, MusttailRules) {
  for (const crl_target *t : {&crl_target_x86_64, &crl_target_aarch64}) {
    SCOPED_TRACE(t->name);
    // Symmetric transfer: fastcc to fastcc with one signature.
    EXPECT_TRUE(crl_target_musttail_ok(t, t->clone_cc, t->clone_cc, 1));
    EXPECT_FALSE(crl_target_musttail_ok(t, LLVMFastCallConv, LLVMFastCallConv, 0));
    // swifttailcc and tailcc: any signatures, guaranteed without optimising.
    EXPECT_TRUE(crl_target_musttail_ok(t, CRL_CC_SWIFTTAIL, CRL_CC_SWIFTTAIL, 0));
    EXPECT_TRUE(crl_target_musttail_ok(t, CRL_CC_TAIL, CRL_CC_TAIL, 0));
    EXPECT_TRUE(crl_target_tail_guaranteed(t, CRL_CC_SWIFTTAIL));
    EXPECT_FALSE(crl_target_tail_guaranteed(t, LLVMCCallConv));
    // Mixed conventions never.
    EXPECT_FALSE(crl_target_musttail_ok(t, LLVMCCallConv, CRL_CC_SWIFTTAIL, 1));
    // A convention the table does not know: no.
    EXPECT_FALSE(crl_target_musttail_ok(t, LLVMGHCCallConv, LLVMGHCCallConv, 1));
    EXPECT_TRUE(t->swiftasync);
    EXPECT_TRUE(t->swifttailcc);
    EXPECT_EQ(crl_target_alloc_align(t, nullptr), 16u);
  }
}

const char kCoro[] = R"(
target triple = "riscv64-unknown-linux-gnu"
define ptr @f() presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %cleanup
                             i8 1, label %cleanup ]
cleanup:
  %m = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %m)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
declare ptr @malloc(i64)
declare void @free(ptr)
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
)";

std::string Diags(crl_result *r) { return crlh::Take(crlh_diags_string(r)); }

TEST(Targets, UnknownTargetIsADiagnostic) {
  crlh::Module m(kCoro);
  ASSERT_TRUE(m.ok()) << m.error();
  crl_result *r = crlh_lower(m, nullptr);
  ASSERT_NE(r, nullptr);
  EXPECT_FALSE(crl_result_ok(r));
  std::string d = Diags(r);
  EXPECT_NE(d.find("riscv64-unknown-linux-gnu"), std::string::npos) << d;
  EXPECT_NE(d.find("not supported"), std::string::npos) << d;
}

TEST(Targets, KnownTargetOverrideLowers) {
  crlh::Module m(kCoro);
  ASSERT_TRUE(m.ok()) << m.error();
  crl_options o;
  crl_options_init(&o);
  o.target_triple = "aarch64-unknown-linux-gnu";
  EXPECT_TRUE(crlh::LowersOk(m, &o));
}

TEST(Targets, ModuleWithoutCoroutinesKeepsTripleAndLayout) {
  crlh::Module m("define i32 @g(i32 %x) {\n  ret i32 %x\n}\n");
  ASSERT_TRUE(m.ok()) << m.error();
  EXPECT_TRUE(crlh::LowersOk(m));
  EXPECT_STREQ(LLVMGetTarget(m.module()), "");
  EXPECT_STREQ(LLVMGetDataLayoutStr(m.module()), "");
  // An unknown target is no error where there is nothing to lower.
  crlh::Module r("target triple = \"riscv64-unknown-linux-gnu\"\n"
                 "define void @h() {\n  ret void\n}\n");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_TRUE(crlh::LowersOk(r));
}

// A module with a data layout and no triple (LLVM's passes need none):
// the host's target rules, the module's own layout (here 32-bit and
// big-endian), a note saying so, and the module keeps no triple. The frame
// follows the module's layout: two 4-byte function pointers and the 4-byte
// argument (one suspend point needs no index): 12 bytes, where the host's
// layout would make it 24.
TEST(Targets, NoTripleKeepsTheModulesLayout) {
  std::string ir = kCoro;
  ir.replace(ir.find("target triple = \"riscv64-unknown-linux-gnu\""),
             std::string("target triple = \"riscv64-unknown-linux-gnu\"").size(),
             "target datalayout = \"E-m:e-p:32:32-i64:64-n32\"");
  ir.replace(ir.find("define ptr @f()"), std::string("define ptr @f()").size(),
             "define ptr @f(i32 %x)");
  ir.replace(ir.find("  switch i8 %s"), 0, "  call void @use(i32 %x)\n");
  ir += "declare void @use(i32)\n";
  crlh::Module m(ir);
  ASSERT_TRUE(m.ok()) << m.error();
  crl_result *r = crlh_lower(m, nullptr);
  ASSERT_NE(r, nullptr);
  std::string d = Diags(r);
  ASSERT_TRUE(crl_result_ok(r)) << d;
  EXPECT_NE(d.find("no target triple: assumed the host's target rules"), std::string::npos) << d;
  EXPECT_NE(d.find("E-m:e-p:32:32-i64:64-n32"), std::string::npos) << d;
  EXPECT_STREQ(LLVMGetTarget(m.module()), "");
  EXPECT_STREQ(LLVMGetDataLayoutStr(m.module()), "E-m:e-p:32:32-i64:64-n32");
  ASSERT_EQ(crl_result_num_frames(r), 1u);
  EXPECT_EQ(crl_result_frame(r, 0)->size, 12u) << crl_result_report_text(r);
  EXPECT_TRUE(crlh::Verifies(m));
}

// Neither triple nor layout: the same rule, the host's layout filled in.
TEST(Targets, NoTripleNoLayoutGetsTheHostsLayout) {
  std::string ir = kCoro;
  ir.erase(ir.find("target triple = \"riscv64-unknown-linux-gnu\""),
           std::string("target triple = \"riscv64-unknown-linux-gnu\"").size());
  crlh::Module m(ir);
  ASSERT_TRUE(m.ok()) << m.error();
  crl_result *r = crlh_lower(m, nullptr);
  ASSERT_NE(r, nullptr);
  std::string d = Diags(r);
  ASSERT_TRUE(crl_result_ok(r)) << d;
  EXPECT_NE(d.find("no target triple: assumed the host's, "), std::string::npos) << d;
  EXPECT_STREQ(LLVMGetTarget(m.module()), "");
  EXPECT_STRNE(LLVMGetDataLayoutStr(m.module()), "");
}

// Several threads preparing modules at once (the target registry is set up
// once per process).
TEST(Targets, PrepareIsThreadSafe) {
  std::vector<std::thread> ts;
  std::vector<std::string> layouts(8);
  for (int k = 0; k < 8; k++)
    ts.emplace_back([k, &layouts] {
      LLVMContextRef ctx = LLVMContextCreate();
      LLVMModuleRef m = LLVMModuleCreateWithNameInContext("m", ctx);
      LLVMSetTarget(m, k % 2 ? "aarch64-unknown-linux-gnu" : "x86_64-pc-linux-gnu");
      char *assumed = nullptr;
      char *err = crl_target_prepare_module(m, nullptr, nullptr, &assumed);
      if (!err) layouts[k] = LLVMGetDataLayoutStr(m);
      free(err);
      free(assumed);
      LLVMDisposeModule(m);
      LLVMContextDispose(ctx);
    });
  for (std::thread &t : ts) t.join();
  for (int k = 0; k < 8; k++) EXPECT_EQ(layouts[k], layouts[k % 2]) << k;
  EXPECT_NE(layouts[0], layouts[1]);
  EXPECT_NE(layouts[0].find("e-m:e"), std::string::npos) << layouts[0];
}

}  // namespace
