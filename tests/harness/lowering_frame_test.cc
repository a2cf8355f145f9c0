// Frame layout seen from running code: over-aligned allocas and the
// realignment slack, thousands of values, recomputation instead of
// spills, narrow slots, element addresses, split callees inlined.
#include "tests/harness/lowering_fixture.h"

namespace {

using namespace lowering;

// A coroutine split before (by LLVM's CoroSplit earlier in the pipeline, or
// by corolower with the elision markers kept) whose ramp was inlined into a
// presplit coroutine, as LLVM's O2 pipeline does: the callee's coro.id
// (carrying its clone array), coro.alloc, coro.begin and coro.free are not
// the caller's own and must not be taken for a second id or begin. They go
// as CoroCleanup takes them (allocated, the frame is coro.begin's memory);
// the split ramp itself, left in the module, goes the same way. LLVM is no
// oracle here: its coro-early aborts on a split callee's coro.begin (its
// pipeline runs coro-early only before anything is split).
const char kSplitOnce[] = R"(
@once.resumers = private constant [3 x ptr] [ptr @once.resume, ptr @once.destroy, ptr @once.cleanup]
define internal fastcc void @once.resume(ptr %f) {
  %v.addr = getelementptr i8, ptr %f, i64 16
  %v = load i64, ptr %v.addr
  call void @trace(i64 %v)
  store ptr null, ptr %f
  ret void
}
define internal fastcc void @once.destroy(ptr %f) {
  call void @trace(i64 -2)
  call void @free_frame(ptr %f)
  ret void
}
define internal fastcc void @once.cleanup(ptr %f) {
  ret void
}
define ptr @once(i64 %v) {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr @once, ptr @once.resumers)
  %need = call i1 @llvm.coro.alloc(token %id)
  br i1 %need, label %alloc, label %begin
alloc:
  %m = call ptr @alloc_frame(i64 24)
  br label %begin
begin:
  %mem = phi ptr [ null, %entry ], [ %m, %alloc ]
  %h = call ptr @llvm.coro.begin(token %id, ptr %mem)
  store ptr @once.resume, ptr %h
  %d = getelementptr i8, ptr %h, i64 8
  store ptr @once.destroy, ptr %d
  %v.addr = getelementptr i8, ptr %h, i64 16
  store i64 %v, ptr %v.addr
  %neg = icmp slt i64 %v, 0
  br i1 %neg, label %gone, label %out
gone:
  %fr = call ptr @llvm.coro.free(token %id, ptr %h)
  call void @free_frame(ptr %fr)
  ret ptr null
out:
  ret ptr %h
}
)";

// @alloc_odd / @free_odd: a frame allocator whose blocks start at 16 modulo
// `align` (a power of two above 16), on purpose, so that a slot that is not
// realigned cannot be aligned by luck.
std::string OddAllocator(int align) {
  const std::string a = std::to_string(align);
  return "define ptr @alloc_odd(i64 %n) {\n"
         "  %size = add i64 %n, " + std::to_string(align + 16) + "\n"
         "  %raw = call ptr @alloc_frame(i64 %size)\n"
         "  %ri = ptrtoint ptr %raw to i64\n"
         "  %up = add i64 %ri, " + std::to_string(align - 1) + "\n"
         "  %al = and i64 %up, -" + a + "\n"
         "  %mi = add i64 %al, 16\n"
         "  %m = inttoptr i64 %mi to ptr\n"
         "  %slot = getelementptr i8, ptr %m, i64 -8\n"
         "  store ptr %raw, ptr %slot\n"
         "  ret ptr %m\n"
         "}\n"
         "define void @free_odd(ptr %m) {\n"
         "  %slot = getelementptr i8, ptr %m, i64 -8\n"
         "  %raw = load ptr, ptr %slot\n"
         "  call void @free_frame(ptr %raw)\n"
         "  ret void\n"
         "}\n";
}

// More values live across a suspend than one chunk of the liveness matrix
// holds (2048): crossing sets come from several chunks, and every value of
// every chunk must reach the frame (a value missed by a chunk would be used
// after the suspend without having been kept).
TEST(Lowering, ThousandsOfValuesAcrossOneSuspend) {
  const int kValues = 2100;
  std::string defs, uses;
  long long want = 0;
  for (int k = 0; k < kValues; k++) {
    defs += "  %v" + std::to_string(k) + " = call i64 @opaque(i64 " + std::to_string(k) + ")\n";
    uses += "  %s" + std::to_string(k + 1) + " = add i64 %s" + std::to_string(k) + ", %v" +
            std::to_string(k) + "\n";
    want += 3LL * k;
  }
  Differential(R"(
define i64 @opaque(i64 %k) {
  %r = mul i64 %k, 3
  ret i64 %r
}
define ptr @co() presplitcoroutine {
entry:
)" + Begin(16) + R"(
)" + defs + R"(
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %r
                             i8 1, label %cleanup ]
r:
  %s0 = add i64 0, 0
)" + uses + "  call void @trace(i64 %s" + std::to_string(kValues) + R"()
  br label %cleanup
cleanup:
)" + FreeAndEnd() + R"(
define void @main() {
  %h = call ptr @co()
  call void @llvm.coro.resume(ptr %h)
  ret void
}
)",
               std::to_string(want));
}

// The frame allocator and helpers of the slack tests: @alloc_at places the
// frame at @frame_mod modulo 128 and fills 64 guard bytes past its size;
// @free_at traces how many of them changed.
const char kSlackSupport[] = R"(
@frame_mod = global i64 0
define ptr @alloc_at(i64 %n) {
  %size = add i64 %n, 320
  %raw = call ptr @alloc_frame(i64 %size)
  %ri = ptrtoint ptr %raw to i64
  %up = add i64 %ri, 143
  %al = and i64 %up, -128
  %mod = load i64, ptr @frame_mod
  %mi = add i64 %al, %mod
  %m = inttoptr i64 %mi to ptr
  %slot = getelementptr i8, ptr %m, i64 -8
  store ptr %raw, ptr %slot
  %nslot = getelementptr i8, ptr %m, i64 -16
  store i64 %n, ptr %nslot
  %guard = getelementptr i8, ptr %m, i64 %n
  call void @llvm.memset.p0.i64(ptr %guard, i8 -85, i64 64, i1 false)
  ret ptr %m
}
define void @free_at(ptr %m) {
entry:
  %nslot = getelementptr i8, ptr %m, i64 -16
  %n = load i64, ptr %nslot
  %guard = getelementptr i8, ptr %m, i64 %n
  br label %loop
loop:
  %k = phi i64 [0, %entry], [%k1, %loop]
  %bad = phi i64 [0, %entry], [%bad1, %loop]
  %gp = getelementptr i8, ptr %guard, i64 %k
  %g = load i8, ptr %gp
  %ok = icmp eq i8 %g, -85
  %inc = select i1 %ok, i64 0, i64 1
  %bad1 = add i64 %bad, %inc
  %k1 = add i64 %k, 1
  %more = icmp ult i64 %k1, 64
  br i1 %more, label %loop, label %out
out:
  call void @trace(i64 %bad1)
  %slot = getelementptr i8, ptr %m, i64 -8
  %raw = load ptr, ptr %slot
  call void @free_frame(ptr %raw)
  ret void
}
define void @fill(ptr %p, i64 %n, i64 %x) {
entry:
  br label %loop
loop:
  %k = phi i64 [0, %entry], [%k1, %loop]
  %e = getelementptr i64, ptr %p, i64 %k
  %v = add i64 %x, %k
  store i64 %v, ptr %e
  %k1 = add i64 %k, 1
  %more = icmp ult i64 %k1, %n
  br i1 %more, label %loop, label %out
out:
  ret void
}
define i64 @sum(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %k = phi i64 [0, %entry], [%k1, %loop]
  %acc = phi i64 [0, %entry], [%acc1, %loop]
  %e = getelementptr i64, ptr %p, i64 %k
  %v = load i64, ptr %e
  %acc1 = add i64 %acc, %v
  %k1 = add i64 %k, 1
  %more = icmp ult i64 %k1, %n
  br i1 %more, label %loop, label %out
out:
  ret i64 %acc1
}
define i64 @opaque(i64 %x) {
  %m = mul i64 %x, 3
  %r = add i64 %m, 1
  ret i64 %r
}
)";

// A coroutine holding @a ([16 x i64] aligned to `align_a`) and @b
// ([8 x i64] aligned to 64), filled from %x, across two suspends, with
// `spills` values (3x+1 chained from %x) live to the end. Its trace per run:
// sum(a) sum(b) v0..v(spills-2) at the first resume; sum(a) v(spills-1)
// at the second; then the guard count.
std::string SlackCoroutine(int align_a, int spills) {
  std::string defs, early, late;
  std::string prev = "%x";
  for (int k = 0; k < spills; k++) {
    std::string v = "%v" + std::to_string(k);
    defs += "  " + v + " = call i64 @opaque(i64 " + prev + ")\n";
    prev = v;
    (k + 1 < spills ? early : late) += "  call void @trace(i64 " + v + ")\n";
  }
  return R"(
define ptr @co(i64 %x) presplitcoroutine {
entry:
  %a = alloca [16 x i64], align )" + std::to_string(align_a) + R"(
  %b = alloca [8 x i64], align 64
)" + Begin(16, "null", "alloc_at") + R"(
  call void @fill(ptr %a, i64 16, i64 %x)
  call void @fill(ptr %b, i64 8, i64 %x)
)" + defs + R"(  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %r1
                             i8 1, label %cleanup ]
r1:
  %sa = call i64 @sum(ptr %a, i64 16)
  call void @trace(i64 %sa)
  %sb = call i64 @sum(ptr %b, i64 8)
  call void @trace(i64 %sb)
)" + early + R"(  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %ret [ i8 0, label %r2
                              i8 1, label %cleanup ]
r2:
  %sa2 = call i64 @sum(ptr %a, i64 16)
  call void @trace(i64 %sa2)
)" + late + R"(  br label %cleanup
cleanup:
)" + FreeAndEnd("ret", kReturnHandle, "free_at");
}

// Runs SlackCoroutine(align_a, spills) with the frame at every offset
// modulo 128 the allocator may give (0, 16, ..., 112), each run to the end
// and once destroyed after the first resume, and checks the frame's size.
void SlackRun(int align_a, int spills, uint64_t want_size) {
  crlh::Module ours(std::string(kSlackSupport) + SlackCoroutine(align_a, spills) + R"(
define void @main() {
entry:
  br label %loop
loop:
  %m = phi i64 [0, %entry], [%m1, %loop]
  store i64 %m, ptr @frame_mod
  %h = call ptr @co(i64 %m)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  %g = call ptr @co(i64 %m)
  call void @llvm.coro.resume(ptr %g)
  call void @llvm.coro.destroy(ptr %g)
  %m1 = add i64 %m, 16
  %more = icmp ult i64 %m1, 128
  br i1 %more, label %loop, label %out
out:
  ret void
}
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
)" + std::string(kDecls));
  ASSERT_TRUE(ours.ok()) << ours.error();
  AddHooks(ours);
  ASSERT_TRUE(crlh::LowersOk(ours));
  crl_result *res = crlh_last_result(ours);
  ASSERT_EQ(crl_result_num_frames(res), 1u);
  EXPECT_EQ(crl_result_frame(res, 0)->size, want_size) << crl_result_report_text(res);
  ASSERT_TRUE(crlh::Verifies(ours));
  ASSERT_TRUE(crlh::FullyLowered(ours));
  std::string want;
  for (long long m = 0; m < 128; m += 16) {
    std::vector<long long> v;
    for (long long k = 0, prev = m; k < spills; k++) v.push_back(prev = 3 * prev + 1);
    std::string r1 = std::to_string(16 * m + 120) + " " + std::to_string(8 * m + 28) + " ";
    for (int k = 0; k + 1 < spills; k++) r1 += std::to_string(v[k]) + " ";
    want += r1 + std::to_string(16 * m + 120) + " " + std::to_string(v[spills - 1]) + " 0 ";
    want += r1 + "0 ";
  }
  want.pop_back();
  Outcome a = RunOne(ours);
  EXPECT_EQ(a.trace, want) << "corolower's output:\n" << ours.Print();
  EXPECT_EQ(a.frees, a.allocs) << "frames leaked or freed twice";
}

// Small fields (the suspend index, spills) sit in the slack the realignment
// leaves: before the aligned part when there is room, else after it. The
// frame starts at every offset modulo 128, so both sides are taken; the
// allocator checks that nothing is written past the frame's size, and the
// arrays' sums and the spilled values show that nothing overlaps.
TEST(Lowering, SmallFieldsShareTheRealignmentSlack) {
  // 16 (resume, destroy) + 112 of slack + 192 of arrays: the index and the
  // three spills take no room of their own.
  SlackRun(128, 3, 320);
}

// More small fields than half the slack holds: the block takes what fits
// (32 of the 48 bytes a 64-aligned region leaves) and the rest of the
// fields move down to just after the region.
TEST(Lowering, SlackOverflowMovesTheRestDown) {
  // 16 + 240 (48 of slack, 192 of arrays) + the other 4 spills (32) = 288
  // (296 with the index, which the resume pointer replaces: the first of
  // the two suspend points is reached from the ramp alone; 304 when the
  // size was rounded to the frame's 16; 336 without the slack).
  SlackRun(64, 8, 288);
}

// A running hash a_k = a_(k-1) * 31 + (v_k xor 5) over twelve suspends
// (many(int)'s `acc = acc * 31 + v`), every v_k and %base live to the end:
// each a_k is recomputed after the suspend it crosses from %base and the
// v's through a chain as long as the history (the planner's bound is a
// budget of copies, not a depth of four). Both lowerings agree on the
// trace, run to the end and destroyed at every suspend, and the frame is
// LLVM's 120 bytes (with a depth of four it was 128).
std::string RunningHash(int n) {
  std::string ir = R"(
define i64 @next(i64 %k) {
  %m = mul i64 %k, 2654435761
  %r = xor i64 %m, 12345
  ret i64 %r
}
define ptr @hash(i64 %base) presplitcoroutine {
entry:
)" + Begin(16) + R"(
  %a0 = mul i64 %base, 7
  br label %s1
)";
  for (int k = 1; k <= n; k++) {
    std::string K = std::to_string(k), P = std::to_string(k - 1);
    std::string next = k < n ? "%s" + std::to_string(k + 1) : "%done";
    ir += "s" + K + ":\n  %x" + K + " = call i8 @llvm.coro.suspend(token none, i1 false)\n" +
          "  switch i8 %x" + K + ", label %ret [ i8 0, label %r" + K +
          "\n                               i8 1, label %cleanup ]\n" + "r" + K + ":\n" +
          "  %v" + K + " = call i64 @next(i64 " + K + ")\n" + "  %w" + K + " = xor i64 %v" + K +
          ", 5\n" + "  %m" + K + " = mul i64 %a" + P + ", 31\n" + "  %a" + K + " = add i64 %m" +
          K + ", %w" + K + "\n  br label " + next + "\n";
  }
  ir += "done:\n  call void @trace(i64 %a" + std::to_string(n) + ")\n  call void @trace(i64 %base)\n";
  std::string prev = "0";
  for (int k = 1; k <= n; k++) {
    ir += "  %t" + std::to_string(k) + " = add i64 " + prev + ", %w" + std::to_string(k) + "\n";
    prev = "%t" + std::to_string(k);
  }
  ir += "  call void @trace(i64 " + prev + R"()
  br label %cleanup
cleanup:
  call void @trace(i64 -1)
)" + FreeAndEnd();
  return ir;
}

TEST(Lowering, RunningHashRecomputedThroughTheWholeHistory) {
  const int n = 12;
  std::string main = "define void @main() {\n  %h = call ptr @hash(i64 3)\n";
  for (int k = 0; k < n; k++) main += "  call void @llvm.coro.resume(ptr %h)\n";
  // Destroyed at every suspend: the cleanup path alone.
  for (int d = 1; d <= n; d++) {
    std::string H = "%g" + std::to_string(d);
    main += "  " + H + " = call ptr @hash(i64 " + std::to_string(d) + ")\n";
    for (int k = 1; k < d; k++) main += "  call void @llvm.coro.resume(ptr " + H + ")\n";
    main += "  call void @llvm.coro.destroy(ptr " + H + ")\n";
  }
  main += "  ret void\n}\n";
  uint64_t a = 3 * 7, t = 0;
  for (uint64_t k = 1; k <= (uint64_t)n; k++) {
    uint64_t w = ((k * 2654435761u) ^ 12345u) ^ 5u;
    a = a * 31 + w;
    t += w;
  }
  std::string want = std::to_string((int64_t)a) + " 3 " + std::to_string((int64_t)t) + " -1";
  for (int d = 1; d <= n; d++) want += " -1";
  Differential(RunningHash(n) + main, want);
  crlh::Module ours(RunningHash(n) + kDecls);
  ASSERT_TRUE(ours.ok()) << ours.error();
  ASSERT_TRUE(crlh::LowersOk(ours));
  crl_result *res = crlh_last_result(ours);
  ASSERT_EQ(crl_result_num_frames(res), 1u);
  EXPECT_EQ(crl_result_frame(res, 0)->size, 120u) << crl_result_report_text(res);
  std::string text = crl_result_report_text(res);
  EXPECT_EQ(text.find("spill   i64 %a"), std::string::npos) << text;
}

// Integers whose every value is an extension of a narrower one keep only
// the narrow part in the frame (a phi of a sign-extended i32 and 0, of a
// zero-extended i16 and 7, a select of a sign-extended i8 and -1); the
// values come back whole after the suspend: negative ones sign-extended,
// 0xffff zero-extended, 2^40 (no narrower value) whole. Both lowerings
// agree on the trace; the frame is 32 bytes (48 with every value whole,
// as LLVM 22's).
const std::string kNarrow = R"(
define i32 @get32() {
  ret i32 -5
}
define i16 @get16() {
  ret i16 -1
}
define i8 @get8() {
  ret i8 -100
}
define ptr @narrow(i1 %c, i1 %d) presplitcoroutine {
entry:
)" + Begin(16) + R"(
  br i1 %c, label %a, label %b
a:
  %v = call i32 @get32()
  %w = sext i32 %v to i64
  %h = call i16 @get16()
  %hz = zext i16 %h to i64
  br label %j
b:
  br label %j
j:
  %p = phi i64 [ %w, %a ], [ 0, %b ]
  %q = phi i64 [ %hz, %a ], [ 7, %b ]
  %big = phi i64 [ 1099511627776, %a ], [ 3, %b ]
  %e = call i8 @get8()
  %es = sext i8 %e to i64
  %r = select i1 %d, i64 %es, i64 -1
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %ret [ i8 0, label %r1
                              i8 1, label %cleanup ]
r1:
  call void @trace(i64 %p)
  call void @trace(i64 %q)
  call void @trace(i64 %r)
  call void @trace(i64 %big)
  br label %cleanup
cleanup:
)" + FreeAndEnd();

// An element address of a local array in the frame, picked by an index
// computed from an argument (&arr[x & 15]), used after two suspends: the
// address is recomputed from the argument and the array's field (which
// every split function rebuilds) instead of kept, as LLVM 22 does. Stores
// through it after the first suspend are seen through the array after the
// second. Both lowerings agree on the trace, also when destroyed at the
// first suspend; the frame is 88 bytes (96 with the address kept).
const std::string kElem = R"(
define ptr @elem(i32 %x) presplitcoroutine {
entry:
  %arr = alloca [16 x i32], align 16
)" + Begin(16) + R"(
  br label %fill
fill:
  %k = phi i64 [ 0, %entry ], [ %k1, %fill ]
  %k32 = trunc i64 %k to i32
  %val = mul i32 %k32, %x
  %slot = getelementptr inbounds i32, ptr %arr, i64 %k
  store i32 %val, ptr %slot
  %k1 = add i64 %k, 1
  %more = icmp ult i64 %k1, 16
  br i1 %more, label %fill, label %go
go:
  %m = and i32 %x, 15
  %z = zext i32 %m to i64
  %p = getelementptr inbounds i32, ptr %arr, i64 %z
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %ret [ i8 0, label %r1
                              i8 1, label %cleanup ]
r1:
  %v1 = load i32, ptr %p
  %v1w = sext i32 %v1 to i64
  call void @trace(i64 %v1w)
  %v1n = add i32 %v1, 1
  store i32 %v1n, ptr %p
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %ret [ i8 0, label %r2
                              i8 1, label %cleanup ]
r2:
  %lastp = getelementptr inbounds i32, ptr %arr, i64 15
  %v2 = load i32, ptr %p
  %v3 = load i32, ptr %lastp
  %v2w = sext i32 %v2 to i64
  %v3w = sext i32 %v3 to i64
  call void @trace(i64 %v2w)
  call void @trace(i64 %v3w)
  br label %cleanup
cleanup:
)" + FreeAndEnd();

// The same for an element of a byval argument, whose bytes the frame
// copies in the ramp: the address is rebuilt from the copy's field after
// the suspend, never from the caller's argument memory (dead by then: the
// driver clobbers it before resuming).
const std::string kByvalElem = R"(
%A = type { [8 x i32] }
define ptr @belem(ptr byval(%A) align 8 %a, i32 %x) presplitcoroutine {
entry:
)" + Begin(16) + R"(
  %m = and i32 %x, 7
  %z = zext i32 %m to i64
  %p = getelementptr inbounds [8 x i32], ptr %a, i64 0, i64 %z
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %ret [ i8 0, label %r1
                              i8 1, label %cleanup ]
r1:
  %v = load i32, ptr %p
  %vw = sext i32 %v to i64
  call void @trace(i64 %vw)
  br label %cleanup
cleanup:
)" + FreeAndEnd() + R"(
define ptr @start(i32 %x) noinline {
  %arg = alloca %A, align 8
  br label %fill
fill:
  %k = phi i64 [ 0, %0 ], [ %k1, %fill ]
  %k32 = trunc i64 %k to i32
  %val = mul i32 %k32, 11
  %slot = getelementptr inbounds [8 x i32], ptr %arg, i64 0, i64 %k
  store i32 %val, ptr %slot
  %k1 = add i64 %k, 1
  %more = icmp ult i64 %k1, 8
  br i1 %more, label %fill, label %go
go:
  %h = call ptr @belem(ptr byval(%A) align 8 %arg, i32 %x)
  call void @llvm.memset.p0.i64(ptr %arg, i8 -1, i64 32, i1 false)
  ret ptr %h
}
define void @clobber() noinline {
  %junk = alloca [512 x i8], align 16
  call void @llvm.memset.p0.i64(ptr %junk, i8 85, i64 512, i1 true)
  ret void
}
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
)";

// A value defined before a loop and used only in the loop's header, with
// the suspend later in the body: it is live across the suspend only around
// the back edge (the crossing analysis may skip values whose definitions
// and uses hold no suspend between them only where no loop is in the way).
// Both lowerings agree on the trace, run to the end and destroyed inside
// the loop.
const std::string kHeaderUse = R"(
define ptr @hdr(i64 %n, i64 %k) presplitcoroutine {
entry:
)" + Begin(16) + R"(
  %x = mul i64 %k, 7
  %y = call i64 @opaque(i64 %k)
  br label %header
header:
  %i = phi i64 [ 0, %entry ], [ %i1, %body ]
  %t = add i64 %i, %y
  %u = xor i64 %t, %x
  call void @trace(i64 %u)
  %more = icmp ult i64 %i, %n
  br i1 %more, label %susp, label %cleanup
susp:
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %body
                             i8 1, label %cleanup ]
body:
  %i1 = add i64 %i, 1
  br label %header
cleanup:
)" + FreeAndEnd() + R"(
define i64 @opaque(i64 %v) noinline {
  %r = mul i64 %v, 1000
  ret i64 %r
}
)";

// A field truncated out of an i64 argument (%lo) is met before the value
// whose recomputation keeps the whole argument in the frame (%w = %p + 5,
// an i64 needed across both suspends); the planner's second sweep then
// recomputes %lo from the argument too instead of giving it a slot of its
// own. Both lowerings agree on the trace; the frame is 32 bytes (40 with
// %lo kept).
const std::string kLateOperand = R"(
define ptr @late(i64 %p, i32 %other) presplitcoroutine {
entry:
)" + Begin(16) + R"(
  %lo = trunc i64 %p to i32
  %w = add i64 %p, 5
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %ret [ i8 0, label %r1
                              i8 1, label %cleanup ]
r1:
  %lw = sext i32 %lo to i64
  call void @trace(i64 %lw)
  call void @trace(i64 %w)
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %ret [ i8 0, label %r2
                              i8 1, label %cleanup ]
r2:
  %ow = sext i32 %other to i64
  call void @trace(i64 %w)
  call void @trace(i64 %ow)
  br label %cleanup
cleanup:
)" + FreeAndEnd();

// Five i32 and i64 values cut out of two i64 arguments (%a's halves, %b's
// low half and high bits) and a sum of them, all needed after suspends.
// Decided one value at a time, keeping each costs less than bringing an
// argument into the frame for it, so the chained plan keeps all of them
// (48 bytes); LLVM keeps %a and %b and recomputes everything (40). The
// forced plan, laid out beside the others, finds LLVM's frame.
const std::string kSharedRoots = R"(
define ptr @roots(i32 %k, i64 %a, i64 %b) presplitcoroutine {
entry:
)" + Begin(16) + R"(
  %a0 = trunc i64 %a to i32
  %ah = lshr i64 %a, 32
  %a1 = trunc nuw i64 %ah to i32
  %b0 = trunc i64 %b to i32
  %bh = and i64 %b, -4294967296
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %ret [ i8 0, label %r1
                              i8 1, label %cleanup ]
r1:
  %x = add i32 %k, %a0
  %y = add i32 %x, %b0
  %z = add i32 %y, 23774
  %zw = sext i32 %z to i64
  call void @trace(i64 %zw)
  %bw = add i64 %bh, -4294967283
  call void @trace(i64 %bw)
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %ret [ i8 0, label %r2
                              i8 1, label %cleanup ]
r2:
  %p = xor i32 %a0, %a1
  %q = add i32 %k, %a1
  %t = xor i32 %p, %b0
  %u = add i32 %t, %q
  %v = add i32 %u, %z
  %vw = sext i32 %v to i64
  call void @trace(i64 %vw)
  br label %cleanup
cleanup:
)" + FreeAndEnd();

// Runs of @main: the trace both lowerings must give (or corolower's
// alone, kNone), and every frame freed once.
const TraceCase kCases[] = {
    {"SplitCalleeInlinedIntoPresplitCaller", std::string(kSplitOnce) + R"(
define ptr @outer(i64 %n) presplitcoroutine {
entry:
)" + Begin() + R"(
  %cid = call token @llvm.coro.id(i32 0, ptr null, ptr @once, ptr @once.resumers)
  %need = call i1 @llvm.coro.alloc(token %cid)
  br i1 %need, label %calloc, label %cbegin
calloc:
  %cm = call ptr @alloc_frame(i64 24)
  br label %cbegin
cbegin:
  %cmem = phi ptr [ null, %entry ], [ %cm, %calloc ]
  %ch = call ptr @llvm.coro.begin(token %cid, ptr %cmem)
  store ptr @once.resume, ptr %ch
  %d = getelementptr i8, ptr %ch, i64 8
  store ptr @once.destroy, ptr %d
  %v.addr = getelementptr i8, ptr %ch, i64 16
  store i64 %n, ptr %v.addr
  %neg = icmp slt i64 %n, 0
  br i1 %neg, label %gone, label %go
gone:
  %fr = call ptr @llvm.coro.free(token %cid, ptr %ch)
  call void @free_frame(ptr %fr)
  call void @trace(i64 -3)
  br label %go
go:
  %child = phi ptr [ %ch, %cbegin ], [ null, %gone ]
  call void @trace(i64 1)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %suspend [ i8 0, label %resume
                                 i8 1, label %cleanup ]
resume:
  %live = icmp ne ptr %child, null
  br i1 %live, label %run, label %after
run:
  call void @llvm.coro.resume(ptr %child)
  call void @llvm.coro.destroy(ptr %child)
  br label %after
after:
  call void @trace(i64 2)
  br label %cleanup
cleanup:
)" + FreeAndEnd("suspend") + R"(
define void @main() {
  %a = call ptr @outer(i64 5)
  call void @llvm.coro.resume(ptr %a)
  %b = call ptr @outer(i64 -1)
  call void @llvm.coro.resume(ptr %b)
  %c = call ptr @once(i64 9)
  call void @llvm.coro.resume(ptr %c)
  call void @llvm.coro.destroy(ptr %c)
  ret void
}
)",
     "1 5 -2 2 -3 1 2 9 -2", kNone},
    // An alloca aligned above what the frame allocator guarantees (coro.id says
    // 16) keeps its alignment after a suspend (the trace is its address modulo
    // 64) and its contents. LLVM's lowering assumes the frame memory has the
    // frame's alignment and here yields a misaligned address (e.g. 32), so this
    // is checked on corolower alone.
    // The frame allocator returns addresses that are 16 modulo 64 on purpose,
    // so an unaligned slot cannot pass by luck.
    {"OverAlignedAllocaAcrossSuspend", OddAllocator(64) + R"(
define ptr @co(i64 %x) presplitcoroutine {
entry:
  %a = alloca i64, align 64
)" + Begin(16, "null", "alloc_odd") + R"(
  store i64 %x, ptr %a
  call void @escape(ptr %a)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %r
                             i8 1, label %cleanup ]
r:
  %ai = ptrtoint ptr %a to i64
  %mis = and i64 %ai, 63
  call void @trace(i64 %mis)
  %v = load i64, ptr %a
  call void @trace(i64 %v)
  br label %cleanup
cleanup:
)" + FreeAndEnd("ret", kReturnHandle, "free_odd") + R"(
define void @escape(ptr %p) {
  ret void
}
define void @main() {
  %h = call ptr @co(i64 6)
  call void @llvm.coro.resume(ptr %h)
  %g = call ptr @co(i64 7)
  call void @llvm.coro.destroy(ptr %g)
  ret void
}
)",
     "0 6", kNone},
    // Several over-aligned allocas share one realigned region: each keeps its
    // alignment and its contents across suspends, also where their storage
    // could overlap if the region's offsets were ignored (the trace prints each
    // address modulo its alignment, then the values).
    // Frames at 16 modulo 128: the worst case for a 128-aligned slot.
    {"OverAlignedAllocasShareOneRealignedRegion", OddAllocator(128) + R"(
define void @show(ptr %p, i64 %align) {
  %pi = ptrtoint ptr %p to i64
  %m = sub i64 %align, 1
  %mis = and i64 %pi, %m
  call void @trace(i64 %mis)
  %v = load i64, ptr %p
  call void @trace(i64 %v)
  ret void
}
define ptr @co(i64 %x) presplitcoroutine {
entry:
  %a = alloca [16 x i64], align 128
  %b = alloca [8 x i64], align 64
  %c = alloca i64, align 32
)" + Begin(16, "null", "alloc_odd") + R"(
  store i64 %x, ptr %a
  %x1 = add i64 %x, 1
  store i64 %x1, ptr %b
  %x2 = add i64 %x, 2
  store i64 %x2, ptr %c
  call void @escape(ptr %a)
  call void @escape(ptr %b)
  call void @escape(ptr %c)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %r
                             i8 1, label %cleanup ]
r:
  call void @show(ptr %a, i64 128)
  call void @show(ptr %b, i64 64)
  call void @show(ptr %c, i64 32)
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %ret [ i8 0, label %r2
                              i8 1, label %cleanup ]
r2:
  call void @show(ptr %c, i64 32)
  call void @show(ptr %a, i64 128)
  br label %cleanup
cleanup:
)" + FreeAndEnd("ret", kReturnHandle, "free_odd") + R"(
define void @escape(ptr %p) {
  ret void
}
define void @main() {
  %h = call ptr @co(i64 10)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  %g = call ptr @co(i64 20)
  call void @llvm.coro.resume(ptr %g)
  call void @llvm.coro.destroy(ptr %g)
  ret void
}
)",
     "0 10 0 11 0 12 0 12 0 10 0 20 0 21 0 22", kNone},
    {"NarrowSlotsGiveBackWholeValues", std::string(kNarrow) + R"(
define void @main() {
  %h = call ptr @narrow(i1 true, i1 true)
  call void @llvm.coro.resume(ptr %h)
  %g = call ptr @narrow(i1 false, i1 false)
  call void @llvm.coro.resume(ptr %g)
  ret void
}
)",
     "-5 65535 -100 1099511627776 0 7 -1 3", kLlvm, 32, nullptr},
    {"ElementAddressOfFrameArrayIsRecomputed", std::string(kElem) + R"(
define void @main() {
  %h = call ptr @elem(i32 5)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  %g = call ptr @elem(i32 19)
  call void @llvm.coro.resume(ptr %g)
  call void @llvm.coro.destroy(ptr %g)
  %d = call ptr @elem(i32 2)
  call void @llvm.coro.destroy(ptr %d)
  ret void
}
)",
     "25 26 75 57", kLlvm, 88, "ptr %p"},
    {"ElementAddressOfByvalCopyIsRecomputed", std::string(kByvalElem) + R"(
define void @main() {
  %h = call ptr @start(i32 3)
  %g = call ptr @start(i32 13)
  call void @clobber()
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %g)
  ret void
}
)",
     "33 55", kLlvm, 0, "ptr %p"},
    {"ValueUsedOnlyInLoopHeaderCrossesSuspendInBody", std::string(kHeaderUse) + R"(
define void @main() {
  %h = call ptr @hdr(i64 2, i64 3)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  %g = call ptr @hdr(i64 5, i64 1)
  call void @llvm.coro.resume(ptr %g)
  call void @llvm.coro.destroy(ptr %g)
  ret void
}
)",
     "2989 2988 2991 1007 1006"},
    {"OperandKeptByLaterDecisionServesEarlierValue", std::string(kLateOperand) + R"(
define void @main() {
  %h = call ptr @late(i64 -4294967289, i32 9)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  %g = call ptr @late(i64 12, i32 1)
  call void @llvm.coro.resume(ptr %g)
  call void @llvm.coro.destroy(ptr %g)
  ret void
}
)",
     "7 -4294967284 -4294967284 9 12 17", kLlvm, 32, "i32 %lo"},
    {"ValuesSharingArgumentRootsAreRecomputedTogether", std::string(kSharedRoots) + R"(
define void @main() {
  %h = call ptr @roots(i32 3, i64 21474836487, i64 38654705675)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  %g = call ptr @roots(i32 1, i64 12, i64 2)
  call void @llvm.coro.resume(ptr %g)
  call void @llvm.coro.destroy(ptr %g)
  ret void
}
)",
     "23795 34359738381 23812 23789 -4294967283", kLlvm, 40, nullptr},
};

INSTANTIATE_TEST_SUITE_P(Frame, LoweringTrace, ::testing::ValuesIn(kCases), CaseName);

}  // namespace
