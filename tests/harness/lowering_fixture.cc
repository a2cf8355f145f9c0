// The lowering tests' fixture: counting frame hooks, the differential and
// corolower-only runs, and the one parameterized test every table of cases
// (lowering_*_test.cc) instantiates.
#include "tests/harness/lowering_fixture.h"

namespace lowering {
namespace {

int64_t g_allocs = 0, g_frees = 0;
// Freed frames are filled with 0xAB and kept until the run ends: a lowering
// that reads a frame after the coroutine freed it (an await_suspend that
// resumed it to completion, say) reads the poison, deterministically,
// rather than whatever malloc left there.
std::vector<unsigned char *> g_quarantine;
constexpr size_t kFrameHeader = 16;

extern "C" void *alloc_frame(int64_t n) {
  g_allocs++;
  auto *p = static_cast<unsigned char *>(std::malloc((size_t)n + kFrameHeader));
  std::memcpy(p, &n, sizeof n);
  return p + kFrameHeader;
}

extern "C" void free_frame(void *q) {
  if (!q) return;
  g_frees++;
  unsigned char *p = static_cast<unsigned char *>(q) - kFrameHeader;
  int64_t n = 0;
  std::memcpy(&n, p, sizeof n);
  std::memset(q, 0xAB, (size_t)n);
  g_quarantine.push_back(p);
}

}  // namespace

const char kDecls[] = R"(
declare void @trace(i64)
declare ptr @alloc_frame(i64)
declare void @free_frame(ptr)
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare i1 @llvm.coro.alloc(token)
declare ptr @llvm.coro.begin(token, ptr)
declare token @llvm.coro.save(ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
declare void @llvm.coro.resume(ptr)
declare void @llvm.coro.destroy(ptr)
declare i1 @llvm.coro.done(ptr)
declare ptr @llvm.coro.promise(ptr, i32, i1)
declare ptr @llvm.coro.noop()
declare i1 @llvm.coro.is_in_ramp()
declare void @llvm.coro.await.suspend.void(ptr, ptr, ptr)
declare i1 @llvm.coro.await.suspend.bool(ptr, ptr, ptr)
declare void @llvm.coro.await.suspend.handle(ptr, ptr, ptr)
)";

Outcome RunOne(crlh_ctx *c) {
  Outcome o;
  g_allocs = g_frees = 0;
  o.trace = crlh::RunTrace(c, "main");
  o.allocs = g_allocs;
  o.frees = g_frees;
  // A store into a frame after the coroutine freed it (a spill made once
  // the handle may have been handed away) leaves its mark in the poison.
  for (unsigned char *p : g_quarantine) {
    int64_t n = 0;
    std::memcpy(&n, p, sizeof n);
    for (int64_t k = 0; k < n; k++)
      if (p[kFrameHeader + k] != 0xAB) {
        o.written_after_free++;
        break;
      }
  }
  for (unsigned char *p : g_quarantine) std::free(p);
  g_quarantine.clear();
  return o;
}

void AddHooks(crlh_ctx *c) {
  crlh_add_symbol(c, "alloc_frame", (void *)&alloc_frame);
  crlh_add_symbol(c, "free_frame", (void *)&free_frame);
}

// Lowers `ir` with corolower and with LLVM, runs @main in both, and checks
// both traces against `want` and that every frame allocated is freed.
void Differential(const std::string &body, const std::string &want,
                  const crl_options *opts) {
  std::string ir = body + kDecls;
  crlh::Module ours(ir), ref(ir);
  ASSERT_NO_FATAL_FAILURE(crlh::LowerBoth(ours, ref, AddHooks, opts));
  Outcome a = RunOne(ours), b = RunOne(ref);
  EXPECT_EQ(b.trace, want) << "LLVM's own lowering disagrees with the expectation";
  EXPECT_EQ(a.trace, want) << "corolower's output:\n" << ours.Print();
  EXPECT_EQ(a.allocs, b.allocs);
  EXPECT_EQ(a.frees, a.allocs) << "frames leaked or freed twice";
  EXPECT_EQ(b.frees, b.allocs);
  EXPECT_EQ(a.written_after_free, 0) << "corolower's output:\n" << ours.Print();
}

// Lowers with corolower only (for behaviour LLVM's lowering gets wrong).
void OursOnly(const std::string &body, const std::string &want) {
  crlh::Module ours(body + kDecls);
  ASSERT_TRUE(ours.ok()) << ours.error();
  AddHooks(ours);
  ASSERT_TRUE(crlh::LowersOk(ours));
  ASSERT_TRUE(crlh::Verifies(ours));
  ASSERT_TRUE(crlh::FullyLowered(ours));
  Outcome a = RunOne(ours);
  EXPECT_EQ(a.trace, want) << "corolower's output:\n" << ours.Print();
  EXPECT_EQ(a.frees, a.allocs) << "frames leaked or freed twice";
  EXPECT_EQ(a.written_after_free, 0) << "corolower's output:\n" << ours.Print();
}

// A row: its run (differential, or corolower's alone), then what the row
// says of corolower's frame, read from the same lowering.
void RunCase(const TraceCase &c) {
  if (c.ref == kLlvm)
    Differential(c.ir, c.want);
  else
    OursOnly(c.ir, c.want);
  if (::testing::Test::HasFatalFailure() || (!c.frame_size && !c.not_kept)) return;
  crlh::Module ours(c.ir + kDecls);
  ASSERT_TRUE(ours.ok()) << ours.error();
  ASSERT_TRUE(crlh::LowersOk(ours));
  crl_result *res = crlh_last_result(ours);
  ASSERT_EQ(crl_result_num_frames(res), 1u);
  std::string text = crl_result_report_text(res);
  if (c.frame_size) {
    EXPECT_EQ(crl_result_frame(res, 0)->size, c.frame_size) << text;
  }
  if (c.not_kept) {
    EXPECT_EQ(text.find(c.not_kept), std::string::npos) << text;
  }
}

TEST_P(LoweringTrace, Runs) { RunCase(GetParam()); }

// The differential helper itself fails on a wrong expectation.
TEST(Lowering, DifferentialCanFail) {
  ::testing::TestPartResultArray results;
  {
    ::testing::ScopedFakeTestPartResultReporter reporter(
        ::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD,
        &results);
    Differential(R"(
define void @main() {
  call void @trace(i64 1)
  ret void
}
)",
                 "2");
  }
  // Both lowerings' traces are compared, and both differ from "2".
  ASSERT_EQ(results.size(), 2);
  EXPECT_NE(std::string(results.GetTestPartResult(0).message())
                .find("LLVM's own lowering disagrees"),
            std::string::npos);
  EXPECT_NE(std::string(results.GetTestPartResult(1).message()).find("corolower's output"),
            std::string::npos);
}

}  // namespace lowering
