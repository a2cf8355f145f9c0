// Where the coroutine stopped: the suspend index, the destroy pointer's
// thunks and the entry point's own resume function.
#include "tests/harness/lowering_fixture.h"

namespace {

using namespace lowering;

// ---------------------------------------------------------------------------
// Where the coroutine stopped, without a suspend index: a frame of resume,
// destroy and one i64 would take a word more for the index byte. With one
// point to resume at nothing needs recording, and the layout drops the
// index. With up to eight, and prefer_small_frames, the destroy pointer
// records the point (switch_lowering/switch_resume_point.c): NAME.destroy.N
// thunks; past eight, or by default, the index stays.

// @co(x): n suspend points in a row, each traced on the way (x + k) and on
// its destroy path (1000 + k); with a final suspend, 2000 on its own.
std::string ChainCoroutine(int n, bool final_suspend) {
  std::string s = R"(
define ptr @co(i64 %x) presplitcoroutine {
entry:
)" + Begin() + R"(
  br label %p0
)";
  for (int k = 0; k < n; k++) {
    std::string K = std::to_string(k), N = std::to_string(k + 1);
    s += "p" + K + ":\n  %v" + K + " = add i64 %x, " + K + "\n  call void @trace(i64 %v" + K + ")\n";
    s += "  %s" + K + " = call i8 @llvm.coro.suspend(token none, i1 false)\n";
    s += "  switch i8 %s" + K + ", label %ret [ i8 0, label %p" + N + "\n      i8 1, label %d" + K + " ]\n";
    s += "d" + K + ":\n  call void @trace(i64 " + std::to_string(1000 + k) + ")\n  br label %cleanup\n";
  }
  std::string N = std::to_string(n);
  s += "p" + N + ":\n  %v" + N + " = add i64 %x, " + N + "\n  call void @trace(i64 %v" + N + ")\n";
  if (final_suspend) {
    s += "  %sf = call i8 @llvm.coro.suspend(token none, i1 true)\n";
    s += "  switch i8 %sf, label %ret [ i8 0, label %never\n      i8 1, label %df ]\n";
    s += "never:\n  unreachable\ndf:\n  call void @trace(i64 2000)\n  br label %cleanup\n";
  } else {
    s += "  br label %cleanup\n";
  }
  s += R"(cleanup:
)" + FreeAndEnd();
  return s;
}

// For every j: start @co, resume it j times, then destroy it where it is
// (at a suspend point, or at the final one), unless it ran to its end;
// then the frame's size, whether it has an index, and the thunks.
void ChainRun(int n, bool final_suspend, bool small, uint64_t want_size, bool want_index) {
  crl_options opts;
  crl_options_init(&opts);
  opts.prefer_small_frames = small;
  std::string main = "define void @main() {\nentry:\n";
  std::string want;
  for (int j = 0; j <= n; j++) {
    std::string J = std::to_string(j), x = std::to_string(100 * j);
    main += "  %h" + J + " = call ptr @co(i64 " + x + ")\n";
    for (int r = 0; r < j; r++) main += "  call void @llvm.coro.resume(ptr %h" + J + ")\n";
    for (int k = 0; k <= j; k++) want += std::to_string(100 * j + k) + " ";
    if (j < n) {
      main += "  call void @llvm.coro.destroy(ptr %h" + J + ")\n";
      want += std::to_string(1000 + j) + " ";
    } else if (final_suspend) {
      main += "  call void @llvm.coro.destroy(ptr %h" + J + ")\n";
      want += "2000 ";
    }
  }
  main += "  ret void\n}\n";
  if (!want.empty()) want.pop_back();
  SCOPED_TRACE("points " + std::to_string(n) + (final_suspend ? " and a final suspend" : "") +
               (small ? ", small frames" : ""));
  Differential(ChainCoroutine(n, final_suspend) + main, want, &opts);
  if (::testing::Test::HasFatalFailure()) return;
  crlh::Module ours(ChainCoroutine(n, final_suspend) + kDecls);
  ASSERT_TRUE(ours.ok()) << ours.error();
  ASSERT_TRUE(crlh::LowersOk(ours, &opts));
  crl_result *res = crlh_last_result(ours);
  ASSERT_EQ(crl_result_num_frames(res), 1u);
  const crl_frame_report *fr = crl_result_frame(res, 0);
  EXPECT_EQ(fr->size, want_size) << crl_result_report_text(res);
  bool has_index = false;
  for (uint32_t k = 0; k < fr->num_fields; k++) has_index |= fr->fields[k].kind == CRL_FIELD_INDEX;
  EXPECT_EQ(has_index, want_index) << crl_result_report_text(res);
  std::string text = ours.Print();
  int thunks = 0;
  for (int k = 0; k < n; k++)
    thunks += text.find("define internal fastcc void @co.destroy." + std::to_string(k) + "(") !=
              std::string::npos;
  // Two points, the first reached from the ramp alone: NAME.resume.0
  // instead of a thunk.
  EXPECT_EQ(thunks, want_index || n <= 2 ? 0 : n - 1) << text;
  bool entry_fn = text.find("define internal fastcc void @co.resume.0(") != std::string::npos;
  EXPECT_EQ(entry_fn, !want_index && n == 2) << text;
}

// Two points to resume at, P and Q, and Q in a loop of `m` rounds: when P
// is outside the loop no resume reaches it again, and the resume pointer
// records it (NAME.resume.N, entered at P alone; NAME.resume at Q alone).
// P inside the loop too: both are reached from a resume, the index stays.
// Each may be skipped at run time (bit 0 of x for P, bit 1 for Q), as an
// awaiter that is ready skips its suspend.
struct TwoPoints {
  bool cond_p, cond_q, p_in_loop, final_suspend;
  int m;
};

std::string TwoPointCoroutine(const TwoPoints &t) {
  std::string M = std::to_string(t.m);
  std::string s = R"(
define ptr @co(i64 %x) presplitcoroutine {
entry:
)" + Begin() + R"(
  call void @trace(i64 %x)
  %y = mul i64 %x, 3
)";
  // P, ending the current block; it goes on at `next`, the round being i.
  auto point_p = [&](const std::string &i) {
    std::string p = t.cond_p ? "  %bp = and i64 %x, 1\n  %skipp = icmp ne i64 %bp, 0\n"
                               "  br i1 %skipp, label %afterp, label %susp\n"
                             : "  br label %susp\n";
    p += "susp:\n  %s0 = call i8 @llvm.coro.suspend(token none, i1 false)\n"
         "  switch i8 %s0, label %ret [ i8 0, label %afterp\n      i8 1, label %d0 ]\n"
         "d0:\n  %dp = add i64 " + i + ", 1000\n  call void @trace(i64 %dp)\n"
         "  br label %cleanup\n";
    return p;
  };
  if (t.p_in_loop) {
    s += "  br label %head\nhead:\n  %i = phi i64 [ 0, %entry ], [ %i1, %back ]\n";
    s += point_p("%i");
    s += "afterp:\n  %vp = add i64 %y, %i\n  call void @trace(i64 %vp)\n";
  } else {
    s += point_p("0");
    s += "afterp:\n  %vp = add i64 %x, 1\n  call void @trace(i64 %vp)\n  br label %head\n"
         "head:\n  %i = phi i64 [ 0, %afterp ], [ %i1, %back ]\n";
  }
  s += "  %t = add i64 %y, %i\n  %t10 = add i64 %t, 10\n  call void @trace(i64 %t10)\n";
  s += t.cond_q ? "  %bq = and i64 %x, 2\n  %skipq = icmp ne i64 %bq, 0\n"
                  "  br i1 %skipq, label %back, label %susq\n"
                : "  br label %susq\n";
  s += "susq:\n  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)\n"
       "  switch i8 %s1, label %ret [ i8 0, label %back\n      i8 1, label %d1 ]\n"
       "d1:\n  %dq = add i64 %i, 1100\n  call void @trace(i64 %dq)\n  br label %cleanup\n"
       "back:\n  %i1 = add i64 %i, 1\n  %more = icmp ult i64 %i1, " + M + "\n"
       "  br i1 %more, label %head, label %done\n"
       "done:\n  %z = add i64 %y, 500\n  call void @trace(i64 %z)\n";
  if (t.final_suspend)
    s += "  %sf = call i8 @llvm.coro.suspend(token none, i1 true)\n"
         "  switch i8 %sf, label %ret [ i8 0, label %never\n      i8 1, label %df ]\n"
         "never:\n  unreachable\ndf:\n  call void @trace(i64 2000)\n  br label %cleanup\n";
  else
    s += "  br label %cleanup\n";
  s += R"(cleanup:
)" + FreeAndEnd();
  return s;
}

// The run of @co(x) as trace values and suspends (a suspend is its
// destroy path's value, negated, minus one).
std::vector<int64_t> TwoPointRun(const TwoPoints &t, int64_t x) {
  std::vector<int64_t> ev{x};
  bool p = !(t.cond_p && (x & 1)), q = !(t.cond_q && (x & 2));
  for (int64_t i = 0; i < t.m; i++) {
    if (t.p_in_loop || i == 0) {
      if (p) ev.push_back(-(1000 + i) - 1);
      ev.push_back(t.p_in_loop ? 3 * x + i : x + 1);
    }
    ev.push_back(3 * x + i + 10);
    if (q) ev.push_back(-(1100 + i) - 1);
  }
  ev.push_back(3 * x + 500);
  if (t.final_suspend) ev.push_back(-2000 - 1);
  return ev;
}

void TwoPointDifferential(const TwoPoints &t, bool want_entry_fn) {
  std::string main = "define void @main() {\nentry:\n", want;
  int h = 0;
  for (int64_t x = 0; x < 4; x++) {
    std::vector<int64_t> ev = TwoPointRun(t, 100 * x);
    int suspends = 0;
    for (int64_t e : ev) suspends += e < 0;
    // Destroy after j resumes, at every point it can stop at.
    for (int j = 0; j < suspends; j++, h++) {
      std::string H = "%h" + std::to_string(h);
      main += "  " + H + " = call ptr @co(i64 " + std::to_string(100 * x) + ")\n";
      for (int r = 0; r < j; r++) main += "  call void @llvm.coro.resume(ptr " + H + ")\n";
      main += "  call void @llvm.coro.destroy(ptr " + H + ")\n";
      int seen = 0;
      for (int64_t e : ev) {
        if (e >= 0) {
          want += std::to_string(e) + " ";
        } else if (seen++ == j) {
          want += std::to_string(-e - 1) + " ";
          break;
        }
      }
    }
    if (!t.final_suspend) {  // and once to its end
      std::string H = "%h" + std::to_string(h++);
      main += "  " + H + " = call ptr @co(i64 " + std::to_string(100 * x) + ")\n";
      for (int r = 0; r < suspends; r++) main += "  call void @llvm.coro.resume(ptr " + H + ")\n";
      for (int64_t e : ev)
        if (e >= 0) want += std::to_string(e) + " ";
    }
  }
  main += "  ret void\n}\n";
  want.pop_back();
  std::string co = TwoPointCoroutine(t);
  SCOPED_TRACE(co);
  Differential(co + main, want);
  if (::testing::Test::HasFatalFailure()) return;
  crlh::Module ours(co + kDecls);
  ASSERT_TRUE(ours.ok()) << ours.error();
  ASSERT_TRUE(crlh::LowersOk(ours, nullptr));
  crl_result *res = crlh_last_result(ours);
  ASSERT_EQ(crl_result_num_frames(res), 1u);
  const crl_frame_report *fr = crl_result_frame(res, 0);
  bool has_index = false;
  for (uint32_t k = 0; k < fr->num_fields; k++) has_index |= fr->fields[k].kind == CRL_FIELD_INDEX;
  std::string text = ours.Print();
  bool entry_fn = text.find("define internal fastcc void @co.resume.0(") != std::string::npos;
  EXPECT_EQ(entry_fn, want_entry_fn) << text;
  EXPECT_EQ(has_index, !want_entry_fn) << crl_result_report_text(res);
  if (!entry_fn) return;
  // NAME.resume, entered at Q alone, never stores its own address.
  size_t at = text.find("define internal fastcc void @co.resume(");
  ASSERT_NE(at, std::string::npos);
  std::string resume = text.substr(at, text.find("\n}\n", at) - at);
  EXPECT_EQ(resume.find("store ptr @co.resume,"), std::string::npos) << resume;
  EXPECT_EQ(resume.find("load ptr, ptr %frame"), std::string::npos) << resume;
  EXPECT_EQ(resume.find("%index"), std::string::npos) << resume;
}

TEST(Lowering, EntryPointHasAResumeFunctionOfItsOwn) {
  for (int bits = 0; bits < 16; bits++)
    for (int m : {1, 3}) {
      TwoPoints t{(bits & 1) != 0, (bits & 2) != 0, (bits & 4) != 0, (bits & 8) != 0, m};
      TwoPointDifferential(t, !t.p_in_loop);
      if (HasFatalFailure()) return;
    }
}

TEST(Lowering, OneSuspendPointNeedsNoRecord) {
  ChainRun(1, false, false, 24, false);
  ChainRun(1, true, false, 24, false);
  ChainRun(1, true, true, 24, false);
}

// Nothing crosses the final suspend: 16 bytes (24 with the index).
TEST(Lowering, NoSuspendPointButTheFinalOneNeedsNoRecord) { ChainRun(0, true, false, 16, false); }

TEST(Lowering, ThreeSuspendPointsKeepTheIndexByDefault) {
  ChainRun(3, true, false, 32, true);
  ChainRun(5, false, false, 32, true);
}

TEST(Lowering, TwoSuspendPointsInARowNeedNoIndex) {
  ChainRun(2, true, false, 24, false);
  ChainRun(2, false, false, 24, false);
  ChainRun(2, true, true, 24, false);
}

TEST(Lowering, DestroyPointerRecordsUpToEightSuspendPoints) {
  for (int n = 2; n <= 8; n++) {
    ChainRun(n, n % 2 == 0, true, 24, false);
    if (HasFatalFailure()) return;
  }
}

TEST(Lowering, NineSuspendPointsKeepTheIndex) {
  ChainRun(9, true, true, 32, true);
  ChainRun(9, false, true, 32, true);
}

// CoroElide's markers kept: an elided frame's destroy pointer is the cleanup
// function, chosen in the ramp, which per-suspend records would overwrite.
// So two points to resume at keep the index even when small frames are
// preferred; one needs no record either way.
TEST(Lowering, ElisionMarkersKeepTheIndexForTwoPointsOrMore) {
  for (int n = 1; n <= 3; n++) {
    crlh::Module ours(ChainCoroutine(n, true) + kDecls);
    ASSERT_TRUE(ours.ok()) << ours.error();
    crl_options opts;
    crl_options_init(&opts);
    opts.keep_elision_markers = 1;
    opts.prefer_small_frames = 1;
    ASSERT_TRUE(crlh::LowersOk(ours, &opts));
    crl_result *res = crlh_last_result(ours);
    ASSERT_EQ(crl_result_num_frames(res), 1u);
    EXPECT_EQ(crl_result_frame(res, 0)->size, n == 1 ? 24u : 32u) << crl_result_report_text(res);
    EXPECT_EQ(ours.Print().find("@co.destroy.0"), std::string::npos);
  }
}

}  // namespace
