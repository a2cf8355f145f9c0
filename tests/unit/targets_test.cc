// targets/: the codegen adapter. Each architecture is one struct found from
// the triple; musttail rules per calling convention; the allocator's
// alignment; an unknown architecture gets generic rules; a module without
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
  EXPECT_EQ(crl_target_for("i686-pc-linux-gnu"), &crl_target_i686);
  EXPECT_EQ(crl_target_for("i686-pc-windows-msvc"), &crl_target_i686);
  EXPECT_EQ(crl_target_for("i386-unknown-freebsd"), &crl_target_i686);
  EXPECT_EQ(crl_target_for("armv7-unknown-linux-gnueabihf"), &crl_target_arm);
  EXPECT_EQ(crl_target_for("arm-linux-gnueabihf"), &crl_target_arm);
  EXPECT_EQ(crl_target_for("thumbv7em-none-eabihf"), &crl_target_arm);
  EXPECT_EQ(crl_target_for("riscv64-unknown-linux-gnu"), &crl_target_riscv64);
  EXPECT_EQ(crl_target_for("powerpc64le-unknown-linux-gnu"), &crl_target_ppc64le);
  EXPECT_EQ(crl_target_for("s390x-ibm-linux"), &crl_target_systemz);
  EXPECT_EQ(crl_target_for("wasm32-unknown-wasi"), &crl_target_wasm);
  EXPECT_EQ(crl_target_for("wasm64-unknown-unknown"), &crl_target_wasm);
  // The arch is the text before the first '-': "x86" is not "x86_64".
  EXPECT_EQ(crl_target_for("mips64el-unknown-linux-gnuabi64"), &crl_target_generic);
  EXPECT_EQ(crl_target_for("powerpc64-unknown-linux-gnu"), &crl_target_generic);
  EXPECT_EQ(crl_target_for("riscv32-unknown-elf"), &crl_target_generic);
  EXPECT_EQ(crl_target_for("x86-unknown-linux"), &crl_target_generic);
  EXPECT_EQ(crl_target_for(""), &crl_target_generic);
  EXPECT_EQ(crl_target_for(nullptr), nullptr);
}

TEST(Targets, NamesComeFromTheTable) {
  EXPECT_STREQ(crl_target_names(),
               "x86-64, AArch64, i686, ARM, RISC-V 64, PowerPC 64 LE, SystemZ, WebAssembly");
}

// One function per case, each with three fastcc calls: through a pointer,
// of a local function defined here, of a declaration; and a C call.
const char kCalls[] = R"(
define fastcc void @plain(ptr %p) {
  %fp = load ptr, ptr %p
  call fastcc void %fp(ptr %p)
  call fastcc void @local(ptr %p)
  call fastcc void @ext(ptr %p)
  call void @cfn(ptr %p)
  ret void
}
define fastcc void @tail(ptr %p) "target-features"="+simd128,+tail-call" {
  %fp = load ptr, ptr %p
  call fastcc void %fp(ptr %p)
  call fastcc void @local(ptr %p)
  call fastcc void @ext(ptr %p)
  call void @cfn(ptr %p)
  ret void
}
define fastcc void @tail_off(ptr %p) "target-features"="+tail-call,-tail-call" {
  %fp = load ptr, ptr %p
  call fastcc void %fp(ptr %p)
  call fastcc void @local(ptr %p)
  call fastcc void @ext(ptr %p)
  call void @cfn(ptr %p)
  ret void
}
define fastcc void @edge(ptr %p) "target-cpu"="bleeding-edge" {
  %fp = load ptr, ptr %p
  call fastcc void %fp(ptr %p)
  call fastcc void @local(ptr %p)
  call fastcc void @ext(ptr %p)
  call void @cfn(ptr %p)
  ret void
}
define internal fastcc void @local(ptr %p) {
  ret void
}
declare fastcc void @ext(ptr)
declare void @cfn(ptr)
)";

// "ILE" for a function's four calls: indirect, local, external; a C
// call from a fastcc function is never one ('-' when not a musttail).
std::string Musttails(const crl_target *t, LLVMModuleRef m, const char *fn) {
  std::string s;
  LLVMValueRef f = LLVMGetNamedFunction(m, fn);
  for (LLVMValueRef i = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(f)); i;
       i = LLVMGetNextInstruction(i)) {
    if (!LLVMIsACallInst(i)) continue;
    const char *why = nullptr;
    int ok = crl_target_can_musttail(t, i, 1, &why);
    s += ok ? "Y" : "-";
    if (!ok && !why) s += "?";  // a refusal always says why
  }
  return s;
}

TEST(Targets, MusttailRules) {
  crlh::Module m(kCalls);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMModuleRef mod = m.module();
  for (const crl_target *t : {&crl_target_x86_64, &crl_target_aarch64, &crl_target_i686,
                              &crl_target_arm, &crl_target_riscv64, &crl_target_systemz}) {
    SCOPED_TRACE(t->name);
    EXPECT_EQ(Musttails(t, mod, "plain"), "YYY-");
    EXPECT_EQ(Musttails(t, mod, "tail_off"), "YYY-");
  }
  // 64-bit PowerPC: only a local function defined here (the TOC).
  EXPECT_EQ(Musttails(&crl_target_ppc64le, mod, "plain"), "-Y--");
  // WebAssembly: only with the tail-call feature, the last mention
  // winning, or a CPU that has it.
  EXPECT_EQ(Musttails(&crl_target_wasm, mod, "plain"), "----");
  EXPECT_EQ(Musttails(&crl_target_wasm, mod, "tail"), "YYY-");
  EXPECT_EQ(Musttails(&crl_target_wasm, mod, "tail_off"), "----");
  EXPECT_EQ(Musttails(&crl_target_wasm, mod, "edge"), "YYY-");
  // Other architectures: never.
  EXPECT_EQ(Musttails(&crl_target_generic, mod, "tail"), "----");
  // Prototypes that differ: only tailcc and swifttailcc, where known.
  for (const crl_target *t : {&crl_target_x86_64, &crl_target_aarch64, &crl_target_i686,
                              &crl_target_arm, &crl_target_systemz}) {
    SCOPED_TRACE(t->name);
    ASSERT_NE(crl_target_cc_rule(t, CRL_CC_SWIFTTAIL), nullptr);
    EXPECT_EQ(crl_target_cc_rule(t, CRL_CC_SWIFTTAIL)->musttail, CRL_MUSTTAIL_ANY_SIGNATURE);
    EXPECT_EQ(crl_target_cc_rule(t, CRL_CC_TAIL)->musttail, CRL_MUSTTAIL_ANY_SIGNATURE);
    EXPECT_EQ(crl_target_cc_rule(t, LLVMFastCallConv)->musttail,
              CRL_MUSTTAIL_SAME_SIGNATURE);
    EXPECT_TRUE(t->swiftasync);
    EXPECT_FALSE(crl_target_tail_guaranteed(t, LLVMCCallConv));
    EXPECT_EQ(crl_target_cc_rule(t, LLVMGHCCallConv), nullptr);
  }
  for (const crl_target *t : {&crl_target_riscv64, &crl_target_ppc64le, &crl_target_wasm,
                              &crl_target_generic}) {
    SCOPED_TRACE(t->name);
    EXPECT_EQ(crl_target_cc_rule(t, CRL_CC_SWIFTTAIL), nullptr);
    EXPECT_EQ(crl_target_cc_rule(t, CRL_CC_TAIL), nullptr);
  }
  // A plain tail call of tailcc is a real one at -O0 on x86 and ARM, not
  // on SystemZ (arguments on the stack).
  EXPECT_TRUE(crl_target_tail_guaranteed(&crl_target_i686, CRL_CC_TAIL));
  EXPECT_TRUE(crl_target_tail_guaranteed(&crl_target_arm, CRL_CC_SWIFTTAIL));
  EXPECT_FALSE(crl_target_tail_guaranteed(&crl_target_systemz, CRL_CC_TAIL));
  // The clones' convention is LLVM's everywhere.
  EXPECT_EQ(crl_target_generic.clone_cc, (unsigned)LLVMFastCallConv);
  EXPECT_EQ(crl_target_wasm.clone_cc, (unsigned)LLVMFastCallConv);
}

TEST(Targets, AnyTailCallAtAll) {
  crlh::Module m(kCalls);
  ASSERT_TRUE(m.ok()) << m.error();
  LLVMValueRef plain = LLVMGetNamedFunction(m.module(), "plain");
  LLVMValueRef tail = LLVMGetNamedFunction(m.module(), "tail");
  const char *why = nullptr;
  EXPECT_TRUE(crl_target_tail_calls(&crl_target_ppc64le, plain, &why));
  EXPECT_TRUE(crl_target_tail_calls(&crl_target_wasm, tail, &why));
  EXPECT_FALSE(crl_target_tail_calls(&crl_target_wasm, plain, &why));
  EXPECT_NE(std::string(why).find("target features"), std::string::npos) << why;
  why = nullptr;
  EXPECT_FALSE(crl_target_tail_calls(&crl_target_generic, tail, &why));
  EXPECT_NE(why, nullptr);
}

// Only i686 refuses async coroutines for a backend bug, and says which;
// the others' refusals (if any) come from their tail-call rules.
TEST(Targets, AsyncRefusal) {
  const char *why = crl_target_async_refusal(&crl_target_i686);
  ASSERT_NE(why, nullptr);
  EXPECT_NE(std::string(why).find("llvm/llvm-project#199224"), std::string::npos) << why;
  for (const crl_target *t : {&crl_target_x86_64, &crl_target_aarch64, &crl_target_arm,
                              &crl_target_riscv64, &crl_target_ppc64le, &crl_target_systemz,
                              &crl_target_wasm, &crl_target_generic})
    EXPECT_EQ(crl_target_async_refusal(t), nullptr) << t->name;
  EXPECT_EQ(crl_target_async_refusal(nullptr), nullptr);
}

// malloc's alignment on each ABI; i686 tells Windows from the layout.
TEST(Targets, AllocationAlignment) {
  LLVMTargetDataRef lin = LLVMCreateTargetData("e-m:e-p:32:32-i128:128-f64:32:64-n8:16:32-S128");
  LLVMTargetDataRef win = LLVMCreateTargetData("e-m:x-p:32:32-i64:64-f80:128-n8:16:32-a:0:32-S32");
  LLVMTargetDataRef p64 = LLVMCreateTargetData("e-m:e-p:64:64-i64:64-n32:64-S128");
  EXPECT_EQ(crl_target_alloc_align(&crl_target_x86_64, nullptr), 16u);
  EXPECT_EQ(crl_target_alloc_align(&crl_target_aarch64, nullptr), 16u);
  EXPECT_EQ(crl_target_alloc_align(&crl_target_i686, lin), 16u);
  EXPECT_EQ(crl_target_alloc_align(&crl_target_i686, win), 8u);
  EXPECT_EQ(crl_target_alloc_align(&crl_target_arm, lin), 8u);
  EXPECT_EQ(crl_target_alloc_align(&crl_target_riscv64, p64), 16u);
  EXPECT_EQ(crl_target_alloc_align(&crl_target_ppc64le, p64), 16u);
  EXPECT_EQ(crl_target_alloc_align(&crl_target_systemz, p64), 16u);
  EXPECT_EQ(crl_target_alloc_align(&crl_target_wasm, lin), 16u);
  EXPECT_EQ(crl_target_alloc_align(&crl_target_generic, lin), 8u);
  EXPECT_EQ(crl_target_alloc_align(&crl_target_generic, p64), 16u);
  LLVMDisposeTargetData(lin);
  LLVMDisposeTargetData(win);
  LLVMDisposeTargetData(p64);
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

TEST(Targets, EachTableTargetLowers) {
  for (const char *triple : {"riscv64-unknown-linux-gnu", "i686-pc-windows-msvc",
                             "armv7-unknown-linux-gnueabihf", "powerpc64le-unknown-linux-gnu",
                             "s390x-ibm-linux", "wasm32-unknown-wasi", "wasm64-unknown-unknown"}) {
    SCOPED_TRACE(triple);
    crlh::Module m(kCoro);
    ASSERT_TRUE(m.ok()) << m.error();
    crl_options o;
    crl_options_init(&o);
    o.target_triple = triple;
    EXPECT_TRUE(crlh::LowersOk(m, &o));
  }
}

// An architecture without rules of its own: LLVM's, with a note saying
// that no tail call is guaranteed there; not a refusal.
TEST(Targets, UnknownArchitectureGetsGenericRules) {
  std::string ir = kCoro;
  ir.replace(ir.find("riscv64-unknown-linux-gnu"), std::string("riscv64-unknown-linux-gnu").size(),
             "mips64el-unknown-linux-gnuabi64");
  crlh::Module m(ir);
  ASSERT_TRUE(m.ok()) << m.error();
  crl_result *r = crlh_lower(m, nullptr);
  ASSERT_NE(r, nullptr);
  std::string d = Diags(r);
  EXPECT_TRUE(crl_result_ok(r)) << d;
  EXPECT_NE(d.find("target 'mips64el-unknown-linux-gnuabi64' is none of x86-64"),
            std::string::npos) << d;
  EXPECT_NE(d.find("no guaranteed tail call"), std::string::npos) << d;
  EXPECT_TRUE(crlh::Verifies(m));
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
