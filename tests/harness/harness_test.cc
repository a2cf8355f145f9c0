// Tests of the C harness itself: parsing, verification, JIT execution with
// the @trace hook, process symbols, error paths; and that a wrong expected
// trace really makes a test fail.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "gtest/gtest-spi.h"
#include "gtest/gtest.h"
#include "tests/harness/harness_gtest.h"
#include "tests/harness/ir_fragments.h"

namespace {

const char kPlain[] = R"(
declare void @trace(i64)

define i64 @main() {
entry:
  call void @trace(i64 1)
  call void @trace(i64 2)
  call void @trace(i64 3)
  ret i64 42
}

define void @nothing() {
  ret void
}

define i32 @minus_seven() {
  ret i32 -7
}

define i1 @yes() {
  ret i1 true
}

define i64 @loop() {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %next, %head ]
  call void @trace(i64 %i)
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, 5
  br i1 %done, label %exit, label %head
exit:
  ret i64 %next
}
)";

TEST(Harness, PlainIrRunsAndTraces) {
  crlh::Module m(kPlain);
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_TRUE(crlh::Verifies(m));
  int64_t ret = 0;
  ASSERT_TRUE(crlh::Runs(m, "main", &ret));
  EXPECT_EQ(ret, 42);
  size_t n = 0;
  const int64_t *t = crlh_trace(m, &n);
  ASSERT_EQ(n, 3u);
  EXPECT_EQ(t[0], 1);
  EXPECT_EQ(t[1], 2);
  EXPECT_EQ(t[2], 3);
  EXPECT_EQ(crlh::Trace(m), "1 2 3");
}

TEST(Harness, LoopTraces) {
  crlh::Module m(kPlain);
  ASSERT_TRUE(m.ok()) << m.error();
  int64_t ret = 0;
  EXPECT_EQ(crlh::RunTrace(m, "loop", &ret), "0 1 2 3 4");
  EXPECT_EQ(ret, 5);
}

TEST(Harness, ReturnTypes) {
  crlh::Module m(kPlain);
  ASSERT_TRUE(m.ok()) << m.error();
  int64_t ret = 99;
  ASSERT_TRUE(crlh::Runs(m, "nothing", &ret));
  EXPECT_EQ(ret, 0);
  EXPECT_EQ(crlh::Trace(m), "");
  ASSERT_TRUE(crlh::Runs(m, "minus_seven", &ret));
  EXPECT_EQ(ret, -7);  // sign-extended
  ASSERT_TRUE(crlh::Runs(m, "yes", &ret));
  EXPECT_EQ(ret, 1);
}

TEST(Harness, TraceIsClearedBetweenRunsAndModuleStaysUsable) {
  crlh::Module m(kPlain);
  ASSERT_TRUE(m.ok()) << m.error();
  EXPECT_EQ(crlh::RunTrace(m, "main"), "1 2 3");
  EXPECT_EQ(crlh::RunTrace(m, "main"), "1 2 3");
  // The module was copied into the JIT: it is still here and printable.
  std::string text = m.Print();
  EXPECT_NE(text.find("define i64 @main()"), std::string::npos) << text;
  EXPECT_NE(m.PrintFn("loop").find("phi i64"), std::string::npos);
  EXPECT_EQ(crlh_print_function(m, "no_such_fn"), nullptr);
}

// The assertion helpers must fail on a wrong trace, not pass vacuously.
TEST(Harness, WrongExpectedTraceFails) {
  crlh::Module m(kPlain);
  ASSERT_TRUE(m.ok()) << m.error();
  EXPECT_NONFATAL_FAILURE(EXPECT_EQ(crlh::RunTrace(m, "main"), "1 2 4"),
                          "1 2 4");
  EXPECT_NONFATAL_FAILURE(EXPECT_EQ(crlh::RunTrace(m, "main"), "1 2"), "1 2 3");
  EXPECT_NONFATAL_FAILURE(EXPECT_EQ(crlh::RunTrace(m, "loop"), ""), "0 1 2 3 4");
  // A run failure shows up as a failing comparison, with the reason.
  EXPECT_NONFATAL_FAILURE(EXPECT_EQ(crlh::RunTrace(m, "no_such_fn"), "1 2 3"),
                          "no function 'no_such_fn'");
  EXPECT_NONFATAL_FAILURE(EXPECT_TRUE(crlh::Runs(m, "no_such_fn")),
                          "running @no_such_fn failed");
}

TEST(Harness, BadIrGivesParseError) {
  char *err = nullptr;
  crlh_ctx *c = crlh_parse("define i64 @f( {\n  ret i64 0\n}\n", &err);
  EXPECT_EQ(c, nullptr);
  std::string e = crlh::Take(err);
  EXPECT_NE(e.find("cannot parse IR"), std::string::npos) << e;
  EXPECT_NE(e.find("input.ll:2:3: error"), std::string::npos) << e;  // line:col
  crlh::Module m("this is not IR");
  EXPECT_FALSE(m.ok());
  EXPECT_NE(m.error().find("error"), std::string::npos) << m.error();
  // NULL err is allowed.
  EXPECT_EQ(crlh_parse("garbage", nullptr), nullptr);
  EXPECT_EQ(crlh_parse(nullptr, nullptr), nullptr);
}

TEST(Harness, VerifierFailureIsReportedAndNotRun) {
  // Parses, but %x does not dominate its use.
  crlh::Module m(R"(
define i64 @main(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %x = add i64 1, 2
  br label %b
b:
  ret i64 %x
}
define i64 @run() {
  ret i64 0
}
)");
  ASSERT_TRUE(m.ok()) << m.error();
  char *err = nullptr;
  EXPECT_NE(crlh_verify(m, &err), 0);
  std::string e = crlh::Take(err);
  EXPECT_NE(e.find("dominate"), std::string::npos) << e;
  EXPECT_FALSE(crlh::Verifies(m));
  err = nullptr;
  EXPECT_NE(crlh_run(m, "run", nullptr, &err), 0);
  e = crlh::Take(err);
  EXPECT_NE(e.find("verifier"), std::string::npos) << e;
}

TEST(Harness, RunErrors) {
  crlh::Module m(R"(
declare i64 @no_such_symbol_anywhere_xyz(i64)
define i64 @takes_arg(i64 %a) {
  ret i64 %a
}
define float @returns_float() {
  ret float 1.0
}
define i64 @calls_unknown() {
  %r = call i64 @no_such_symbol_anywhere_xyz(i64 1)
  ret i64 %r
}
)");
  ASSERT_TRUE(m.ok()) << m.error();
  char *err = nullptr;
  EXPECT_NE(crlh_run(m, "takes_arg", nullptr, &err), 0);
  EXPECT_NE(crlh::Take(err).find("no arguments"), std::string::npos);
  err = nullptr;
  EXPECT_NE(crlh_run(m, "returns_float", nullptr, &err), 0);
  EXPECT_NE(crlh::Take(err).find("return void or"), std::string::npos);
  err = nullptr;
  EXPECT_NE(crlh_run(m, "no_such_symbol_anywhere_xyz", nullptr, &err), 0);
  EXPECT_NE(crlh::Take(err).find("no function"), std::string::npos);
  // An unresolved external is a JIT error, not a crash.
  err = nullptr;
  EXPECT_NE(crlh_run(m, "calls_unknown", nullptr, &err), 0);
  std::string e = crlh::Take(err);
  EXPECT_NE(e.find("no_such_symbol_anywhere_xyz"), std::string::npos) << e;
}

TEST(Harness, ProcessSymbolsResolve) {
  crlh::Module m(R"(
declare void @trace(i64)
declare ptr @malloc(i64)
declare void @free(ptr)
define i64 @main() {
  %p = call ptr @malloc(i64 16)
  store i64 7, ptr %p
  %q = getelementptr i8, ptr %p, i64 8
  store i64 35, ptr %q
  %a = load i64, ptr %p
  %b = load i64, ptr %q
  %s = add i64 %a, %b
  call void @trace(i64 %s)
  call void @free(ptr %p)
  ret i64 %s
}
)");
  ASSERT_TRUE(m.ok()) << m.error();
  int64_t ret = 0;
  EXPECT_EQ(crlh::RunTrace(m, "main", &ret), "42");
  EXPECT_EQ(ret, 42);
}

int64_t g_extra_calls = 0;
extern "C" int64_t extra_hook(int64_t x) {
  g_extra_calls++;
  return x * 2;
}

TEST(Harness, ExtraSymbols) {
  crlh::Module m(R"(
declare void @trace(i64)
declare i64 @double_it(i64)
define i64 @main() {
  %a = call i64 @double_it(i64 21)
  call void @trace(i64 %a)
  ret i64 %a
}
)");
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_EQ(crlh_add_symbol(m, "double_it", (void *)&extra_hook), 0);
  g_extra_calls = 0;
  EXPECT_EQ(crlh::RunTrace(m, "main"), "42");
  EXPECT_EQ(g_extra_calls, 1);
}

// The harness drives the library: a small switched-resume coroutine lowers,
// verifies, leaves nothing presplit and runs with the expected trace.
const std::string kCounter = R"(
declare void @trace(i64)
declare ptr @malloc(i64)
declare void @free(ptr)

)" + crlh::Counter("malloc", "free") + R"(
define void @main() {
  %h = call ptr @counter(i64 10)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.destroy(ptr %h)
  ret void
}

declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
declare void @llvm.coro.resume(ptr)
declare void @llvm.coro.destroy(ptr)
)";

TEST(Harness, LowersAndRunsACoroutine) {
  crlh::Module m(kCounter);
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_TRUE(crlh::Verifies(m));
  // Before lowering the module is presplit: the independent check says so.
  char *err = nullptr;
  EXPECT_NE(crlh_check_lowered(m, &err), 0);
  std::string e = crlh::Take(err);
  EXPECT_NE(e.find("'counter' is still presplitcoroutine"), std::string::npos) << e;
  EXPECT_NE(e.find("llvm.coro.suspend"), std::string::npos) << e;
  EXPECT_FALSE(crlh::FullyLowered(m));

  ASSERT_TRUE(crlh::LowersOk(m));
  EXPECT_EQ(crlh_last_result(m), crlh_last_result(m));
  // The module has no data layout: a note (only) says which was assumed.
  EXPECT_EQ(crlh::Diags(m).rfind("note: no target triple: assumed the host's", 0), 0u)
      << crlh::Diags(m);
  EXPECT_EQ(crlh::Diags(m).find("error"), std::string::npos) << crlh::Diags(m);
  ASSERT_TRUE(crlh::Verifies(m));
  EXPECT_TRUE(crlh::FullyLowered(m));
  EXPECT_EQ(crlh::RunTrace(m, "main"), "10 11 12 -1");
  EXPECT_NE(m.fn("counter.resume"), nullptr);
}

TEST(Harness, DiagnosticsAreFormatted) {
  // coro.suspend outside a presplit coroutine: the library reports it.
  crlh::Module m(R"(
define void @g() {
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  ret void
}
declare i8 @llvm.coro.suspend(token, i1)
)");
  ASSERT_TRUE(m.ok()) << m.error();
  crl_result *r = crlh_lower(m, nullptr);
  ASSERT_NE(r, nullptr);
  EXPECT_FALSE(crl_result_ok(r));
  EXPECT_GE(crlh_count_diags(r, CRL_SEV_ERROR), 1u);
  std::string d = crlh::Diags(m);
  EXPECT_NE(d.find("\nerror: in function 'g': "), std::string::npos) << d;
  EXPECT_NE(d.find("  at: "), std::string::npos) << d;
  EXPECT_NONFATAL_FAILURE(EXPECT_TRUE(crlh::LowersOk(m)), "lowering failed");
  EXPECT_EQ(crlh::Take(crlh_diags_string(nullptr)), "");
}

TEST(Harness, NullSafety) {
  EXPECT_EQ(crlh_module(nullptr), nullptr);
  EXPECT_EQ(crlh_lower(nullptr, nullptr), nullptr);
  EXPECT_NE(crlh_verify(nullptr, nullptr), 0);
  EXPECT_NE(crlh_run(nullptr, "main", nullptr, nullptr), 0);
  size_t n = 7;
  EXPECT_EQ(crlh_trace(nullptr, &n), nullptr);
  EXPECT_EQ(n, 0u);
  crlh_free(nullptr);
}

}  // namespace
