// Regressions for library bugs these tests found, and the library's
// behaviour with several threads and without frame reports.
#include "tests/harness/lowering_fixture.h"

namespace {

using namespace lowering;

// ---------------------------------------------------------------------------
// Regressions for library bugs found by these tests. The crash case is a
// death test, so a crash fails one test instead of the whole suite.

const std::string kNoSuspend = R"(
define ptr @straight(i64 %x) presplitcoroutine {
entry:
)" + Begin() + R"(
  call void @trace(i64 %x)
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @straight(i64 42)
  ret void
}
)";

// A coroutine with no suspend point once crashed crl_lower_module (the
// clones dispatched on an index field that does not exist). Like LLVM, it
// now becomes a plain function with no clones.
TEST(LoweringDeathTest, CoroutineWithoutSuspendDoesNotCrash) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        crlh::Module m(std::string(kNoSuspend) + kDecls);
        crl_result *r = crlh_lower(m, nullptr);
        std::exit(r && crl_result_ok(r) ? 0 : 3);
      },
      ::testing::ExitedWithCode(0), "");
}

// A suspend with no switch of its own, its result switched on only past the
// next suspend (a mutant of scoped_arrays_share.ll): the result crosses a
// suspend, so it is kept in the frame like any value; it used to be an
// internal error ("a value used after a suspend was not kept"). What the
// program means is murky (LLVM folds every suspend result in a clone to
// that clone's constant), so only a valid lowering is asked for.
TEST(Lowering, SuspendResultSwitchedPastNextSuspendLowers) {
  crlh::Module m(std::string(R"(
define ptr @f(i64 %n) presplitcoroutine {
entry:
)" + Begin() + R"(
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %out [ i8 0, label %r1
                              i8 1, label %cleanup ]
r1:
  call void @trace(i64 %n)
  switch i8 %s2, label %out [ i8 0, label %cleanup
                              i8 1, label %cleanup ]
cleanup:
)" + FreeAndEnd("out")) + kDecls);
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_TRUE(crlh::LowersOk(m));
  ASSERT_TRUE(crlh::Verifies(m));
  ASSERT_TRUE(crlh::FullyLowered(m));
}

// Recomputed values: %wide (sext of %n) and %sum (%n + %k) are rebuilt after
// each suspend from %n and %k, which the frame keeps; %obj is returned by
// the ramp after coro.end only. Driven through both suspends, and destroyed
// at the second one in a second run.
const std::string kRemat = R"(
define ptr @co(i32 %n, i32 %k) presplitcoroutine {
entry:
)" + Begin() + R"(
  %wide = sext i32 %n to i64
  %sum = add i32 %n, %k
  %obj = getelementptr i8, ptr %hdl, i64 0
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %ret [ i8 0, label %r1
                              i8 1, label %cleanup ]
r1:
  call void @trace(i64 %wide)
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %ret [ i8 0, label %r2
                              i8 1, label %cleanup ]
r2:
  %sum64 = zext i32 %sum to i64
  call void @trace(i64 %sum64)
  %k64 = zext i32 %k to i64
  call void @trace(i64 %k64)
  %w2 = mul i64 %wide, 10
  call void @trace(i64 %w2)
  br label %cleanup
cleanup:
  call void @trace(i64 99)
)" + FreeAndEnd("ret", "  ret ptr %obj\n");

// Two arrays in consecutive scopes share frame storage (their lifetimes
// never meet); each keeps its contents across its own suspend point, and
// destroying at either suspend runs that scope's cleanup.
const std::string kScoped = R"(
define ptr @co(i64 %n) presplitcoroutine {
entry:
  %a = alloca [32 x i64], align 16
  %b = alloca [32 x i64], align 16
)" + Begin(16) + R"(
  call void @llvm.lifetime.start.p0(ptr %a)
  %a31 = getelementptr [32 x i64], ptr %a, i64 0, i64 31
  store i64 %n, ptr %a
  store i64 31, ptr %a31
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %ret [ i8 0, label %r1
                              i8 1, label %destroy_a ]
r1:
  %x0 = load i64, ptr %a
  %x31 = load i64, ptr %a31
  call void @trace(i64 %x0)
  call void @trace(i64 %x31)
  call void @llvm.lifetime.end.p0(ptr %a)
  call void @llvm.lifetime.start.p0(ptr %b)
  %b5 = getelementptr [32 x i64], ptr %b, i64 0, i64 5
  %m = mul i64 %n, 3
  store i64 %m, ptr %b5
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %ret [ i8 0, label %r2
                              i8 1, label %destroy_b ]
r2:
  %y = load i64, ptr %b5
  call void @trace(i64 %y)
  call void @llvm.lifetime.end.p0(ptr %b)
  br label %cleanup
destroy_a:
  call void @trace(i64 -1)
  call void @llvm.lifetime.end.p0(ptr %a)
  br label %cleanup
destroy_b:
  call void @trace(i64 -2)
  call void @llvm.lifetime.end.p0(ptr %b)
  br label %cleanup
cleanup:
)" + FreeAndEnd() + R"(
declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)
)";

// SSA repair: %v crosses a suspend on each arm of a diamond; after the join
// the two reloads meet in a phi. Both arms, driven to the end.
const std::string kDiamond = R"(
define ptr @co(i64 %n, i1 %c) presplitcoroutine {
entry:
)" + Begin() + R"(
  %v = mul i64 %n, 7
  %w = call i64 @llvm.abs.i64(i64 %v, i1 false)
  br i1 %c, label %a, label %b
a:
  call void @trace(i64 1)
  %sa = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %sa, label %ret [ i8 0, label %join
                              i8 1, label %cleanup ]
b:
  call void @trace(i64 2)
  %sb = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %sb, label %ret [ i8 0, label %join
                              i8 1, label %cleanup ]
join:
  call void @trace(i64 %w)
  br label %cleanup
cleanup:
)" + FreeAndEnd() + R"(
declare i64 @llvm.abs.i64(i64, i1)
)";

// Compiler projects lower modules on several threads at once, each in its
// own LLVM context: the library keeps no unsynchronised global state.
TEST(Lowering, ConcurrentLoweringInSeparateContexts) {
  const std::string ir = std::string(kScoped) + kDecls;
  auto work = [&ir](int *ok) {
    for (int round = 0; round < 10; round++) {
      LLVMContextRef ctx = LLVMContextCreate();
      LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(
          ir.data(), ir.size(), "concurrent");
      LLVMModuleRef m = nullptr;
      char *err = nullptr;
      if (LLVMParseIRInContext(ctx, buf, &m, &err) == 0) {
        crl_result *r = crl_lower_module(m, nullptr);
        if (r && crl_result_ok(r) && crl_result_num_frames(r) == 1) ++*ok;
        crl_result_free(r);
        LLVMDisposeModule(m);
      }
      LLVMDisposeMessage(err);
      LLVMContextDispose(ctx);
    }
  };
  std::vector<int> ok(4, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; t++) threads.emplace_back(work, &ok[t]);
  for (auto &t : threads) t.join();
  for (int t = 0; t < 4; t++) EXPECT_EQ(ok[t], 10) << "thread " << t;
}
// skip_frame_report only drops the reports: the lowered module is the same
// text as with reports built, and the result then lists no frames.
TEST(Lowering, SkipFrameReportChangesOnlyTheReport) {
  const std::string ir = std::string(kScoped) + kDecls;
  std::string text[2];
  size_t frames[2] = {99, 99};
  for (int skip = 0; skip < 2; skip++) {
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMMemoryBufferRef buf =
        LLVMCreateMemoryBufferWithMemoryRangeCopy(ir.data(), ir.size(), "skip_report");
    LLVMModuleRef m = nullptr;
    char *err = nullptr;
    ASSERT_EQ(LLVMParseIRInContext(ctx, buf, &m, &err), 0) << (err ? err : "");
    crl_options opts;
    crl_options_init(&opts);
    opts.skip_frame_report = skip;
    crl_result *r = crl_lower_module(m, &opts);
    ASSERT_NE(r, nullptr);
    EXPECT_TRUE(crl_result_ok(r));
    frames[skip] = crl_result_num_frames(r);
    char *s = LLVMPrintModuleToString(m);
    text[skip] = s;
    LLVMDisposeMessage(s);
    crl_result_free(r);
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
  }
  EXPECT_EQ(frames[0], 1u);
  EXPECT_EQ(frames[1], 0u);
  EXPECT_EQ(text[0], text[1]);
}

// Runs of @main: the trace both lowerings must give (or corolower's
// alone, kNone), and every frame freed once.
const TraceCase kCases[] = {
    // Same program: behaves like LLVM (the frame is allocated and freed).
    {"CoroutineWithoutSuspendRuns", kNoSuspend,
     "42"},
    // A suspend in an unreachable block was once rejected as "not dominated by
    // llvm.coro.begin"; LLVM drops unreachable blocks first, and so do we.
    {"UnreachableSuspendIsIgnored", R"(
define ptr @co(i64 %x) presplitcoroutine {
entry:
)" + Begin() + R"(
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %out [ i8 0, label %res
                             i8 1, label %cleanup ]
dead:
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %out [ i8 0, label %res
                              i8 1, label %cleanup ]
res:
  call void @trace(i64 %x)
  br label %cleanup
cleanup:
)" + FreeAndEnd("out") + R"(
define void @main() {
  %h = call ptr @co(i64 8)
  call void @llvm.coro.resume(ptr %h)
  ret void
}
)",
     "8"},
    // A save whose only suspend can never run: with the suspend dropped as
    // dead code the coroutine has no suspend point left, and the save goes
    // too, as LLVM drops an unused save.
    {"SaveOfUnreachableSuspendIsDropped", R"(
define ptr @co(i64 %x) presplitcoroutine {
entry:
)" + Begin() + R"(
  %save = call token @llvm.coro.save(ptr %hdl)
  call void @trace(i64 %x)
  ret ptr %hdl
dead:
  %s = call i8 @llvm.coro.suspend(token %save, i1 false)
  switch i8 %s, label %out [ i8 0, label %out
                             i8 1, label %out ]
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @co(i64 5)
  call void @free_frame(ptr %h)
  ret void
}
)",
     "5"},
    // A suspend's result used again past a second suspend (here traced after
    // it): the result crosses that suspend and is kept in the frame like any
    // value, where it used to be an internal error.
    {"SuspendResultUsedAfterAnotherSuspend", R"(
define ptr @late(i64 %x) presplitcoroutine {
entry:
)" + Begin() + R"(
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %out [ i8 0, label %first
                              i8 1, label %cleanup ]
first:
  call void @trace(i64 1)
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %out [ i8 0, label %second
                              i8 1, label %cleanup ]
second:
  %r1 = sext i8 %s1 to i64
  %v = add i64 %r1, %x
  call void @trace(i64 %v)
  br label %cleanup
cleanup:
)" + FreeAndEnd("out") + R"(
define void @main() {
  %h = call ptr @late(i64 6)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  %g = call ptr @late(i64 7)
  call void @llvm.coro.resume(ptr %g)
  call void @llvm.coro.destroy(ptr %g)
  ret void
}
)",
     "1 6 1"},
    // With coro.alloc and no suspend point, LLVM puts the frame on the stack:
    // coro.alloc is false, so the allocator is never called, and coro.free is
    // null, so nothing is freed. The trace shows alloc/free calls (-1 each).
    {"CoroutineWithoutSuspendGetsStackFrame", R"(
define ptr @straight(i64 %x) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %need = call i1 @llvm.coro.alloc(token %id)
  br i1 %need, label %dyn, label %begin
dyn:
  call void @trace(i64 -1)
  %size = call i64 @llvm.coro.size.i64()
  %m = call ptr @alloc_frame(i64 %size)
  br label %begin
begin:
  %mem = phi ptr [ null, %entry ], [ %m, %dyn ]
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %isnull = icmp eq ptr %hdl, null
  %isnull64 = zext i1 %isnull to i64
  call void @trace(i64 %isnull64)
  call void @trace(i64 %x)
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  %fnull = icmp eq ptr %f, null
  br i1 %fnull, label %out, label %dofree
dofree:
  call void @trace(i64 -2)
  call void @free_frame(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @straight(i64 42)
  ret void
}
)",
     "0 42"},
    {"RecomputedValuesAfterEachSuspend", std::string(kRemat) + R"(
define void @main() {
  %h = call ptr @co(i32 -3, i32 5)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  ret void
}
)",
     "-3 2 5 -30 99"},
    {"RecomputedValuesDestroyedMidway", std::string(kRemat) + R"(
define void @main() {
  %h = call ptr @co(i32 7, i32 1)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.destroy(ptr %h)
  ret void
}
)",
     "7 99"},
    {"ScopedArraysShareStorageAndKeepContents", std::string(kScoped) + R"(
define void @main() {
  %h = call ptr @co(i64 5)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  ret void
}
)",
     "5 31 15"},
    {"ScopedArraysDestroyedInEitherScope", std::string(kScoped) + R"(
define void @main() {
  %h = call ptr @co(i64 2)
  call void @llvm.coro.destroy(ptr %h)
  %g = call ptr @co(i64 4)
  call void @llvm.coro.resume(ptr %g)
  call void @llvm.coro.destroy(ptr %g)
  ret void
}
)",
     "-1 4 31 -2"},
    {"SsaRepairMergesReloadsOfBothArms", std::string(kDiamond) + R"(
define void @main() {
  %h = call ptr @co(i64 -3, i1 true)
  call void @llvm.coro.resume(ptr %h)
  %g = call ptr @co(i64 5, i1 false)
  call void @llvm.coro.resume(ptr %g)
  ret void
}
)",
     "1 21 2 35"},
};

INSTANTIATE_TEST_SUITE_P(Regressions, LoweringTrace, ::testing::ValuesIn(kCases), CaseName);

}  // namespace
