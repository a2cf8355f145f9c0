// Behaviour of lowered returned-continuation coroutines (llvm.coro.id.retcon
// and .retcon.once), differential against LLVM: every program is lowered by
// corolower and by LLVM's own coro-early/coro-split/coro-cleanup (in
// process), JIT-run through the harness, and both traces must equal the
// expected one. The coroutines' allocation functions count their calls, so
// an allocated frame freed twice, or never, shows; so does a frame that
// should have fitted the caller's buffer.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "gtest/gtest-spi.h"
#include "gtest/gtest.h"
#include "tests/harness/harness_gtest.h"
#include "tests/harness/ir_fragments.h"

namespace {

int64_t g_allocs = 0, g_frees = 0;

extern "C" void *rc_alloc(int64_t n) {
  g_allocs++;
  void *p = std::malloc((size_t)(n ? n : 1));
  std::memset(p, 0xA5, (size_t)n);  // an unwritten field reads as garbage
  return p;
}

extern "C" void rc_free(void *p) {
  if (p) g_frees++;
  std::free(p);
}

const char kDecls[] = R"(
declare void @trace(i64)
declare ptr @rc_alloc(i64)
declare void @rc_free(ptr)
declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
declare token @llvm.coro.end.results(...)
declare ptr @llvm.coro.prepare.retcon(ptr)
declare i64 @llvm.coro.size.i64()
declare token @llvm.coro.alloca.alloc.i64(i64, i32)
declare ptr @llvm.coro.alloca.get(token)
declare void @llvm.coro.alloca.free(token)
declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)
)";

struct Outcome {
  std::string trace;
  int64_t allocs = 0, frees = 0;
};

Outcome RunOne(crlh_ctx *c) {
  Outcome o;
  g_allocs = g_frees = 0;
  o.trace = crlh::RunTrace(c, "main");
  o.allocs = g_allocs;
  o.frees = g_frees;
  return o;
}

void AddHooks(crlh_ctx *c) {
  crlh_add_symbol(c, "rc_alloc", (void *)&rc_alloc);
  crlh_add_symbol(c, "rc_free", (void *)&rc_free);
}

// What a test expects beyond the trace: how many frames are allocated
// (each must be freed exactly once), by corolower and by LLVM.
struct Want {
  std::string trace;
  int64_t allocs = -1;      // corolower's; -1: don't care, but balanced
  int64_t llvm_allocs = -1; // LLVM's; -1: the same as corolower's
};

// Lowers `body` with corolower and with LLVM, runs @main in both.
void Differential(const std::string &body, const Want &want) {
  std::string ir = body + kDecls;
  crlh::Module ours(ir), ref(ir);
  ASSERT_NO_FATAL_FAILURE(crlh::LowerBoth(ours, ref, AddHooks));
  Outcome a = RunOne(ours), b = RunOne(ref);
  EXPECT_EQ(b.trace, want.trace) << "LLVM's own lowering disagrees with the expectation";
  EXPECT_EQ(a.trace, want.trace) << "corolower's output:\n" << ours.Print();
  if (want.allocs >= 0) {
    EXPECT_EQ(a.allocs, want.allocs) << ours.Print();
  }
  int64_t llvm_allocs = want.llvm_allocs >= 0 ? want.llvm_allocs : want.allocs;
  if (llvm_allocs >= 0) {
    EXPECT_EQ(b.allocs, llvm_allocs);
  }
  EXPECT_EQ(a.frees, a.allocs) << "frames leaked or freed twice";
  EXPECT_EQ(b.frees, b.allocs);
}

// corolower alone, for input LLVM 22 rejects.
void OursOnly(const std::string &body, const Want &want) {
  crlh::Module ours(body + kDecls);
  ASSERT_TRUE(ours.ok()) << ours.error();
  ASSERT_TRUE(crlh::Verifies(ours));
  AddHooks(ours);
  ASSERT_TRUE(crlh::LowersOk(ours));
  ASSERT_TRUE(crlh::Verifies(ours));
  ASSERT_TRUE(crlh::FullyLowered(ours));
  Outcome a = RunOne(ours);
  EXPECT_EQ(a.trace, want.trace) << ours.Print();
  if (want.allocs >= 0) {
    EXPECT_EQ(a.allocs, want.allocs);
  }
  EXPECT_EQ(a.frees, a.allocs) << "frames leaked or freed twice";
}

// corolower and LLVM both, each held to its own trace: for input LLVM 22
// lowers wrongly, the LLVM trace records how (tests/malformed/LLVM22_RETCON.md).
void OursAndLlvm(const std::string &body, const std::string &ours_trace,
                 const std::string &llvm_trace) {
  std::string ir = body + kDecls;
  crlh::Module ours(ir), ref(ir);
  ASSERT_NO_FATAL_FAILURE(crlh::LowerBoth(ours, ref, AddHooks));
  EXPECT_EQ(RunOne(ours).trace, ours_trace) << ours.Print();
  EXPECT_EQ(RunOne(ref).trace, llvm_trace) << "LLVM's lowering changed";
}

// The first lines of every retcon coroutine here: coro.id.retcon (or
// .retcon.once) for a caller's buffer (%buffer) of `size` bytes, aligned
// to 8, continuations of prototype @`proto`, frames that do not fit from
// @rc_alloc and back to @rc_free; then coro.begin, whose handle is %hdl.
std::string RetconIdAndBegin(const char *intrinsic, const char *proto, int size) {
  return std::string("  %id = call token @") + intrinsic + "(i32 " + std::to_string(size) +
         ", i32 8, ptr %buffer, ptr @" + proto + ", ptr @rc_alloc, ptr @rc_free)\n"
         "  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)\n";
}
std::string RetconBegin(const char *proto, int size = 16) {
  return RetconIdAndBegin("llvm.coro.id.retcon", proto, size);
}
std::string RetconOnceBegin(const char *proto, int size = 16) {
  return RetconIdAndBegin("llvm.coro.id.retcon.once", proto, size);
}

// The loop of a @main that runs a retcon generator to its end: from block
// `entry`, where %r0 is the ramp's result ({ptr, T}) and %buf its buffer,
// it calls each continuation (not aborting) until one is null, tracing
// each value yielded with it when `traced`, then goes on at block `done`.
std::string ResumeUntilNull(const std::string &type, bool traced, const char *done = "out") {
  const std::string pair = "{ptr, " + type + "}";
  std::string s = "  br label %loop\n"
                  "loop:\n"
                  "  %r = phi " + pair + " [ %r0, %entry ], [ %rn, %next ]\n"
                  "  %k = extractvalue " + pair + " %r, 0\n"
                  "  %fin = icmp eq ptr %k, null\n"
                  "  br i1 %fin, label %" + done + ", label %next\n"
                  "next:\n";
  if (traced) {
    s += "  %v = extractvalue " + pair + " %r, 1\n";
    s += type == "i64" ? "  call void @trace(i64 %v)\n"
                       : "  %v64 = sext " + type + " %v to i64\n  call void @trace(i64 %v64)\n";
  }
  return s + "  %rn = call " + pair + " %k(ptr %buf, i1 false)\n  br label %loop\n";
}

// Swifterror: @thrower (ir_fragments.h) and @trace_err, which traces the
// error in the slot it is given.
const std::string kSwifterrorHelpers = std::string(crlh::kThrower) + R"(
define void @trace_err(ptr swifterror %err) {
  %e = load ptr, ptr %err
  %ei = ptrtoint ptr %e to i64
  call void @trace(i64 %ei)
  ret void
}
declare {i1, ptr} @llvm.coro.suspend.retcon.sl_i1p0s(...)
)";

// A generator using its swifterror argument across suspends, the prototype
// with a swifterror parameter: each function's calls get its caller's
// slot, a continuation starts from what its caller passed (64 here), and
// every function leaves the error in its caller's slot (5, put there by
// the last caller, survives the abort).
TEST(Retcon, SwifterrorArgumentFollowsEachCallersSlot) {
  Differential(kSwifterrorHelpers + R"(
declare swiftcc ptr @eg_proto(ptr, i1, ptr swifterror)
define swiftcc ptr @errgen(ptr %buffer, i64 %n, ptr swifterror %err) presplitcoroutine {
entry:
)" + RetconBegin("eg_proto") + R"(
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %resume ]
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %end
body:
  call swiftcc void @thrower(i64 %i, ptr swifterror %err)
  call void @trace_err(ptr swifterror %err)
  %in = call {i1, ptr} (...) @llvm.coro.suspend.retcon.sl_i1p0s()
  %abort = extractvalue {i1, ptr} %in, 0
  br i1 %abort, label %end, label %resume
resume:
  %i1 = add i64 %i, 1
  br label %loop
end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
define void @main() {
  %buf = alloca [16 x i8], align 8
  %se = alloca swifterror ptr, align 8
  store ptr null, ptr %se
  %k0 = call swiftcc ptr @errgen(ptr %buf, i64 4, ptr swifterror %se)
  call void @trace_err(ptr swifterror %se)
  store ptr inttoptr (i64 64 to ptr), ptr %se
  %k1 = call swiftcc ptr %k0(ptr %buf, i1 false, ptr swifterror %se)
  call void @trace_err(ptr swifterror %se)
  store ptr null, ptr %se
  %k2 = call swiftcc ptr %k1(ptr %buf, i1 false, ptr swifterror %se)
  call void @trace_err(ptr swifterror %se)
  store ptr null, ptr %se
  %k3 = call swiftcc ptr %k2(ptr %buf, i1 false, ptr swifterror %se)
  call void @trace_err(ptr swifterror %se)
  store ptr inttoptr (i64 5 to ptr), ptr %se
  %k4 = call swiftcc ptr %k3(ptr %buf, i1 true, ptr swifterror %se)
  call void @trace_err(ptr swifterror %se)
  ret void
}
)",
               {"1 1 64 64 0 0 49 49 5", 0});
}

// The ramp starts from the error its caller passed (7), as the IR reads
// it; LLVM 22 stores null over it on entry ("swifterror is always null on
// entry", which Swift's callers ensure).
TEST(Retcon, SwifterrorRampStartsFromTheCallersError) {
  OursAndLlvm(kSwifterrorHelpers + R"(
declare swiftcc ptr @eg_proto(ptr, i1, ptr swifterror)
define swiftcc ptr @peek(ptr %buffer, ptr swifterror %err) presplitcoroutine {
entry:
)" + RetconBegin("eg_proto") + R"(
  call void @trace_err(ptr swifterror %err)
  %in = call {i1, ptr} (...) @llvm.coro.suspend.retcon.sl_i1p0s()
  call void @trace_err(ptr swifterror %err)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
define void @main() {
  %buf = alloca [16 x i8], align 8
  %se = alloca swifterror ptr, align 8
  store ptr inttoptr (i64 7 to ptr), ptr %se
  %k0 = call swiftcc ptr @peek(ptr %buf, ptr swifterror %se)
  call void @trace_err(ptr swifterror %se)
  store ptr inttoptr (i64 9 to ptr), ptr %se
  %k1 = call swiftcc ptr %k0(ptr %buf, i1 false, ptr swifterror %se)
  call void @trace_err(ptr swifterror %se)
  ret void
}
)",
              "7 7 9 9", "0 0 9 9");
}

// Without a swifterror parameter in the prototype the continuation's caller
// passes no slot, and no error: the continuation starts from null, as a
// ramp whose caller passes null does (LLVM 22 reads a fresh, uninitialized
// slot there: undefined, so no trace of LLVM's is checked).
TEST(Retcon, SwifterrorArgumentStartsFromNullWhereTheContinuationHasNoSlot) {
  OursOnly(kSwifterrorHelpers + R"(
declare swiftcc ptr @ns_proto(ptr, i1)
define swiftcc ptr @keep(ptr %buffer, ptr swifterror %err) presplitcoroutine {
entry:
)" + RetconBegin("ns_proto") + R"(
  call swiftcc void @thrower(i64 3, ptr swifterror %err)
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1()
  call void @trace_err(ptr swifterror %err)
  call swiftcc void @thrower(i64 6, ptr swifterror %err)
  call void @trace_err(ptr swifterror %err)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
define void @main() {
  %buf = alloca [16 x i8], align 8
  %se = alloca swifterror ptr, align 8
  store ptr null, ptr %se
  %k0 = call swiftcc ptr @keep(ptr %buf, ptr swifterror %se)
  call void @trace_err(ptr swifterror %se)
  %k1 = call swiftcc ptr %k0(ptr %buf, i1 false)
  ret void
}
)",
           {"49 0 97", 0});
}

// A swifterror alloca's calls get a slot of the function's own, never the
// continuation's swifterror parameter: the continuation's caller finds in
// its slot only what the coroutine put there (nothing: 0). LLVM 22 passes
// that parameter to the alloca's callee, and the caller finds the alloca's
// error (147) as if the coroutine had thrown it.
TEST(Retcon, SwifterrorAllocaLeavesTheCallersSlotAlone) {
  OursAndLlvm(kSwifterrorHelpers + R"(
declare swiftcc ptr @eg_proto(ptr, i1, ptr swifterror)
define swiftcc ptr @local(ptr %buffer) presplitcoroutine {
entry:
  %a = alloca swifterror ptr, align 8
  store ptr null, ptr %a
)" + RetconBegin("eg_proto") + R"(
  br label %loop
loop:
  call swiftcc void @thrower(i64 3, ptr swifterror %a)
  call void @trace_err(ptr swifterror %a)
  %in = call {i1, ptr} (...) @llvm.coro.suspend.retcon.sl_i1p0s()
  %abort = extractvalue {i1, ptr} %in, 0
  br i1 %abort, label %end, label %loop
end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
define void @main() {
  %buf = alloca [16 x i8], align 8
  %se = alloca swifterror ptr, align 8
  store ptr null, ptr %se
  %k0 = call swiftcc ptr @local(ptr %buf)
  %k1 = call swiftcc ptr %k0(ptr %buf, i1 false, ptr swifterror %se)
  call void @trace_err(ptr swifterror %se)
  %k2 = call swiftcc ptr %k1(ptr %buf, i1 true, ptr swifterror %se)
  ret void
}
)",
              "49 147 0", "49 147 147");
}

// The frame report of the one coroutine named `fn`.
const crl_frame_report *ReportOf(crlh_ctx *c, const char *fn) {
  crl_result *r = crlh_last_result(c);
  for (size_t i = 0; r && i < crl_result_num_frames(r); i++)
    if (!std::strcmp(crl_result_frame(r, i)->function, fn)) return crl_result_frame(r, i);
  return nullptr;
}

// A generator of squares 0, 1, 4, ... below n*n, yielding i32.
const std::string kSquares = R"(
define {ptr, i32} @sq_proto(ptr, i1) {
  unreachable
}
define {ptr, i32} @squares(ptr %buffer, i32 %n) presplitcoroutine {
entry:
)" + RetconBegin("sq_proto") + R"(
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %inc, %resume ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %done
body:
  %sq = mul i32 %i, %i
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i32 %sq)
  br i1 %abort, label %aborted, label %resume
resume:
  %inc = add i32 %i, 1
  br label %loop
aborted:
  call void @trace(i64 -1)
  br label %done
done:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
)";

TEST(Retcon, GeneratorRunsToANullContinuation) {
  Differential(std::string(kSquares) + R"(
define void @main() {
entry:
  %buf = alloca [16 x i8], align 8
  %r0 = call {ptr, i32} @squares(ptr %buf, i32 4)
)" + ResumeUntilNull("i32", true) + R"(
out:
  call void @trace(i64 100)
  ret void
}
)",
               {"0 1 4 9 100", 0});
}

TEST(Retcon, AbortRunsTheCoroutinesOwnCleanupPath) {
  Differential(std::string(kSquares) + R"(
define void @main() {
  %buf = alloca [16 x i8], align 8
  %r0 = call {ptr, i32} @squares(ptr %buf, i32 10)
  %k0 = extractvalue {ptr, i32} %r0, 0
  %r1 = call {ptr, i32} %k0(ptr %buf, i1 false)
  %v1 = extractvalue {ptr, i32} %r1, 1
  %v64 = sext i32 %v1 to i64
  call void @trace(i64 %v64)
  %k1 = extractvalue {ptr, i32} %r1, 0
  %r2 = call {ptr, i32} %k1(ptr %buf, i1 true)
  %k2 = extractvalue {ptr, i32} %r2, 0
  %isnull = icmp eq ptr %k2, null
  %z = zext i1 %isnull to i64
  call void @trace(i64 %z)
  %e = call {ptr, i32} @squares(ptr %buf, i32 0)
  %ke = extractvalue {ptr, i32} %e, 0
  %enull = icmp eq ptr %ke, null
  %ez = zext i1 %enull to i64
  call void @trace(i64 %ez)
  ret void
}
)",
               {"1 -1 1 1", 0});
}

// Two instances in separate buffers, resumed alternately.
TEST(Retcon, InterleavedInstancesKeepTheirOwnFrames) {
  Differential(std::string(kSquares) + R"(
define void @main() {
  %a = alloca [16 x i8], align 8
  %b = alloca [16 x i8], align 8
  %ra = call {ptr, i32} @squares(ptr %a, i32 5)
  %rb = call {ptr, i32} @squares(ptr %b, i32 5)
  %ka = extractvalue {ptr, i32} %ra, 0
  %ra1 = call {ptr, i32} %ka(ptr %a, i1 false)
  %ka1 = extractvalue {ptr, i32} %ra1, 0
  %ra2 = call {ptr, i32} %ka1(ptr %a, i1 false)
  %kb = extractvalue {ptr, i32} %rb, 0
  %rb1 = call {ptr, i32} %kb(ptr %b, i1 false)
  %va = extractvalue {ptr, i32} %ra2, 1
  %vb = extractvalue {ptr, i32} %rb1, 1
  %va64 = sext i32 %va to i64
  %vb64 = sext i32 %vb to i64
  call void @trace(i64 %va64)
  call void @trace(i64 %vb64)
  ret void
}
)",
               {"4 1", 0});
}

// A frame far larger than its buffer: allocated once per instance, freed
// once on every way the coroutine ends (completion, abort, and in the
// ramp without suspending), its address kept in the buffer.
const std::string kBig = R"(
define {ptr, i64} @big_proto(ptr, i1) {
  unreachable
}
define {ptr, i64} @big(ptr %buffer, i64 %n) presplitcoroutine {
entry:
  %arr = alloca [32 x i64], align 8
)" + RetconBegin("big_proto") + R"(
  %zero = icmp eq i64 %n, 0
  br i1 %zero, label %done, label %fill
fill:
  %i = phi i64 [ 0, %entry ], [ %i1, %fill ]
  %p = getelementptr [32 x i64], ptr %arr, i64 0, i64 %i
  %sq = mul i64 %i, %i
  store i64 %sq, ptr %p
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, 32
  br i1 %more, label %fill, label %yield
yield:
  %k = phi i64 [ 0, %fill ], [ %k1, %resume ]
  %q = getelementptr [32 x i64], ptr %arr, i64 0, i64 %k
  %v = load i64, ptr %q
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %v)
  br i1 %abort, label %aborted, label %resume
resume:
  %k1 = add i64 %k, 1
  %again = icmp ult i64 %k1, %n
  br i1 %again, label %yield, label %done
aborted:
  call void @trace(i64 -1)
  br label %done
done:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
)";

TEST(Retcon, AllocatedFrameIsFreedOnEveryEnd) {
  Differential(std::string(kBig) + R"(
define void @main() {
  %buf = alloca [16 x i8], align 8
  %r0 = call {ptr, i64} @big(ptr %buf, i64 3)
  %k0 = extractvalue {ptr, i64} %r0, 0
  %r1 = call {ptr, i64} %k0(ptr %buf, i1 false)
  %k1 = extractvalue {ptr, i64} %r1, 0
  %v1 = extractvalue {ptr, i64} %r1, 1
  call void @trace(i64 %v1)
  %r2 = call {ptr, i64} %k1(ptr %buf, i1 false)
  %k2 = extractvalue {ptr, i64} %r2, 0
  %v2 = extractvalue {ptr, i64} %r2, 1
  call void @trace(i64 %v2)
  %r3 = call {ptr, i64} %k2(ptr %buf, i1 false)
  %s0 = call {ptr, i64} @big(ptr %buf, i64 5)
  %sk = extractvalue {ptr, i64} %s0, 0
  %s1 = call {ptr, i64} %sk(ptr %buf, i1 true)
  %t0 = call {ptr, i64} @big(ptr %buf, i64 0)
  ret void
}
)",
               {"1 4 -1", 3});
}

TEST(Retcon, FrameReportSaysWhereTheFrameLives) {
  crlh::Module m(std::string(kBig) + kSquares + kDecls);
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_TRUE(crlh::LowersOk(m));
  const crl_frame_report *big = ReportOf(m, "big"), *sq = ReportOf(m, "squares");
  ASSERT_NE(big, nullptr);
  ASSERT_NE(sq, nullptr);
  EXPECT_EQ(big->abi, CRL_ABI_RETCON);
  EXPECT_EQ(big->storage, CRL_FRAME_STORAGE_ALLOCATED);
  EXPECT_GE(big->size, 256u);
  EXPECT_EQ(big->buffer_size, 16u);
  EXPECT_EQ(big->buffer_align, 8u);
  EXPECT_EQ(sq->storage, CRL_FRAME_STORAGE_INLINE);
  EXPECT_LE(sq->size, 16u);
  std::string text = crl_result_report_text(crlh_last_result(m));
  EXPECT_NE(text.find("frame big: abi=retcon size="), std::string::npos) << text;
  EXPECT_NE(text.find("storage=allocated buffer=16/8"), std::string::npos) << text;
  EXPECT_NE(text.find("storage=inline buffer=16/8"), std::string::npos) << text;
  std::string json = crl_result_report_json(crlh_last_result(m));
  EXPECT_NE(json.find("\"storage\": \"inline\", \"buffer_size\": 16, \"buffer_align\": 8"),
            std::string::npos)
      << json;
}

// A _modify accessor: yields the address of a scratch copy; a normal
// resume writes it back, an abnormal one discards it.
const std::string kModify = R"(
define void @mod_proto(ptr, i1) {
  unreachable
}
define {ptr, ptr} @modify(ptr %buffer, ptr %cell) presplitcoroutine {
entry:
  %tmp = alloca i64, align 8
)" + RetconOnceBegin("mod_proto", 32) + R"(
  %old = load i64, ptr %cell
  store i64 %old, ptr %tmp
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %tmp)
  br i1 %abort, label %drop, label %commit
commit:
  %new = load i64, ptr %tmp
  store i64 %new, ptr %cell
  call void @trace(i64 %new)
  br label %end
drop:
  call void @trace(i64 %old)
  br label %end
end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
define void @main() {
  %buf = alloca [32 x i8], align 8
  %cell = alloca i64, align 8
  store i64 5, ptr %cell
  %r = call {ptr, ptr} @modify(ptr %buf, ptr %cell)
  %k = extractvalue {ptr, ptr} %r, 0
  %p = extractvalue {ptr, ptr} %r, 1
  store i64 42, ptr %p
  call void %k(ptr %buf, i1 false)
  %r2 = call {ptr, ptr} @modify(ptr %buf, ptr %cell)
  %k2 = extractvalue {ptr, ptr} %r2, 0
  %p2 = extractvalue {ptr, ptr} %r2, 1
  store i64 7, ptr %p2
  call void %k2(ptr %buf, i1 true)
  %v = load i64, ptr %cell
  call void @trace(i64 %v)
  ret void
}
)";

TEST(Retcon, YieldOnceAccessorWritesBack) { Differential(kModify, {"42 42 42", 0}); }

// Yield-once with results: the continuation returns {i32, i32} from
// coro.end.results, whichever way it was resumed.
TEST(Retcon, YieldOnceContinuationReturnsResults) {
  Differential(R"(
define {i32, i32} @res_proto(ptr, i1) {
  unreachable
}
define {ptr, i32} @swap(ptr %buffer, ptr %cell, i32 %new) presplitcoroutine {
entry:
)" + RetconOnceBegin("res_proto") + R"(
  %old = load i32, ptr %cell
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i32 %old)
  br i1 %abort, label %end, label %write
write:
  store i32 %new, ptr %cell
  br label %end
end:
  %a = phi i32 [ %old, %entry ], [ %old, %write ]
  %b = phi i32 [ %old, %entry ], [ %new, %write ]
  %res = call token (...) @llvm.coro.end.results(i32 %a, i32 %b)
  call void @llvm.coro.end(ptr %hdl, i1 false, token %res)
  unreachable
}
define void @main() {
  %buf = alloca [16 x i8], align 8
  %cell = alloca i32, align 4
  store i32 3, ptr %cell
  %r = call {ptr, i32} @swap(ptr %buf, ptr %cell, i32 9)
  %k = extractvalue {ptr, i32} %r, 0
  %res = call {i32, i32} %k(ptr %buf, i1 false)
  %x = extractvalue {i32, i32} %res, 0
  %y = extractvalue {i32, i32} %res, 1
  %x64 = sext i32 %x to i64
  %y64 = sext i32 %y to i64
  call void @trace(i64 %x64)
  call void @trace(i64 %y64)
  %r2 = call {ptr, i32} @swap(ptr %buf, ptr %cell, i32 11)
  %k2 = extractvalue {ptr, i32} %r2, 0
  %res2 = call {i32, i32} %k2(ptr %buf, i1 true)
  %y2 = extractvalue {i32, i32} %res2, 1
  %y264 = sext i32 %y2 to i64
  call void @trace(i64 %y264)
  %c = load i32, ptr %cell
  %c64 = sext i32 %c to i64
  call void @trace(i64 %c64)
  ret void
}
)",
               {"3 9 9 9", 0});
}

// The continuation's parameters after the buffer are the suspend's result:
// a value to add and a stop flag.
TEST(Retcon, ContinuationParametersAreTheSuspendsResult) {
  Differential(R"(
define {ptr, i64} @acc_proto(ptr, i64, i1) {
  unreachable
}
define {ptr, i64} @acc(ptr %buffer, i64 %init) presplitcoroutine {
entry:
)" + RetconBegin("acc_proto") + R"(
  br label %loop
loop:
  %total = phi i64 [ %init, %entry ], [ %next, %add ]
  %in = call {i64, i1} (...) @llvm.coro.suspend.retcon.sl_i64i1s(i64 %total)
  %stop = extractvalue {i64, i1} %in, 1
  br i1 %stop, label %done, label %add
add:
  %x = extractvalue {i64, i1} %in, 0
  %next = add i64 %total, %x
  br label %loop
done:
  %last = extractvalue {i64, i1} %in, 0
  call void @trace(i64 %last)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
declare {i64, i1} @llvm.coro.suspend.retcon.sl_i64i1s(...)
define void @main() {
  %buf = alloca [16 x i8], align 8
  %r0 = call {ptr, i64} @acc(ptr %buf, i64 100)
  %k0 = extractvalue {ptr, i64} %r0, 0
  %r1 = call {ptr, i64} %k0(ptr %buf, i64 5, i1 false)
  %k1 = extractvalue {ptr, i64} %r1, 0
  %r2 = call {ptr, i64} %k1(ptr %buf, i64 20, i1 false)
  %v2 = extractvalue {ptr, i64} %r2, 1
  call void @trace(i64 %v2)
  %k2 = extractvalue {ptr, i64} %r2, 0
  %r3 = call {ptr, i64} %k2(ptr %buf, i64 77, i1 true)
  ret void
}
)",
               {"125 77", 0});
}

// Dynamically sized storage: one block lives across the suspends (from
// the allocation function), one does not (the stack).
TEST(Retcon, DynamicAllocasAcrossSuspendsComeFromTheAllocator) {
  Differential(R"(
define {ptr, i64} @dyn_proto(ptr, i1) {
  unreachable
}
define {ptr, i64} @dyn(ptr %buffer, i64 %n) presplitcoroutine {
entry:
)" + RetconBegin("dyn_proto", 32) + R"(
  %bytes = mul i64 %n, 8
  %kept = call token @llvm.coro.alloca.alloc.i64(i64 %bytes, i32 8)
  %p = call ptr @llvm.coro.alloca.get(token %kept)
  %local = call token @llvm.coro.alloca.alloc.i64(i64 %bytes, i32 8)
  %q = call ptr @llvm.coro.alloca.get(token %local)
  br label %fill
fill:
  %i = phi i64 [ 0, %entry ], [ %i1, %fill ]
  %pi = getelementptr i64, ptr %p, i64 %i
  %qi = getelementptr i64, ptr %q, i64 %i
  store i64 %i, ptr %qi
  %back = load i64, ptr %qi
  %ten = mul i64 %back, 10
  store i64 %ten, ptr %pi
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, %n
  br i1 %more, label %fill, label %filled
filled:
  call void @llvm.coro.alloca.free(token %local)
  br label %yield
yield:
  %k = phi i64 [ 0, %filled ], [ %k1, %resume ]
  %pk = getelementptr i64, ptr %p, i64 %k
  %v = load i64, ptr %pk
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %v)
  br i1 %abort, label %out, label %resume
resume:
  %k1 = add i64 %k, 1
  %again = icmp ult i64 %k1, %n
  br i1 %again, label %yield, label %out
out:
  call void @llvm.coro.alloca.free(token %kept)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
define void @main() {
entry:
  %buf = alloca [32 x i8], align 8
  %r0 = call {ptr, i64} @dyn(ptr %buf, i64 4)
)" + ResumeUntilNull("i64", true) + R"(
out:
  ret void
}
)",
               {"0 10 20 30", 1});
}

// coro.prepare.retcon(@f) is @f.
TEST(Retcon, PrepareRetconIsTheFunction) {
  Differential(std::string(kSquares) + R"(
define void @main() {
  %buf = alloca [16 x i8], align 8
  %f = call ptr @llvm.coro.prepare.retcon(ptr @squares)
  %r = call {ptr, i32} %f(ptr %buf, i32 3)
  %k = extractvalue {ptr, i32} %r, 0
  %r1 = call {ptr, i32} %k(ptr %buf, i1 false)
  %v = extractvalue {ptr, i32} %r1, 1
  %v64 = sext i32 %v to i64
  call void @trace(i64 %v64)
  ret void
}
)",
               {"1", 0});
}

// Values live across several suspends in a loop and values computed
// before coro.begin, used after later suspends.
TEST(Retcon, ValuesLiveAcrossSuspendsInLoops) {
  Differential(R"(
declare i64 @llvm.abs.i64(i64, i1)
define {ptr, i64} @pairs_proto(ptr, i1) {
  unreachable
}
define {ptr, i64} @pairs(ptr %buffer, ptr %src, i64 %rows) presplitcoroutine {
entry:
  %base = load i64, ptr %src
  %scale = call i64 @llvm.abs.i64(i64 %base, i1 false)
)" + RetconBegin("pairs_proto", 64) + R"(
  br label %outer
outer:
  %r = phi i64 [ 0, %entry ], [ %r1, %outer.next ]
  br label %inner
inner:
  %c = phi i64 [ 0, %outer ], [ %c1, %inner.next ]
  %rc = mul i64 %r, 10
  %cell = add i64 %rc, %c
  %scaled = mul i64 %cell, %scale
  %a = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %scaled)
  br i1 %a, label %done, label %inner.next
inner.next:
  %c1 = add i64 %c, 1
  %cm = icmp ult i64 %c1, 2
  br i1 %cm, label %inner, label %outer.next
outer.next:
  %rsum = add i64 %r, %scale
  %a2 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %rsum)
  %r1 = add i64 %r, 1
  %rm = icmp ult i64 %r1, %rows
  br i1 %rm, label %outer, label %done
done:
  call void @trace(i64 %base)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
define void @main() {
entry:
  %buf = alloca [64 x i8], align 8
  %src = alloca i64, align 8
  store i64 -3, ptr %src
  %r0 = call {ptr, i64} @pairs(ptr %buf, ptr %src, i64 2)
  store i64 1000, ptr %src
)" + ResumeUntilNull("i64", true) + R"(
out:
  ret void
}
)",
               {"0 3 3 30 33 4 -3", 0});
}

// Spills never live across the same suspend share storage, as allocas
// with disjoint lifetimes do: here two phases each keep two i64 across
// their suspends. LLVM lays out all four (32 bytes: allocated); corolower
// needs 16, which fits the buffer.
TEST(Retcon, DisjointSpillsShareSoTheFrameFitsInline) {
  Differential(R"(
define {ptr, i64} @ph_proto(ptr, i1) {
  unreachable
}
define {ptr, i64} @phases(ptr %buffer, i64 %x) presplitcoroutine {
entry:
)" + RetconBegin("ph_proto") + R"(
  %a = call i64 @opaque(i64 %x)
  %b = call i64 @opaque(i64 %a)
  %s1 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 1)
  %s2 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 2)
  %ab = add i64 %a, %b
  %c = call i64 @opaque(i64 %ab)
  %d = call i64 @opaque(i64 %c)
  %s3 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 3)
  %s4 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 4)
  %cd = add i64 %c, %d
  call void @trace(i64 %cd)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
define void @main() {
entry:
  %buf = alloca [16 x i8], align 8
  %r0 = call {ptr, i64} @phases(ptr %buf, i64 5)
)" + ResumeUntilNull("i64", false) + R"(
out:
  ret void
}
define i64 @opaque(i64 %v) noinline {
  %r = add i64 %v, 1
  ret i64 %r
}
)",
               {"29", 0, 1});
}

// Several non-unwind coro.end, which LLVM 22 rejects: corolower merges the
// exits, so an allocated frame is freed once on each.
TEST(Retcon, SeveralEndsAreMerged) {
  OursOnly(R"(
define {ptr, i64} @ex_proto(ptr, i1) {
  unreachable
}
define {ptr, i64} @exits(ptr %buffer, i64 %n) presplitcoroutine {
entry:
  %big = alloca [8 x i64], align 8
)" + RetconBegin("ex_proto", 8) + R"(
  store i64 %n, ptr %big
  %neg = icmp slt i64 %n, 0
  br i1 %neg, label %early, label %go
early:
  call void @trace(i64 -2)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
go:
  %a = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %n)
  br i1 %a, label %aborted, label %more
aborted:
  call void @trace(i64 -1)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
more:
  %v = load i64, ptr %big
  %w = add i64 %v, 1
  call void @trace(i64 %w)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
define void @main() {
  %buf = alloca [8 x i8], align 8
  %e = call {ptr, i64} @exits(ptr %buf, i64 -5)
  %r = call {ptr, i64} @exits(ptr %buf, i64 6)
  %k = extractvalue {ptr, i64} %r, 0
  %r1 = call {ptr, i64} %k(ptr %buf, i1 false)
  %s = call {ptr, i64} @exits(ptr %buf, i64 6)
  %sk = extractvalue {ptr, i64} %s, 0
  %s1 = call {ptr, i64} %sk(ptr %buf, i1 true)
  ret void
}
)",
           {"-2 7 -1", 3});
}

// The helper can fail: a wrong expectation is caught for both lowerings.
// Typed frame allocation, in the form swiftc 6.3 writes it (LLVM 21's
// variadic llvm.coro.id.retcon.once with a type id after the deallocation
// function; EmitTypeMallocForCoroFrame): the allocation function gets the
// type id after the size, for a frame that does not fit the buffer (type
// id 7, 64 bytes) and for coro.alloca storage living across the yield (type
// id 9, 24 bytes); a frame in the buffer allocates nothing. LLVM 22 aborts
// on the form, so corolower runs alone; the module is verified only once
// lowered (LLVM 22's verifier rejects the variadic declaration).
TEST(Retcon, TypedFrameAllocationPassesTheTypeId) {
  const char *ir = R"(
declare void @trace(i64)
declare ptr @rc_alloc(i64)
declare void @rc_free(ptr)
define ptr @typed_alloc(i64 %size, i64 %type) {
  call void @trace(i64 %type)
  call void @trace(i64 %size)
  %p = call ptr @rc_alloc(i64 %size)
  ret ptr %p
}
declare void @once_proto(ptr, i1)
define {ptr, ptr} @big(ptr %buffer, i64 %x) presplitcoroutine {
entry:
  %a = alloca [8 x i64], align 8
  %id = call token (i32, i32, ptr, ptr, ptr, ptr, ...) @llvm.coro.id.retcon.once(i32 16, i32 8, ptr %buffer, ptr @once_proto, ptr @typed_alloc, ptr @rc_free, i64 7)
  %h = call ptr @llvm.coro.begin(token %id, ptr null)
  store i64 %x, ptr %a
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %a)
  %v = load i64, ptr %a
  call void @trace(i64 %v)
  %e = call i1 @llvm.coro.end(ptr %h, i1 false, token none)
  unreachable
}
define {ptr, ptr} @dyn(ptr %buffer, i64 %n) presplitcoroutine {
entry:
  %id = call token (i32, i32, ptr, ptr, ptr, ptr, ...) @llvm.coro.id.retcon.once(i32 16, i32 8, ptr %buffer, ptr @once_proto, ptr @typed_alloc, ptr @rc_free, i64 9)
  %h = call ptr @llvm.coro.begin(token %id, ptr null)
  %tok = call token @llvm.coro.alloca.alloc.i64(i64 %n, i32 8)
  %m = call ptr @llvm.coro.alloca.get(token %tok)
  store i64 5, ptr %m
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %m)
  %v = load i64, ptr %m
  call void @trace(i64 %v)
  call void @llvm.coro.alloca.free(token %tok)
  %e = call i1 @llvm.coro.end(ptr %h, i1 false, token none)
  unreachable
}
define {ptr, ptr} @small(ptr %buffer, ptr %p) presplitcoroutine {
entry:
  %id = call token (i32, i32, ptr, ptr, ptr, ptr, ...) @llvm.coro.id.retcon.once(i32 16, i32 8, ptr %buffer, ptr @once_proto, ptr @typed_alloc, ptr @rc_free, i64 11)
  %h = call ptr @llvm.coro.begin(token %id, ptr null)
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %p)
  %v = load i64, ptr %p
  call void @trace(i64 %v)
  %e = call i1 @llvm.coro.end(ptr %h, i1 false, token none)
  unreachable
}
define void @main() {
  %buf = alloca [16 x i8], align 8
  %cell = alloca i64, align 8
  %r = call {ptr, ptr} @big(ptr %buf, i64 41)
  %k = extractvalue {ptr, ptr} %r, 0
  %a = extractvalue {ptr, ptr} %r, 1
  store i64 42, ptr %a
  call void %k(ptr %buf, i1 false)
  %r2 = call {ptr, ptr} @dyn(ptr %buf, i64 24)
  %k2 = extractvalue {ptr, ptr} %r2, 0
  %m = extractvalue {ptr, ptr} %r2, 1
  store i64 6, ptr %m
  call void %k2(ptr %buf, i1 false)
  store i64 3, ptr %cell
  %r3 = call {ptr, ptr} @small(ptr %buf, ptr %cell)
  %k3 = extractvalue {ptr, ptr} %r3, 0
  call void %k3(ptr %buf, i1 false)
  ret void
}
declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr, ...)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare i1 @llvm.coro.end(ptr, i1, token)
declare token @llvm.coro.alloca.alloc.i64(i64, i32)
declare ptr @llvm.coro.alloca.get(token)
declare void @llvm.coro.alloca.free(token)
)";
  crlh::Module ours(ir);
  ASSERT_TRUE(ours.ok()) << ours.error();
  AddHooks(ours);
  ASSERT_TRUE(crlh::LowersOk(ours));
  ASSERT_TRUE(crlh::Verifies(ours));
  ASSERT_TRUE(crlh::FullyLowered(ours));
  Outcome a = RunOne(ours);
  EXPECT_EQ(a.trace, "7 64 42 9 24 6 3") << ours.Print();
  EXPECT_EQ(a.allocs, 2);
  EXPECT_EQ(a.frees, a.allocs) << "frames leaked or freed twice";
}

TEST(Retcon, DifferentialCanFail) {
  ::testing::TestPartResultArray results;
  {
    ::testing::ScopedFakeTestPartResultReporter reporter(
        ::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD,
        &results);
    Differential(std::string(kSquares) + R"(
define void @main() {
  %buf = alloca [16 x i8], align 8
  %r = call {ptr, i32} @squares(ptr %buf, i32 3)
  ret void
}
)",
                 {"2", 1});
  }
  // The trace (both lowerings) and corolower's allocation count.
  ASSERT_EQ(results.size(), 4);
  EXPECT_NE(std::string(results.GetTestPartResult(0).message())
                .find("LLVM's own lowering disagrees"),
            std::string::npos);
  EXPECT_NE(std::string(results.GetTestPartResult(1).message()).find("corolower's output"),
            std::string::npos);
}

// Ten suspends of pure arithmetic (tests/retcon/cases/many_states, small):
// c_(k+1) = (c_k xor v_(k-3)) mod 2^48, v_k = 31 c_k + k, each v used three
// suspends later. Everything derives from %seed, so each continuation
// recomputes the history it needs from it, as LLVM does: an 8-byte frame
// in the caller's 16-byte buffer, no allocation (chains bounded at four
// levels kept c_k and three v's: 40 bytes, allocated). The driver yields
// every c_k, runs one instance to the end and aborts one at suspend 6.
const std::string kHistory = R"(
define {ptr, i64} @hist_proto(ptr, i1) {
  unreachable
}
define {ptr, i64} @hist(ptr %buffer, i64 %seed) presplitcoroutine {
entry:
)" + RetconBegin("hist_proto") + R"(
  %c0 = add i64 %seed, 0
  br label %s0
s0:
  %m0 = mul i64 %c0, 31
  %v0 = add i64 %m0, 0
  %a0 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c0)
  br i1 %a0, label %abort, label %r0
r0:
  %x0 = xor i64 %c0, %v0
  %c1 = and i64 %x0, 281474976710655
  br label %s1
s1:
  %m1 = mul i64 %c1, 31
  %v1 = add i64 %m1, 1
  %a1 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c1)
  br i1 %a1, label %abort, label %r1
r1:
  %x1 = xor i64 %c1, %v1
  %c2 = and i64 %x1, 281474976710655
  br label %s2
s2:
  %m2 = mul i64 %c2, 31
  %v2 = add i64 %m2, 2
  %a2 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c2)
  br i1 %a2, label %abort, label %r2
r2:
  %x2 = xor i64 %c2, %v2
  %c3 = and i64 %x2, 281474976710655
  br label %s3
s3:
  %m3 = mul i64 %c3, 31
  %v3 = add i64 %m3, 3
  %a3 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c3)
  br i1 %a3, label %abort, label %r3
r3:
  %x3 = xor i64 %c3, %v0
  %c4 = and i64 %x3, 281474976710655
  br label %s4
s4:
  %m4 = mul i64 %c4, 31
  %v4 = add i64 %m4, 4
  %a4 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c4)
  br i1 %a4, label %abort, label %r4
r4:
  %x4 = xor i64 %c4, %v1
  %c5 = and i64 %x4, 281474976710655
  br label %s5
s5:
  %m5 = mul i64 %c5, 31
  %v5 = add i64 %m5, 5
  %a5 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c5)
  br i1 %a5, label %abort, label %r5
r5:
  %x5 = xor i64 %c5, %v2
  %c6 = and i64 %x5, 281474976710655
  br label %s6
s6:
  %m6 = mul i64 %c6, 31
  %v6 = add i64 %m6, 6
  %a6 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c6)
  br i1 %a6, label %abort, label %r6
r6:
  %x6 = xor i64 %c6, %v3
  %c7 = and i64 %x6, 281474976710655
  br label %s7
s7:
  %m7 = mul i64 %c7, 31
  %v7 = add i64 %m7, 7
  %a7 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c7)
  br i1 %a7, label %abort, label %r7
r7:
  %x7 = xor i64 %c7, %v4
  %c8 = and i64 %x7, 281474976710655
  br label %s8
s8:
  %m8 = mul i64 %c8, 31
  %v8 = add i64 %m8, 8
  %a8 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c8)
  br i1 %a8, label %abort, label %r8
r8:
  %x8 = xor i64 %c8, %v5
  %c9 = and i64 %x8, 281474976710655
  br label %s9
s9:
  %m9 = mul i64 %c9, 31
  %v9 = add i64 %m9, 9
  %a9 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c9)
  br i1 %a9, label %abort, label %r9
r9:
  %x9 = xor i64 %c9, %v6
  %c10 = and i64 %x9, 281474976710655
  br label %finish
abort:
  call void @trace(i64 -1)
  br label %end
finish:
  call void @trace(i64 %c10)
  br label %end
end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
define void @main() {
entry:
  %buf = alloca [16 x i8], align 8
  %r0 = call {ptr, i64} @hist(ptr %buf, i64 12345)
)" + ResumeUntilNull("i64", true, "second") + R"(
second:
  %q0 = call {ptr, i64} @hist(ptr %buf, i64 777)
  br label %step
step:
  %q = phi {ptr, i64} [ %q0, %second ], [ %qn, %step ]
  %i = phi i64 [ 0, %second ], [ %i1, %step ]
  %kq = extractvalue {ptr, i64} %q, 0
  %i1 = add i64 %i, 1
  %stop = icmp eq i64 %i1, 6
  %qn = call {ptr, i64} %kq(ptr %buf, i1 %stop)
  br i1 %stop, label %out, label %step
out:
  ret void
}
)";

TEST(Retcon, HistoryRecomputedFromTheSeedFitsTheBuffer) {
  uint64_t c[16], v[16];
  const uint64_t mask = (1ull << 48) - 1;
  c[0] = 12345;
  std::string want;
  for (int k = 0; k < 10; k++) {
    v[k] = c[k] * 31 + (uint64_t)k;
    want += std::to_string((int64_t)c[k]) + " ";
    c[k + 1] = (c[k] ^ v[k >= 3 ? k - 3 : k]) & mask;
  }
  want += std::to_string((int64_t)c[10]) + " -1";
  Differential(kHistory, {want, 0, 0});
  crlh::Module m(std::string(kHistory) + kDecls);
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_TRUE(crlh::LowersOk(m));
  const crl_frame_report *h = ReportOf(m, "hist");
  ASSERT_NE(h, nullptr);
  EXPECT_EQ(h->size, 8u) << crl_result_report_text(crlh_last_result(m));
  EXPECT_EQ(h->storage, CRL_FRAME_STORAGE_INLINE);
}

}  // namespace
