// Behaviour of lowered switched-resume coroutines, differential against
// LLVM: every program is lowered twice, once by corolower and once by LLVM's
// own coro-early/coro-split/coro-cleanup (in process), JIT-run through the
// harness, and both traces must equal the expected one. Frame memory goes
// through counting hooks, so leaks and double frees show.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>

#include "gtest/gtest-spi.h"
#include "gtest/gtest.h"
#include "tests/harness/harness_gtest.h"

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
  for (unsigned char *p : g_quarantine) std::free(p);
  g_quarantine.clear();
  return o;
}

void AddHooks(crlh_ctx *c) {
  crlh_add_symbol(c, "alloc_frame", (void *)&alloc_frame);
  crlh_add_symbol(c, "free_frame", (void *)&free_frame);
}

void OursOnly(const std::string &body, const std::string &want);

// Lowers `ir` with corolower and with LLVM, runs @main in both, and checks
// both traces against `want` and that every frame allocated is freed.
void Differential(const std::string &body, const std::string &want,
                  const crl_options *opts = nullptr) {
  std::string ir = body + kDecls;
  crlh::Module ours(ir), ref(ir);
  ASSERT_TRUE(ours.ok()) << ours.error();
  ASSERT_TRUE(crlh::Verifies(ours));
  AddHooks(ours);
  AddHooks(ref);
  ASSERT_TRUE(crlh::LowersOk(ours, opts));
  ASSERT_TRUE(crlh::Verifies(ours));
  ASSERT_TRUE(crlh::FullyLowered(ours));
  ASSERT_TRUE(crlh::LowersWithLlvm(ref));
  Outcome a = RunOne(ours), b = RunOne(ref);
  EXPECT_EQ(b.trace, want) << "LLVM's own lowering disagrees with the expectation";
  EXPECT_EQ(a.trace, want) << "corolower's output:\n" << ours.Print();
  EXPECT_EQ(a.allocs, b.allocs);
  EXPECT_EQ(a.frees, a.allocs) << "frames leaked or freed twice";
  EXPECT_EQ(b.frees, b.allocs);
}

// ---------------------------------------------------------------------------

TEST(Lowering, CounterLoop) {
  Differential(R"(
define ptr @counter(i64 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  br label %loop
loop:
  %v = phi i64 [ %n, %entry ], [ %next, %resume ]
  call void @trace(i64 %v)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %out [ i8 0, label %resume
                             i8 1, label %cleanup ]
resume:
  %next = add i64 %v, 1
  br label %loop
cleanup:
  call void @trace(i64 -1)
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @counter(i64 10)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.destroy(ptr %h)
  %h2 = call ptr @counter(i64 20)
  call void @llvm.coro.destroy(ptr %h2)
  ret void
}
)",
               "10 11 12 -1 20 -1");
}

// Inlining `handle.resume()` or `handle.destroy()` into a function with a
// landing pad turns the intrinsic call into an invoke; it must stay an
// invoke of the resume or destroy function, with both successors (the phi in
// the normal successor keeps its incoming block).
TEST(Lowering, InvokedResumeAndDestroy) {
  Differential(R"(
define ptr @counter(i64 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  br label %loop
loop:
  %v = phi i64 [ %n, %entry ], [ %next, %resume ]
  call void @trace(i64 %v)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %out [ i8 0, label %resume
                             i8 1, label %cleanup ]
resume:
  %next = add i64 %v, 1
  br label %loop
cleanup:
  call void @trace(i64 -1)
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
declare i32 @__gxx_personality_v0(...)
define void @main() personality ptr @__gxx_personality_v0 {
entry:
  %h = call ptr @counter(i64 10)
  invoke void @llvm.coro.resume(ptr %h) to label %resumed unwind label %lp
resumed:
  %k = phi i64 [ 7, %entry ]
  call void @trace(i64 %k)
  invoke void @llvm.coro.destroy(ptr %h) to label %done unwind label %lp
done:
  ret void
lp:
  %e = landingpad { ptr, i32 } cleanup
  call void @trace(i64 99)
  resume { ptr, i32 } %e
}
)",
               "10 11 7 -1");
}

// A parameter crossing more suspends than SSA repair takes is stored once
// after coro.begin and read back where it is used; code ahead of coro.begin
// (here a block of its own and a phi's incoming edge from it, shapes GVN
// leaves) has no frame yet and keeps the parameter itself.
TEST(Lowering, ValueUsedBeforeBeginAndAfterManySuspends) {
  Differential(R"(
define ptr @pre_use(i64 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  br label %pre
pre:
  call void @trace(i64 %n)
  br label %start
start:
  %first = phi i64 [ %n, %pre ]
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %out [ i8 0, label %r1
                              i8 1, label %cleanup ]
r1:
  call void @trace(i64 %first)
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %out [ i8 0, label %r2
                              i8 1, label %cleanup ]
r2:
  %a = add i64 %n, 1
  call void @trace(i64 %a)
  %s3 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s3, label %out [ i8 0, label %r3
                              i8 1, label %cleanup ]
r3:
  %b = add i64 %n, 2
  call void @trace(i64 %b)
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @pre_use(i64 40)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  ret void
}
)",
               "40 40 41 42");
}

// An unwind coro.end off any landing pad, followed by the ramp's return,
// reachable after a suspend: in the clones that return cannot run (the
// ramp's value has nowhere to go) and becomes unreachable, as LLVM makes
// it; the path is taken here only in the ramp.
TEST(Lowering, RampReturnAfterUnwindEndInClones) {
  Differential(R"(
define ptr @bail(i64 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  br label %loop
loop:
  %v = phi i64 [ %n, %entry ], [ %next, %resume ]
  %stop = icmp eq i64 %v, 100
  br i1 %stop, label %early, label %go
early:
  call void @trace(i64 -7)
  call void @llvm.coro.end(ptr %hdl, i1 true, token none)
  ret ptr %hdl
go:
  call void @trace(i64 %v)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %out [ i8 0, label %resume
                             i8 1, label %cleanup ]
resume:
  %next = add i64 %v, 1
  br label %loop
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @bail(i64 1)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.destroy(ptr %h)
  %e = call ptr @bail(i64 100)
  call void @free_frame(ptr %e)
  ret void
}
)",
               "1 2 -7");
}

// A promise alloca with a constant element count above one (LLVM lays it
// out whole): both elements live in the frame at the promise's offset.
TEST(Lowering, ArrayPromise) {
  Differential(R"(
define ptr @pair(i64 %n) presplitcoroutine {
entry:
  %promise = alloca i64, i32 2, align 8
  %id = call token @llvm.coro.id(i32 0, ptr %promise, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  store i64 %n, ptr %promise
  %second = getelementptr i64, ptr %promise, i64 1
  store i64 0, ptr %second
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %out [ i8 0, label %resume
                             i8 1, label %cleanup ]
resume:
  %a = load i64, ptr %promise
  %b = load i64, ptr %second
  %sum = add i64 %a, %b
  call void @trace(i64 %sum)
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @pair(i64 30)
  %p = call ptr @llvm.coro.promise(ptr %h, i32 8, i1 false)
  %p1 = getelementptr i64, ptr %p, i64 1
  store i64 12, ptr %p1
  %a = load i64, ptr %p
  call void @trace(i64 %a)
  call void @llvm.coro.resume(ptr %h)
  ret void
}
)",
               "30 42");
}

TEST(Lowering, PromiseDoneAndFinalSuspend) {
  Differential(R"(
define ptr @gen(i64 %start) presplitcoroutine {
entry:
  %promise = alloca i64, align 8
  %id = call token @llvm.coro.id(i32 8, ptr %promise, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  br label %loop
loop:
  %i = phi i64 [ %start, %entry ], [ %inc, %resume ]
  store i64 %i, ptr %promise
  %last = icmp eq i64 %i, 3
  br i1 %last, label %final, label %yield
yield:
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %out [ i8 0, label %resume
                             i8 1, label %cleanup ]
resume:
  %inc = add i64 %i, 1
  br label %loop
final:
  %fs = call i8 @llvm.coro.suspend(token none, i1 true)
  switch i8 %fs, label %out [ i8 0, label %trap
                              i8 1, label %cleanup ]
trap:
  unreachable
cleanup:
  call void @trace(i64 -1)
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
entry:
  %h = call ptr @gen(i64 1)
  ; From the promise back to the handle.
  %p0 = call ptr @llvm.coro.promise(ptr %h, i32 8, i1 false)
  %back = call ptr @llvm.coro.promise(ptr %p0, i32 8, i1 true)
  %same = icmp eq ptr %back, %h
  %same64 = zext i1 %same to i64
  call void @trace(i64 %same64)
  br label %loop
loop:
  %p = call ptr @llvm.coro.promise(ptr %h, i32 8, i1 false)
  %v = load i64, ptr %p
  call void @trace(i64 %v)
  %d = call i1 @llvm.coro.done(ptr %h)
  br i1 %d, label %done, label %more
more:
  call void @llvm.coro.resume(ptr %h)
  br label %loop
done:
  call void @trace(i64 100)
  call void @llvm.coro.destroy(ptr %h)
  ret void
}
)",
               "1 1 2 3 100 -1");
}

// Destroying at every suspend point runs the right cleanup and reloads the
// values the cleanup needs.
TEST(Lowering, DestroyAtEachSuspendPoint) {
  Differential(R"(
define ptr @steps(i64 %x) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %a = mul i64 %x, 10
  %s0 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s0, label %out [ i8 0, label %one
                              i8 1, label %cleanup0 ]
one:
  call void @trace(i64 %a)
  %b = add i64 %a, 1
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %out [ i8 0, label %two
                              i8 1, label %cleanup1 ]
two:
  call void @trace(i64 %b)
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %out [ i8 0, label %three
                              i8 1, label %cleanup ]
three:
  call void @trace(i64 %x)
  br label %cleanup
cleanup0:
  call void @trace(i64 -100)
  br label %cleanup
cleanup1:
  %neg = sub i64 0, %b
  call void @trace(i64 %neg)
  br label %cleanup
cleanup:
  call void @trace(i64 -1)
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %h0 = call ptr @steps(i64 1)
  call void @llvm.coro.destroy(ptr %h0)
  %h1 = call ptr @steps(i64 2)
  call void @llvm.coro.resume(ptr %h1)
  call void @llvm.coro.destroy(ptr %h1)
  %h2 = call ptr @steps(i64 3)
  call void @llvm.coro.resume(ptr %h2)
  call void @llvm.coro.resume(ptr %h2)
  call void @llvm.coro.destroy(ptr %h2)
  %h3 = call ptr @steps(i64 4)
  call void @llvm.coro.resume(ptr %h3)
  call void @llvm.coro.resume(ptr %h3)
  call void @llvm.coro.resume(ptr %h3)
  ret void
}
)",
               "-100 -1 20 -21 -1 30 31 -1 40 41 4 -1");
}

// An alloca whose address is taken and whose contents are needed after a
// suspend lives in the frame.
TEST(Lowering, AllocaAcrossSuspend) {
  Differential(R"(
declare void @fill(ptr, i64)
define internal void @fill_impl(ptr %p, i64 %n) {
  store i64 %n, ptr %p
  %q = getelementptr i64, ptr %p, i64 1
  %n2 = mul i64 %n, 2
  store i64 %n2, ptr %q
  ret void
}
define ptr @arr(i64 %n) presplitcoroutine {
entry:
  %buf = alloca [2 x i64], align 8
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  call void @fill_impl(ptr %buf, i64 %n)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %out [ i8 0, label %resume
                             i8 1, label %cleanup ]
resume:
  %e0 = load i64, ptr %buf
  %p1 = getelementptr i64, ptr %buf, i64 1
  %e1 = load i64, ptr %p1
  %sum = add i64 %e0, %e1
  call void @trace(i64 %sum)
  call void @fill_impl(ptr %buf, i64 7)
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %out [ i8 0, label %resume2
                              i8 1, label %cleanup ]
resume2:
  %f0 = load i64, ptr %buf
  call void @trace(i64 %f0)
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %a = call ptr @arr(i64 5)
  %b = call ptr @arr(i64 100)
  call void @llvm.coro.resume(ptr %a)
  call void @llvm.coro.resume(ptr %b)
  call void @llvm.coro.resume(ptr %a)
  call void @llvm.coro.destroy(ptr %b)
  ret void
}
)",
               "15 300 7");
}

// Swifterror allocas (what swiftc emits in any function calling a throwing
// one): @thrower sets the error for multiples of 3, to a value that also
// depends on the error it was called with. %err is written in the ramp and
// passed to calls after every suspend and in the destroy path (its value
// crosses suspends: no frame may hold the slot, only what it holds); %late
// is used only after the suspends (a clone needs a swifterror slot of its
// own, not a plain alloca).
TEST(Lowering, SwifterrorAllocasAcrossSuspends) {
  Differential(R"(
define swiftcc void @thrower(i64 %v, ptr swifterror %err) {
  %m = urem i64 %v, 3
  %t = icmp eq i64 %m, 0
  br i1 %t, label %throw, label %ok
throw:
  %old = load ptr, ptr %err
  %oi = ptrtoint ptr %old to i64
  %o2 = mul i64 %oi, 2
  %x = mul i64 %v, 16
  %y = add i64 %o2, %x
  %z = add i64 %y, 1
  %p = inttoptr i64 %z to ptr
  store ptr %p, ptr %err
  br label %ok
ok:
  ret void
}
define ptr @errs(i64 %n) presplitcoroutine {
entry:
  %err = alloca swifterror ptr, align 8
  %late = alloca swifterror ptr, align 8
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  store ptr null, ptr %err
  call swiftcc void @thrower(i64 %n, ptr swifterror %err)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %resume ]
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %out [ i8 0, label %resume
                             i8 1, label %cleanup ]
resume:
  call swiftcc void @thrower(i64 %i, ptr swifterror %err)
  %e = load ptr, ptr %err
  %ei = ptrtoint ptr %e to i64
  call void @trace(i64 %ei)
  store ptr null, ptr %late
  call swiftcc void @thrower(i64 %n, ptr swifterror %late)
  %l = load ptr, ptr %late
  %li = ptrtoint ptr %l to i64
  call void @trace(i64 %li)
  %i1 = add i64 %i, 1
  br label %loop
cleanup:
  call swiftcc void @thrower(i64 3, ptr swifterror %err)
  %c = load ptr, ptr %err
  %ci = ptrtoint ptr %c to i64
  call void @trace(i64 %ci)
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @errs(i64 6)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.destroy(ptr %h)
  ret void
}
)",
               // %err: 6 -> 97; i = 0: 195; 1, 2: 195; 3: 2*195 + 48 + 1;
               // destroyed: 2*439 + 48 + 1. %late: 97 each time.
               "195 97 195 97 195 97 439 97 927");
}

// Symmetric transfer between two coroutines, ending in the noop coroutine.
TEST(Lowering, SymmetricTransferChain) {
  Differential(R"(
define internal ptr @to_continuation(ptr %awaiter, ptr %frame) {
entry:
  %c = load ptr, ptr %awaiter
  %null = icmp eq ptr %c, null
  br i1 %null, label %noop, label %go
noop:
  %n = call ptr @llvm.coro.noop()
  ret ptr %n
go:
  ret ptr %c
}
define ptr @task(i64 %tag, ptr %cont) presplitcoroutine {
entry:
  %aw = alloca ptr, align 8
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  store ptr %cont, ptr %aw
  %s0 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s0, label %out [ i8 0, label %body
                              i8 1, label %cleanup ]
body:
  call void @trace(i64 %tag)
  %save = call token @llvm.coro.save(ptr null)
  call void @llvm.coro.await.suspend.handle(ptr %aw, ptr %hdl, ptr @to_continuation)
  %fs = call i8 @llvm.coro.suspend(token %save, i1 true)
  switch i8 %fs, label %out [ i8 0, label %trap
                              i8 1, label %cleanup ]
trap:
  unreachable
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %a = call ptr @task(i64 1, ptr null)
  %b = call ptr @task(i64 2, ptr %a)
  %c = call ptr @task(i64 3, ptr %b)
  call void @llvm.coro.resume(ptr %c)
  call void @trace(i64 99)
  %da = call i1 @llvm.coro.done(ptr %a)
  %db = call i1 @llvm.coro.done(ptr %b)
  %both = and i1 %da, %db
  %both64 = zext i1 %both to i64
  call void @trace(i64 %both64)
  call void @llvm.coro.destroy(ptr %a)
  call void @llvm.coro.destroy(ptr %b)
  call void @llvm.coro.destroy(ptr %c)
  ret void
}
)",
               "3 2 1 99 1");
}

// await_suspend returning bool: false resumes at once without suspending.
TEST(Lowering, AwaitSuspendBool) {
  Differential(R"(
define internal i1 @maybe(ptr %awaiter, ptr %frame) {
  %v = load i64, ptr %awaiter
  %odd = trunc i64 %v to i1
  ret i1 %odd
}
define ptr @co(i64 %n) presplitcoroutine {
entry:
  %aw = alloca i64, align 8
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  br label %loop
loop:
  %i = phi i64 [ %n, %entry ], [ %next, %after ]
  store i64 %i, ptr %aw
  %save = call token @llvm.coro.save(ptr null)
  %susp = call i1 @llvm.coro.await.suspend.bool(ptr %aw, ptr %hdl, ptr @maybe)
  br i1 %susp, label %do_suspend, label %after
do_suspend:
  %s = call i8 @llvm.coro.suspend(token %save, i1 false)
  switch i8 %s, label %out [ i8 0, label %after
                             i8 1, label %cleanup ]
after:
  call void @trace(i64 %i)
  %next = add i64 %i, 1
  %stop = icmp eq i64 %next, 6
  br i1 %stop, label %cleanup, label %loop
cleanup:
  call void @trace(i64 -1)
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  ; 0: no suspend, 1: suspends (main resumes), 2: no, 3: suspends, 4: no,
  ; 5: suspends ... then done at 6.
  %h = call ptr @co(i64 0)
  call void @trace(i64 100)
  call void @llvm.coro.resume(ptr %h)
  call void @trace(i64 101)
  call void @llvm.coro.resume(ptr %h)
  call void @trace(i64 102)
  call void @llvm.coro.resume(ptr %h)
  ret void
}
)",
               "0 100 1 2 101 3 4 102 5 -1");
}

// The entry point's own resume function (switch_resume_point.c) when the
// other point's await_suspend says "don't suspend" after its save: the
// ramp has stored that point's record (NAME.resume) and goes on to the
// entry point, which must store its own again. Odd x suspends at Q, even x
// takes the false edge to P; each is resumed or destroyed there.
TEST(Lowering, AwaitSuspendFalseThenEntryPoint) {
  std::string co = R"(
define internal i1 @odd(ptr %awaiter, ptr %frame) {
  %v = load i64, ptr %awaiter
  %odd = trunc i64 %v to i1
  ret i1 %odd
}
define ptr @co(i64 %x) presplitcoroutine {
entry:
  %aw = alloca i64, align 8
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  call void @trace(i64 %x)
  br label %await
p:
  %x20 = add i64 %x, 20
  call void @trace(i64 %x20)
  %sp = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %sp, label %ret [ i8 0, label %pres
                              i8 1, label %dp ]
pres:
  %x30 = add i64 %x, 30
  call void @trace(i64 %x30)
  br label %done
dp:
  call void @trace(i64 1000)
  br label %cleanup
await:
  store i64 %x, ptr %aw
  %save = call token @llvm.coro.save(ptr null)
  %go = call i1 @llvm.coro.await.suspend.bool(ptr %aw, ptr %hdl, ptr @odd)
  br i1 %go, label %q, label %p
q:
  %sq = call i8 @llvm.coro.suspend(token %save, i1 false)
  switch i8 %sq, label %ret [ i8 0, label %qres
                              i8 1, label %dq ]
qres:
  %x10 = add i64 %x, 10
  call void @trace(i64 %x10)
  br label %done
dq:
  call void @trace(i64 1001)
  br label %cleanup
done:
  %x500 = add i64 %x, 500
  call void @trace(i64 %x500)
  %sf = call i8 @llvm.coro.suspend(token none, i1 true)
  switch i8 %sf, label %ret [ i8 0, label %never
                              i8 1, label %df ]
never:
  unreachable
df:
  call void @trace(i64 2000)
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
)";
  Differential(co + R"(
define void @main() {
  %a = call ptr @co(i64 1)
  call void @llvm.coro.resume(ptr %a)
  call void @llvm.coro.destroy(ptr %a)
  %b = call ptr @co(i64 2)
  call void @llvm.coro.resume(ptr %b)
  call void @llvm.coro.destroy(ptr %b)
  %c = call ptr @co(i64 3)
  call void @llvm.coro.destroy(ptr %c)
  %d = call ptr @co(i64 4)
  call void @llvm.coro.destroy(ptr %d)
  ret void
}
)",
               "1 11 501 2000 2 22 32 502 2000 3 1001 4 24 1000");
  // And it was the entry point's own function that resumed it.
  crlh::Module ours(co + kDecls);
  ASSERT_TRUE(ours.ok()) << ours.error();
  ASSERT_TRUE(crlh::LowersOk(ours, nullptr));
  EXPECT_NE(ours.Print().find("define internal fastcc void @co.resume.0("), std::string::npos)
      << ours.Print();
}

TEST(Lowering, AwaitSuspendVoidAndIsInRamp) {
  Differential(R"(
define internal void @record(ptr %awaiter, ptr %frame) {
  %ramp = load i64, ptr %awaiter
  call void @trace(i64 %ramp)
  ret void
}
define ptr @co() presplitcoroutine {
entry:
  %aw = alloca i64, align 8
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k1, %body ]
  %r = call i1 @llvm.coro.is_in_ramp()
  %r64 = zext i1 %r to i64
  %tag = add i64 %r64, 10
  store i64 %tag, ptr %aw
  %save = call token @llvm.coro.save(ptr null)
  call void @llvm.coro.await.suspend.void(ptr %aw, ptr %hdl, ptr @record)
  %s = call i8 @llvm.coro.suspend(token %save, i1 false)
  switch i8 %s, label %out [ i8 0, label %body
                             i8 1, label %cleanup ]
body:
  %k1 = add i64 %k, 1
  call void @trace(i64 %k1)
  br label %loop
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @co()
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.destroy(ptr %h)
  ret void
}
)",
               "11 1 10 2 10");
}

// The suspend's result feeds an icmp rather than a switch.
TEST(Lowering, SuspendResultThroughCompare) {
  Differential(R"(
define ptr @co(i64 %x) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  %suspended = icmp slt i8 %s, 0
  br i1 %suspended, label %out, label %check
check:
  %resumed = icmp eq i8 %s, 0
  br i1 %resumed, label %res, label %cleanup
res:
  call void @trace(i64 %x)
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %a = call ptr @co(i64 5)
  %b = call ptr @co(i64 6)
  call void @llvm.coro.resume(ptr %a)
  call void @llvm.coro.destroy(ptr %b)
  ret void
}
)",
               "5");
}

// Many values live across different suspends (slots may be shared): each
// must still read back its own value.
TEST(Lowering, ManyValuesAcrossDifferentSuspends) {
  Differential(R"(
define ptr @co(i64 %x) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %a = add i64 %x, 1
  %b = add i64 %x, 2
  %s0 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s0, label %out [ i8 0, label %r0
                              i8 1, label %cleanup ]
r0:
  %ab = add i64 %a, %b
  call void @trace(i64 %ab)
  %c = mul i64 %x, 100
  %d = mul i64 %x, 1000
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %out [ i8 0, label %r1
                              i8 1, label %cleanup ]
r1:
  call void @trace(i64 %c)
  call void @trace(i64 %d)
  %e = sub i64 0, %x
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %out [ i8 0, label %r2
                              i8 1, label %cleanup ]
r2:
  call void @trace(i64 %e)
  call void @trace(i64 %x)
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @co(i64 7)
  %g = call ptr @co(i64 9)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %g)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %g)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %g)
  ret void
}
)",
               "17 21 700 7000 900 9000 -7 7 -9 9");
}

// coro.alloc: the frame is allocated only when coro.alloc says so; the ramp
// of a non-elided coroutine always allocates, and coro.free gives the memory
// back in destroy.
TEST(Lowering, CoroAllocGuardsAllocation) {
  Differential(R"(
define ptr @co() presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %need = call i1 @llvm.coro.alloc(token %id)
  br i1 %need, label %alloc, label %begin
alloc:
  %size = call i64 @llvm.coro.size.i64()
  %m = call ptr @alloc_frame(i64 %size)
  br label %begin
begin:
  %mem = phi ptr [ null, %entry ], [ %m, %alloc ]
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %need64 = zext i1 %need to i64
  call void @trace(i64 %need64)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %out [ i8 0, label %cleanup
                             i8 1, label %cleanup ]
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  %isnull = icmp eq ptr %f, null
  %isnull64 = zext i1 %isnull to i64
  call void @trace(i64 %isnull64)
  call void @free_frame(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @co()
  call void @llvm.coro.destroy(ptr %h)
  ret void
}
)",
               "1 0");
}

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

// ---------------------------------------------------------------------------
// Regressions for library bugs found by these tests. The crash case is a
// death test, so a crash fails one test instead of the whole suite.

const char kNoSuspend[] = R"(
define ptr @straight(i64 %x) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
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

// Same program: behaves like LLVM (the frame is allocated and freed).
TEST(Lowering, CoroutineWithoutSuspendRuns) {
  Differential(kNoSuspend, "42");
}

// A suspend in an unreachable block was once rejected as "not dominated by
// llvm.coro.begin"; LLVM drops unreachable blocks first, and so do we.
TEST(Lowering, UnreachableSuspendIsIgnored) {
  Differential(R"(
define ptr @co(i64 %x) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
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
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @co(i64 8)
  call void @llvm.coro.resume(ptr %h)
  ret void
}
)",
               "8");
}

// A save whose only suspend can never run: with the suspend dropped as
// dead code the coroutine has no suspend point left, and the save goes
// too, as LLVM drops an unused save.
TEST(Lowering, SaveOfUnreachableSuspendIsDropped) {
  Differential(R"(
define ptr @co(i64 %x) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
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
               "5");
}

// A suspend's result used again past a second suspend (here traced after
// it): the result crosses that suspend and is kept in the frame like any
// value, where it used to be an internal error.
TEST(Lowering, SuspendResultUsedAfterAnotherSuspend) {
  Differential(R"(
define ptr @late(i64 %x) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
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
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
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
               "1 6 1");
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
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %out [ i8 0, label %r1
                              i8 1, label %cleanup ]
r1:
  call void @trace(i64 %n)
  switch i8 %s2, label %out [ i8 0, label %cleanup
                              i8 1, label %cleanup ]
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
)") + kDecls);
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_TRUE(crlh::LowersOk(m));
  ASSERT_TRUE(crlh::Verifies(m));
  ASSERT_TRUE(crlh::FullyLowered(m));
}

// With coro.alloc and no suspend point, LLVM puts the frame on the stack:
// coro.alloc is false, so the allocator is never called, and coro.free is
// null, so nothing is freed. The trace shows alloc/free calls (-1 each).
TEST(Lowering, CoroutineWithoutSuspendGetsStackFrame) {
  Differential(R"(
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
               "0 42");
}

// Recomputed values: %wide (sext of %n) and %sum (%n + %k) are rebuilt after
// each suspend from %n and %k, which the frame keeps; %obj is returned by
// the ramp after coro.end only. Driven through both suspends, and destroyed
// at the second one in a second run.
const char kRemat[] = R"(
define ptr @co(i32 %n, i32 %k) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
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
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %obj
}
)";

TEST(Lowering, RecomputedValuesAfterEachSuspend) {
  Differential(std::string(kRemat) + R"(
define void @main() {
  %h = call ptr @co(i32 -3, i32 5)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  ret void
}
)",
               "-3 2 5 -30 99");
}

TEST(Lowering, RecomputedValuesDestroyedMidway) {
  Differential(std::string(kRemat) + R"(
define void @main() {
  %h = call ptr @co(i32 7, i32 1)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.destroy(ptr %h)
  ret void
}
)",
               "7 99");
}

// Two arrays in consecutive scopes share frame storage (their lifetimes
// never meet); each keeps its contents across its own suspend point, and
// destroying at either suspend runs that scope's cleanup.
const char kScoped[] = R"(
define ptr @co(i64 %n) presplitcoroutine {
entry:
  %a = alloca [32 x i64], align 16
  %b = alloca [32 x i64], align 16
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
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
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)
)";

TEST(Lowering, ScopedArraysShareStorageAndKeepContents) {
  Differential(std::string(kScoped) + R"(
define void @main() {
  %h = call ptr @co(i64 5)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  ret void
}
)",
               "5 31 15");
}

TEST(Lowering, ScopedArraysDestroyedInEitherScope) {
  Differential(std::string(kScoped) + R"(
define void @main() {
  %h = call ptr @co(i64 2)
  call void @llvm.coro.destroy(ptr %h)
  %g = call ptr @co(i64 4)
  call void @llvm.coro.resume(ptr %g)
  call void @llvm.coro.destroy(ptr %g)
  ret void
}
)",
               "-1 4 31 -2");
}

// SSA repair: %v crosses a suspend on each arm of a diamond; after the join
// the two reloads meet in a phi. Both arms, driven to the end.
const char kDiamond[] = R"(
define ptr @co(i64 %n, i1 %c) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
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
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
declare i64 @llvm.abs.i64(i64, i1)
)";

TEST(Lowering, SsaRepairMergesReloadsOfBothArms) {
  Differential(std::string(kDiamond) + R"(
define void @main() {
  %h = call ptr @co(i64 -3, i1 true)
  call void @llvm.coro.resume(ptr %h)
  %g = call ptr @co(i64 5, i1 false)
  call void @llvm.coro.resume(ptr %g)
  ret void
}
)",
               "1 21 2 35");
}

// ---------------------------------------------------------------------------
// One JIT-run differential test per remaining construct of the switched ABI.

// coro.noop: a handle whose resume and destroy do nothing; coro.done on it
// is false.
TEST(Lowering, NoopCoroutine) {
  Differential(R"(
define void @main() {
  %n = call ptr @llvm.coro.noop()
  call void @trace(i64 1)
  call void @llvm.coro.resume(ptr %n)
  call void @llvm.coro.destroy(ptr %n)
  %d = call i1 @llvm.coro.done(ptr %n)
  %d64 = zext i1 %d to i64
  call void @trace(i64 %d64)
  ret void
}
)",
               "1 0");
}

// coro.promise in both directions: the caller writes the promise, and gets
// the handle back from the promise's address to resume the coroutine.
TEST(Lowering, PromiseBothDirections) {
  Differential(R"(
define ptr @co() presplitcoroutine {
entry:
  %p = alloca i64, align 8
  %id = call token @llvm.coro.id(i32 0, ptr %p, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  store i64 5, ptr %p
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %r
                             i8 1, label %cleanup ]
r:
  %v = load i64, ptr %p
  call void @trace(i64 %v)
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @co()
  %pp = call ptr @llvm.coro.promise(ptr %h, i32 8, i1 false)
  %old = load i64, ptr %pp
  call void @trace(i64 %old)
  store i64 77, ptr %pp
  %back = call ptr @llvm.coro.promise(ptr %pp, i32 8, i1 true)
  call void @llvm.coro.resume(ptr %back)
  ret void
}
)",
               "5 77");
}

// A coro.save apart from its suspend, with a null handle, and a code path
// in between that runs before the coroutine really suspends; coro.end with
// a null handle too.
TEST(Lowering, SeparateSaveAndNullHandles) {
  Differential(R"(
define ptr @co(i64 %x) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %tok = call token @llvm.coro.save(ptr null)
  call void @trace(i64 %x)
  %s = call i8 @llvm.coro.suspend(token %tok, i1 false)
  switch i8 %s, label %ret [ i8 0, label %r
                             i8 1, label %cleanup ]
r:
  %y = add i64 %x, 1
  call void @trace(i64 %y)
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr null, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @co(i64 3)
  call void @llvm.coro.resume(ptr %h)
  ret void
}
)",
               "3 4");
}

// An alloca written before coro.begin, read after a suspend: the value is
// copied into the frame after coro.begin.
TEST(Lowering, AllocaWrittenBeforeBegin) {
  Differential(R"(
define ptr @co(i64 %x) presplitcoroutine {
entry:
  %a = alloca i64, align 8
  store i64 %x, ptr %a
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %r
                             i8 1, label %cleanup ]
r:
  %v = load i64, ptr %a
  call void @trace(i64 %v)
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @co(i64 41)
  call void @llvm.coro.resume(ptr %h)
  ret void
}
)",
               "41");
}

// A byval parameter used after a suspend lives in the frame.
TEST(Lowering, ByvalParameterAcrossSuspend) {
  Differential(R"(
%pair = type { i64, i64 }
define ptr @co(ptr byval(%pair) align 8 %p) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %r
                             i8 1, label %cleanup ]
r:
  %b = getelementptr %pair, ptr %p, i64 0, i32 1
  %v = load i64, ptr %b
  call void @trace(i64 %v)
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %arg = alloca %pair, align 8
  %b = getelementptr %pair, ptr %arg, i64 0, i32 1
  store i64 9, ptr %b
  %h = call ptr @co(ptr byval(%pair) align 8 %arg)
  store i64 10, ptr %b
  call void @llvm.coro.resume(ptr %h)
  ret void
}
)",
               "9");
}

// Chains recomputed after suspends (issue 14): %t = %i * 31 + 7 and
// %q = (%i * 13 + 5) srem 7 from the loop counter, %u = sext(%k) * 3 from
// an i32 used nowhere else, each used after one or two suspends, in a loop,
// and on the destroy path.
TEST(Lowering, RecomputedChainsInALoop) {
  Differential(R"(
define ptr @co(i32 %k) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  br label %loop
loop:
  %i = phi i64 [ 1, %entry ], [ %i1, %again ]
  %m = mul i64 %i, 31
  %t = add i64 %m, 7
  %w = sext i32 %k to i64
  %u = mul i64 %w, 3
  %m2 = mul i64 %i, 13
  %a2 = add i64 %m2, 5
  %q = srem i64 %a2, 7
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %ret [ i8 0, label %r1
                              i8 1, label %gone ]
r1:
  call void @trace(i64 %t)
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %ret [ i8 0, label %r2
                              i8 1, label %gone ]
r2:
  call void @trace(i64 %u)
  call void @trace(i64 %q)
  br label %again
again:
  %i1 = add i64 %i, 1
  %done = icmp eq i64 %i1, 3
  br i1 %done, label %cleanup, label %loop
gone:
  %sum = add i64 %t, %q
  call void @trace(i64 %sum)
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @co(i32 -4)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  %h2 = call ptr @co(i32 2)
  call void @llvm.coro.resume(ptr %h2)
  call void @llvm.coro.destroy(ptr %h2)
  ret void
}
)",
               "38 -12 4 69 -12 3 38 42");
}

// Valid input LLVM 22 lowers (issue 13 section 2) ---------------------------

// A suspend whose result nobody reads: control goes on after it on the
// ramp's path and in the resume and destroy clones alike; here
// llvm.coro.is_in_ramp decides whether to return, and the code after it
// runs whether the coroutine was resumed or destroyed (the destroy at the
// second suspend still takes the switch's cleanup case).
TEST(Lowering, SuspendResultUnused) {
  Differential(R"(
define ptr @co(i64 %x) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %y = mul i64 %x, 3
  %s0 = call i8 @llvm.coro.suspend(token none, i1 false)
  %ramp = call i1 @llvm.coro.is_in_ramp()
  br i1 %ramp, label %ret, label %after
after:
  call void @trace(i64 %y)
  %y1 = add i64 %y, 1
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %ret [ i8 0, label %again
                              i8 1, label %cleanup ]
again:
  call void @trace(i64 %y1)
  br label %cleanup
cleanup:
  call void @trace(i64 -1)
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @co(i64 5)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  %h2 = call ptr @co(i64 7)
  call void @llvm.coro.destroy(ptr %h2)
  call void @llvm.coro.destroy(ptr %h2)
  ret void
}
)",
               "15 16 -1 21 -1");
}

// coro.id's promise operand is a zero-index GEP of the promise alloca (a
// no-op view, which LLVM's getPromise strips like a cast): the promise
// still sits at its fixed offset, where llvm.coro.promise finds it.
TEST(Lowering, PromiseThroughZeroIndexGep) {
  Differential(R"(
%P = type { i64, i64 }
define ptr @co(i64 %x) presplitcoroutine {
entry:
  %promise = alloca %P, align 8
  %view = getelementptr inbounds %P, ptr %promise, i64 0, i32 0
  %id = call token @llvm.coro.id(i32 0, ptr %view, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  store i64 %x, ptr %promise
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %r
                             i8 1, label %cleanup ]
r:
  %v = load i64, ptr %view
  %v1 = add i64 %v, 1
  %second = getelementptr inbounds %P, ptr %promise, i64 0, i32 1
  store i64 %v1, ptr %second
  %s2 = call i8 @llvm.coro.suspend(token none, i1 true)
  switch i8 %s2, label %ret [ i8 0, label %cleanup
                              i8 1, label %cleanup ]
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @co(i64 40)
  %p = call ptr @llvm.coro.promise(ptr %h, i32 8, i1 false)
  %a = load i64, ptr %p
  call void @trace(i64 %a)
  call void @llvm.coro.resume(ptr %h)
  %b.addr = getelementptr inbounds %P, ptr %p, i64 0, i32 1
  %b = load i64, ptr %b.addr
  call void @trace(i64 %b)
  call void @llvm.coro.destroy(ptr %h)
  ret void
}
)",
               "40 41");
}

// Leftover coro.id, coro.alloc, coro.begin and coro.free in an ordinary
// function, without a clone array (a coroutine's prologue copied into
// plain code): nothing splits that function, and they are lowered as
// LLVM's CoroCleanup lowers them: allocated, the frame is the memory
// coro.begin was given, coro.free gives it back.
TEST(Lowering, LeftoverIdBeginAllocFreeInOrdinaryFunction) {
  Differential(R"(
define i64 @plain(i64 %x) {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %need = call i1 @llvm.coro.alloc(token %id)
  br i1 %need, label %alloc, label %begin
alloc:
  %m = call ptr @alloc_frame(i64 16)
  br label %begin
begin:
  %mem = phi ptr [ null, %entry ], [ %m, %alloc ]
  %h = call ptr @llvm.coro.begin(token %id, ptr %mem)
  store i64 %x, ptr %h
  %v = load i64, ptr %h
  %f = call ptr @llvm.coro.free(token %id, ptr %h)
  call void @free_frame(ptr %f)
  ret i64 %v
}
define void @main() {
  %v = call i64 @plain(i64 12)
  call void @trace(i64 %v)
  ret void
}
)",
               "12");
}

// Allocas in address space 1 live across a suspend: the frame is in
// address space 0, so their uses (a GEP, a phi merging two of them, a call
// taking the pointer, loads and stores) get the frame address cast to
// their address space, in the ramp and again in each clone.
TEST(Lowering, AllocasInAnotherAddressSpace) {
  Differential(R"(
define i64 @get(ptr addrspace(1) %p) noinline {
  %v = load i64, ptr addrspace(1) %p
  ret i64 %v
}
define ptr @f(i64 %x, i1 %c) presplitcoroutine {
entry:
  %a = alloca [2 x i64], addrspace(1)
  %b = alloca i64, addrspace(1)
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %a1 = getelementptr [2 x i64], ptr addrspace(1) %a, i64 0, i64 1
  store i64 %x, ptr addrspace(1) %a1
  %x2 = add i64 %x, 100
  store i64 %x2, ptr addrspace(1) %b
  br i1 %c, label %l, label %r0
l:
  br label %join
r0:
  br label %join
join:
  %p = phi ptr addrspace(1) [ %a1, %l ], [ %b, %r0 ]
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %r
                             i8 1, label %cleanup ]
r:
  %v = call i64 @get(ptr addrspace(1) %p)
  call void @trace(i64 %v)
  %w = load i64, ptr addrspace(1) %b
  call void @trace(i64 %w)
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @f(i64 5, i1 true)
  call void @llvm.coro.resume(ptr %h)
  %h2 = call ptr @f(i64 6, i1 false)
  call void @llvm.coro.resume(ptr %h2)
  ret void
}
)",
               "5 105 106 106");
}

// What instrumented code with counters promoted into registers looks like
// (a C++ coroutine through -fprofile-instr-generate with counter promotion
// in loops with suspends, reduced): an invoke whose normal destination is
// a loop header with phis, its result live across three suspends, and a
// phi of that header live across them too. Both are stored right after
// their definition (memory mode); the invoke's result needs a block on its
// normal edge, and making one rebuilds the header's phis. Done during the
// rewrite, that left the plan holding the old phi, whose uses then kept
// it ("Instruction does not dominate all uses").
TEST(Lowering, InvokeIntoLoopHeaderWithPhisAcrossSuspends) {
  Differential(R"(
define i64 @value(i64 %x) noinline {
  %y = mul i64 %x, 7
  ret i64 %y
}
define ptr @co(i64 %n) presplitcoroutine personality ptr null {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %v = invoke i64 @value(i64 %n) to label %loop unwind label %lpad
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  unreachable
loop:
  %first = phi i1 [ true, %entry ], [ false, %latch ]
  %i = phi i64 [ 0, %entry ], [ %i1, %latch ]
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %ret [ i8 0, label %body
                              i8 1, label %cleanup ]
body:
  call void @trace(i64 %v)
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %ret [ i8 0, label %b2
                              i8 1, label %cleanup ]
b2:
  %s3 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s3, label %ret [ i8 0, label %b3
                              i8 1, label %cleanup ]
b3:
  %i1 = add i64 %i, 1
  %done = icmp eq i64 %i1, 2
  br i1 %done, label %exit, label %latch
latch:
  br label %loop
exit:
  %f = zext i1 %first to i64
  call void @trace(i64 %f)
  br label %cleanup
cleanup:
  %fr = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %fr)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @co(i64 3)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  ret void
}
)",
               "21 21 0");
}

// llvm.coro.await.suspend.* with no suspend point after it (what an
// optimizer leaves when it proves the suspend unreachable, typically with
// the await itself in code that cannot run): lowered as LLVM lowers it, a
// call of the wrapper, and for a handle a resume of the handle returned.
// Here the awaits do run: the handle one resumes another coroutine.
// (LLVM 22 prints the same trace but frees one frame fewer than it
// allocates: corolower only.)
TEST(Lowering, AwaitSuspendWithoutSuspendPoint) {
  OursOnly(R"(
define ptr @other() presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %r
                             i8 1, label %cleanup ]
r:
  call void @trace(i64 77)
  %s2 = call i8 @llvm.coro.suspend(token none, i1 true)
  switch i8 %s2, label %ret [ i8 0, label %cleanup
                              i8 1, label %cleanup ]
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define internal void @note(ptr %awaiter, ptr %frame) {
  %v = load i64, ptr %awaiter
  call void @trace(i64 %v)
  ret void
}
define internal ptr @pick(ptr %awaiter, ptr %frame) {
  %h = load ptr, ptr %awaiter
  ret ptr %h
}
define ptr @co(ptr %next) presplitcoroutine {
entry:
  %aw = alloca i64
  %hw = alloca ptr
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %r
                             i8 1, label %cleanup ]
r:
  call void @trace(i64 6)
  store i64 5, ptr %aw
  call void @llvm.coro.await.suspend.void(ptr %aw, ptr %hdl, ptr @note)
  store ptr %next, ptr %hw
  call void @llvm.coro.await.suspend.handle(ptr %hw, ptr %hdl, ptr @pick)
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %o = call ptr @other()
  %h = call ptr @co(ptr %o)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.destroy(ptr %o)
  ret void
}
)",
               "6 5 77");
}

// An address-space-1 alloca used only after the suspend stays on the
// stack: the resume clone gets a fresh one (in the alloca address space,
// cast back to address space 1 for its uses), and a cast of it to address
// space 0 stays a cast between different address spaces (the fuzzer's IR
// generator: "AddrSpaceCast must be between different address spaces").
TEST(Lowering, StackAllocaInAnotherAddressSpaceInAClone) {
  Differential(R"(
define ptr @f(i64 %x) presplitcoroutine {
entry:
  %t = alloca i64, addrspace(1)
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %r
                             i8 1, label %cleanup ]
r:
  store i64 %x, ptr addrspace(1) %t
  %flat = addrspacecast ptr addrspace(1) %t to ptr
  %v = load i64, ptr %flat
  call void @trace(i64 %v)
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @f(i64 9)
  call void @llvm.coro.resume(ptr %h)
  ret void
}
)",
               "9");
}

// presplitcoroutine on a function without any coroutine intrinsic: there
// is nothing to lower, and LLVM leaves it as it is, attribute included;
// so does corolower, without an error, and it still runs.
TEST(Lowering, PresplitWithoutCoroIdLeftAsItIs) {
  crlh::Module m(std::string(R"(
define i64 @plain(i64 %x) presplitcoroutine {
  %y = mul i64 %x, 3
  call void @trace(i64 %y)
  ret i64 %y
}
define void @main() {
  %v = call i64 @plain(i64 4)
  ret void
}
)") + kDecls);
  ASSERT_TRUE(m.ok()) << m.error();
  std::string before = m.PrintFn("plain");
  ASSERT_TRUE(crlh::LowersOk(m));
  ASSERT_TRUE(crlh::Verifies(m));
  EXPECT_EQ(m.PrintFn("plain"), before);
  EXPECT_NE(before.find("presplitcoroutine"), std::string::npos);
  EXPECT_EQ(crlh::RunTrace(m, "main"), "12");
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
}

// The issue-13 byval reader: the frame holds a copy of the argument's bytes,
// made in the ramp, and every use after coro.begin (loads after each
// suspend, stores between them) goes to that copy. Two instances are
// started from a helper whose frame dies, and the stack is clobbered
// between resumes: a frame holding only the pointer reads garbage.
// (LLVM 22 copies the bytes but sizes its frame as if the index could sit
// in %A's tail padding while its frame type puts it after %A: it writes 8
// bytes past its 40-byte allocation, so it is no oracle here.)
TEST(Lowering, ByvalCopySurvivesTheCallersStack) {
  OursOnly(R"(
%A = type { i64, i64, i32 }
define ptr @reader(ptr byval(%A) align 8 %a) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  br label %loop
loop:
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %r
                             i8 1, label %cleanup ]
r:
  %zp = getelementptr inbounds %A, ptr %a, i32 0, i32 2
  %x = load i64, ptr %a
  %z = load i32, ptr %zp
  call void @trace(i64 %x)
  %zz = sext i32 %z to i64
  call void @trace(i64 %zz)
  %x1 = add i64 %x, 1
  store i64 %x1, ptr %a
  %z1 = add i32 %z, 1
  store i32 %z1, ptr %zp
  br label %loop
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define ptr @start(i64 %x, i32 %z) noinline {
  %a = alloca %A, align 8
  store i64 %x, ptr %a
  %y = getelementptr inbounds %A, ptr %a, i32 0, i32 1
  store i64 0, ptr %y
  %zp = getelementptr inbounds %A, ptr %a, i32 0, i32 2
  store i32 %z, ptr %zp
  %h = call ptr @reader(ptr byval(%A) align 8 %a)
  ret ptr %h
}
define void @clobber() noinline {
  %buf = alloca [512 x i8], align 16
  call void @llvm.memset.p0.i64(ptr %buf, i8 90, i64 512, i1 true)
  ret void
}
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
define void @main() {
  %h1 = call ptr @start(i64 41, i32 7)
  %h2 = call ptr @start(i64 100, i32 200)
  call void @clobber()
  call void @llvm.coro.resume(ptr %h1)
  call void @llvm.coro.resume(ptr %h2)
  call void @clobber()
  call void @llvm.coro.resume(ptr %h1)
  call void @llvm.coro.resume(ptr %h2)
  call void @llvm.coro.destroy(ptr %h1)
  call void @llvm.coro.destroy(ptr %h2)
  ret void
}
)",
               "41 7 100 200 42 8 101 201");
}

// The same with the field's address computed in the ramp, before the
// suspend: it must point into the frame's copy too. (LLVM 22 keeps this
// address pointing at the caller's dead argument.)
TEST(Lowering, ByvalAddressTakenBeforeTheSuspend) {
  OursOnly(R"(
%A = type { i64, i64, i32 }
define ptr @reader(ptr byval(%A) align 8 %a) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %zp = getelementptr inbounds %A, ptr %a, i32 0, i32 2
  br label %loop
loop:
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %r
                             i8 1, label %cleanup ]
r:
  %x = load i64, ptr %a
  %z = load i32, ptr %zp
  call void @trace(i64 %x)
  %zz = sext i32 %z to i64
  call void @trace(i64 %zz)
  %x1 = add i64 %x, 1
  store i64 %x1, ptr %a
  %z1 = add i32 %z, 1
  store i32 %z1, ptr %zp
  br label %loop
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define ptr @start(i64 %x, i32 %z) noinline {
  %a = alloca %A, align 8
  store i64 %x, ptr %a
  %y = getelementptr inbounds %A, ptr %a, i32 0, i32 1
  store i64 0, ptr %y
  %zp = getelementptr inbounds %A, ptr %a, i32 0, i32 2
  store i32 %z, ptr %zp
  %h = call ptr @reader(ptr byval(%A) align 8 %a)
  ret ptr %h
}
define void @clobber() noinline {
  %buf = alloca [512 x i8], align 16
  call void @llvm.memset.p0.i64(ptr %buf, i8 90, i64 512, i1 true)
  ret void
}
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
define void @main() {
  %h1 = call ptr @start(i64 41, i32 7)
  %h2 = call ptr @start(i64 100, i32 200)
  call void @clobber()
  call void @llvm.coro.resume(ptr %h1)
  call void @llvm.coro.resume(ptr %h2)
  call void @clobber()
  call void @llvm.coro.resume(ptr %h1)
  call void @llvm.coro.resume(ptr %h2)
  call void @llvm.coro.destroy(ptr %h1)
  call void @llvm.coro.destroy(ptr %h2)
  ret void
}
)",
               "41 7 100 200 42 8 101 201");
}

// The issue-13 escaped counter: its address is published right after
// coro.begin, before any lifetime.start; each round starts its life, writes
// it, lets @poke add one through the published pointer, reads it and ends
// its life before suspending. LLVM gives an alloca one address across
// lifetime restarts, so the alloca lives in the frame: with a fresh alloca
// in the clones, @poke would write the ramp's dead stack.
TEST(Lowering, EscapedAllocaKeepsOneAddressAcrossRestarts) {
  Differential(R"(
@published = global ptr null
define void @publish(ptr %p) noinline {
  store ptr %p, ptr @published
  ret void
}
define void @poke() noinline {
  %p = load ptr, ptr @published
  %v = load i64, ptr %p
  %v1 = add i64 %v, 1
  store i64 %v1, ptr %p
  ret void
}
define void @clobber() noinline {
  %buf = alloca [512 x i8], align 16
  call void @llvm.memset.p0.i64(ptr %buf, i8 90, i64 512, i1 true)
  ret void
}
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)
define ptr @f() presplitcoroutine {
entry:
  %counter = alloca i64
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  call void @publish(ptr %counter)
  br label %loop
loop:
  call void @llvm.lifetime.start.p0(ptr %counter)
  store i64 100, ptr %counter
  call void @poke()
  %v = load i64, ptr %counter
  call void @trace(i64 %v)
  call void @llvm.lifetime.end.p0(ptr %counter)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %loop
                             i8 1, label %cleanup ]
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
; Resumes from deeper in the stack than the ramp ran, so that a fresh
; alloca in the clone cannot land where the ramp's was.
define void @deep_resume(ptr %h) noinline {
  %pad = alloca [256 x i8], align 16
  store volatile i8 1, ptr %pad
  call void @llvm.coro.resume(ptr %h)
  ret void
}
define void @main() {
  %h = call ptr @f()
  call void @clobber()
  call void @deep_resume(ptr %h)
  call void @clobber()
  call void @deep_resume(ptr %h)
  call void @llvm.coro.destroy(ptr %h)
  ret void
}
)",
               "101 101 101");
}


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

TEST(Lowering, SplitCalleeInlinedIntoPresplitCaller) {
  OursOnly(std::string(kSplitOnce) + R"(
define ptr @outer(i64 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
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
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %suspend
suspend:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
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
               "1 5 -2 2 -3 1 2 9 -2");
}

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

// An alloca aligned above what the frame allocator guarantees (coro.id says
// 16) keeps its alignment after a suspend (the trace is its address modulo
// 64) and its contents. LLVM's lowering assumes the frame memory has the
// frame's alignment and here yields a misaligned address (e.g. 32), so this
// is checked on corolower alone.
TEST(Lowering, OverAlignedAllocaAcrossSuspend) {
  // The frame allocator returns addresses that are 16 modulo 64 on purpose,
  // so an unaligned slot cannot pass by luck.
  OursOnly(OddAllocator(64) + R"(
define ptr @co(i64 %x) presplitcoroutine {
entry:
  %a = alloca i64, align 64
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_odd(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
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
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_odd(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
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
           "0 6");
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
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
)" + defs + R"(
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %r
                             i8 1, label %cleanup ]
r:
  %s0 = add i64 0, 0
)" + uses + "  call void @trace(i64 %s" + std::to_string(kValues) + R"()
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @co()
  call void @llvm.coro.resume(ptr %h)
  ret void
}
)",
               std::to_string(want));
}

// Several over-aligned allocas share one realigned region: each keeps its
// alignment and its contents across suspends, also where their storage
// could overlap if the region's offsets were ignored (the trace prints each
// address modulo its alignment, then the values).
TEST(Lowering, OverAlignedAllocasShareOneRealignedRegion) {
  // Frames at 16 modulo 128: the worst case for a 128-aligned slot.
  OursOnly(OddAllocator(128) + R"(
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
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_odd(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
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
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_odd(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
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
           "0 10 0 11 0 12 0 12 0 10 0 20 0 21 0 22");
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
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_at(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
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
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_at(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
)";
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
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
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
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
)";
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
const char kNarrow[] = R"(
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
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
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
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
)";

TEST(Lowering, NarrowSlotsGiveBackWholeValues) {
  Differential(std::string(kNarrow) + R"(
define void @main() {
  %h = call ptr @narrow(i1 true, i1 true)
  call void @llvm.coro.resume(ptr %h)
  %g = call ptr @narrow(i1 false, i1 false)
  call void @llvm.coro.resume(ptr %g)
  ret void
}
)",
               "-5 65535 -100 1099511627776 0 7 -1 3");
  crlh::Module ours(std::string(kNarrow) + kDecls);
  ASSERT_TRUE(ours.ok()) << ours.error();
  ASSERT_TRUE(crlh::LowersOk(ours));
  crl_result *res = crlh_last_result(ours);
  ASSERT_EQ(crl_result_num_frames(res), 1u);
  EXPECT_EQ(crl_result_frame(res, 0)->size, 32u) << crl_result_report_text(res);
}

// An element address of a local array in the frame, picked by an index
// computed from an argument (&arr[x & 15]), used after two suspends: the
// address is recomputed from the argument and the array's field (which
// every split function rebuilds) instead of kept, as LLVM 22 does. Stores
// through it after the first suspend are seen through the array after the
// second. Both lowerings agree on the trace, also when destroyed at the
// first suspend; the frame is 88 bytes (96 with the address kept).
const char kElem[] = R"(
define ptr @elem(i32 %x) presplitcoroutine {
entry:
  %arr = alloca [16 x i32], align 16
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
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
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
)";

TEST(Lowering, ElementAddressOfFrameArrayIsRecomputed) {
  Differential(std::string(kElem) + R"(
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
               "25 26 75 57");
  crlh::Module ours(std::string(kElem) + kDecls);
  ASSERT_TRUE(ours.ok()) << ours.error();
  ASSERT_TRUE(crlh::LowersOk(ours));
  crl_result *res = crlh_last_result(ours);
  ASSERT_EQ(crl_result_num_frames(res), 1u);
  EXPECT_EQ(crl_result_frame(res, 0)->size, 88u) << crl_result_report_text(res);
  std::string text = crl_result_report_text(res);
  EXPECT_EQ(text.find("ptr %p"), std::string::npos) << text;
}

// The same for an element of a byval argument, whose bytes the frame
// copies in the ramp: the address is rebuilt from the copy's field after
// the suspend, never from the caller's argument memory (dead by then: the
// driver clobbers it before resuming).
const char kByvalElem[] = R"(
%A = type { [8 x i32] }
define ptr @belem(ptr byval(%A) align 8 %a, i32 %x) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
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
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
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

TEST(Lowering, ElementAddressOfByvalCopyIsRecomputed) {
  Differential(std::string(kByvalElem) + R"(
define void @main() {
  %h = call ptr @start(i32 3)
  %g = call ptr @start(i32 13)
  call void @clobber()
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %g)
  ret void
}
)",
               "33 55");
  crlh::Module ours(std::string(kByvalElem) + kDecls);
  ASSERT_TRUE(ours.ok()) << ours.error();
  ASSERT_TRUE(crlh::LowersOk(ours));
  crl_result *res = crlh_last_result(ours);
  ASSERT_EQ(crl_result_num_frames(res), 1u);
  std::string text = crl_result_report_text(res);
  EXPECT_EQ(text.find("ptr %p"), std::string::npos) << text;
}

// A value defined before a loop and used only in the loop's header, with
// the suspend later in the body: it is live across the suspend only around
// the back edge (the crossing analysis may skip values whose definitions
// and uses hold no suspend between them only where no loop is in the way).
// Both lowerings agree on the trace, run to the end and destroyed inside
// the loop.
const char kHeaderUse[] = R"(
define ptr @hdr(i64 %n, i64 %k) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
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
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define i64 @opaque(i64 %v) noinline {
  %r = mul i64 %v, 1000
  ret i64 %r
}
)";

TEST(Lowering, ValueUsedOnlyInLoopHeaderCrossesSuspendInBody) {
  Differential(std::string(kHeaderUse) + R"(
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
               "2989 2988 2991 1007 1006");
}

// A field truncated out of an i64 argument (%lo) is met before the value
// whose recomputation keeps the whole argument in the frame (%w = %p + 5,
// an i64 needed across both suspends); the planner's second sweep then
// recomputes %lo from the argument too instead of giving it a slot of its
// own. Both lowerings agree on the trace; the frame is 32 bytes (40 with
// %lo kept).
const char kLateOperand[] = R"(
define ptr @late(i64 %p, i32 %other) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
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
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
)";

TEST(Lowering, OperandKeptByLaterDecisionServesEarlierValue) {
  Differential(std::string(kLateOperand) + R"(
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
               "7 -4294967284 -4294967284 9 12 17");
  crlh::Module ours(std::string(kLateOperand) + kDecls);
  ASSERT_TRUE(ours.ok()) << ours.error();
  ASSERT_TRUE(crlh::LowersOk(ours));
  crl_result *res = crlh_last_result(ours);
  ASSERT_EQ(crl_result_num_frames(res), 1u);
  EXPECT_EQ(crl_result_frame(res, 0)->size, 32u) << crl_result_report_text(res);
  std::string text = crl_result_report_text(res);
  EXPECT_EQ(text.find("i32 %lo"), std::string::npos) << text;
}

// Five i32 and i64 values cut out of two i64 arguments (%a's halves, %b's
// low half and high bits) and a sum of them, all needed after suspends.
// Decided one value at a time, keeping each costs less than bringing an
// argument into the frame for it, so the chained plan keeps all of them
// (48 bytes); LLVM keeps %a and %b and recomputes everything (40). The
// forced plan, laid out beside the others, finds LLVM's frame.
const char kSharedRoots[] = R"(
define ptr @roots(i32 %k, i64 %a, i64 %b) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
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
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
)";

TEST(Lowering, ValuesSharingArgumentRootsAreRecomputedTogether) {
  Differential(std::string(kSharedRoots) + R"(
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
               "23795 34359738381 23812 23789 -4294967283");
  crlh::Module ours(std::string(kSharedRoots) + kDecls);
  ASSERT_TRUE(ours.ok()) << ours.error();
  ASSERT_TRUE(crlh::LowersOk(ours));
  crl_result *res = crlh_last_result(ours);
  ASSERT_EQ(crl_result_num_frames(res), 1u);
  EXPECT_EQ(crl_result_frame(res, 0)->size, 40u) << crl_result_report_text(res);
}

}  // namespace

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
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
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
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
)";
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
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
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
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
)";
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

// ---------------------------------------------------------------------------
// The frame after the coroutine was handed away. Between coro.save and the
// return, the handle may be in another thread's hands (an executor, an
// await_suspend that resumes it inline): the coroutine may run to its end
// and free its frame before the function that suspended it returns. No
// split function may read the frame on that path; free_frame poisons
// freed frames, so a read there shows in the trace.

// MLIR's async.execute: the ramp hands the handle to an executor between
// save and suspend, then returns a value it had before (a token).
TEST(Lowering, RampReturnsItsValueAfterTheHandleRanToCompletion) {
  Differential(R"(
define internal void @execute(ptr %h) {
  call void @llvm.coro.resume(ptr %h)
  ret void
}
define i64 @co(i64 %tok) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %save = call token @llvm.coro.save(ptr %hdl)
  call void @execute(ptr %hdl)
  %s = call i8 @llvm.coro.suspend(token %save, i1 false)
  switch i8 %s, label %suspend [ i8 0, label %resume
                                 i8 1, label %cleanup ]
resume:
  %t1 = add i64 %tok, 1
  call void @trace(i64 %t1)
  br label %cleanup
cleanup:
  %m = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %m)
  br label %suspend
suspend:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret i64 %tok
}
define void @main() {
  %r = call i64 @co(i64 7)
  call void @trace(i64 %r)
  %q = call i64 @co(i64 40)
  call void @trace(i64 %q)
  ret void
}
)",
               "8 7 41 40");
}

// The same in a resume function: an await_suspend resumes the coroutine
// inline, it runs to its end (no final suspend: the frame is freed), and
// the outer resume function goes on along the suspended path, which uses
// %x before coro.end. LLVM 22 reloads %x there from the freed frame (it
// reloads in every block a suspend reaches), so it is no oracle here.
TEST(Lowering, SuspendedPathOfAResumeFunctionKeepsItsValues) {
  OursOnly(R"(
define internal void @resume_now(ptr %awaiter, ptr %frame) {
  call void @llvm.coro.resume(ptr %frame)
  ret void
}
define ptr @co(i64 %x) presplitcoroutine {
entry:
  %aw = alloca i64, align 8
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %s0 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s0, label %out [ i8 0, label %first
                              i8 1, label %cleanup ]
first:
  %save = call token @llvm.coro.save(ptr null)
  call void @llvm.coro.await.suspend.void(ptr %aw, ptr %hdl, ptr @resume_now)
  %s1 = call i8 @llvm.coro.suspend(token %save, i1 false)
  switch i8 %s1, label %out [ i8 0, label %second
                              i8 1, label %cleanup ]
second:
  %y = add i64 %x, 5
  call void @trace(i64 %y)
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %out
out:
  call void @trace(i64 %x)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @co(i64 1)
  call void @llvm.coro.resume(ptr %h)
  ret void
}
)",
               "1 6 1 1");
}

// C++'s bool await_suspend that resumes the coroutine itself and then
// says "suspended", in a loop of awaits, with values (%x, the counter)
// kept across every suspend and a symmetric transfer's worth of nesting:
// each await_suspend runs the rest of the coroutine to its end before
// returning true.
TEST(Lowering, BoolAwaitSuspendThatResumedInlineInALoop) {
  Differential(R"(
define internal i1 @resume_then_true(ptr %awaiter, ptr %frame) {
  call void @llvm.coro.resume(ptr %frame)
  ret i1 true
}
define ptr @co(i64 %x) presplitcoroutine {
entry:
  %aw = alloca i64, align 8
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %s0 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s0, label %out [ i8 0, label %loop
                              i8 1, label %cleanup ]
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %body ]
  %save = call token @llvm.coro.save(ptr null)
  %go = call i1 @llvm.coro.await.suspend.bool(ptr %aw, ptr %hdl, ptr @resume_then_true)
  br i1 %go, label %susp, label %body
susp:
  %s = call i8 @llvm.coro.suspend(token %save, i1 false)
  switch i8 %s, label %out [ i8 0, label %body
                             i8 1, label %cleanup ]
body:
  %i1 = add i64 %i, 1
  %v = mul i64 %x, %i1
  call void @trace(i64 %v)
  %more = icmp ult i64 %i1, 3
  br i1 %more, label %loop, label %done
done:
  %z = add i64 %x, 1000
  call void @trace(i64 %z)
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @co(i64 10)
  call void @llvm.coro.resume(ptr %h)
  call void @trace(i64 -1)
  ret void
}
)",
               "10 20 30 1010 -1");
}

// As above with a value kept across more suspends than SSA repair takes
// (kept in memory: stored once, loaded where used): its use after coro.end,
// in the ramp alone, is the ramp's own value, not a load.
TEST(Lowering, RampReturnsAValueKeptInMemoryAfterTheHandoff) {
  Differential(R"(
define internal void @execute3(ptr %h) {
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  ret void
}
define i64 @co(i64 %tok) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %save = call token @llvm.coro.save(ptr %hdl)
  call void @execute3(ptr %hdl)
  %s = call i8 @llvm.coro.suspend(token %save, i1 false)
  switch i8 %s, label %suspend [ i8 0, label %r1
                                 i8 1, label %cleanup ]
r1:
  %t1 = add i64 %tok, 1
  call void @trace(i64 %t1)
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %suspend [ i8 0, label %r2
                                  i8 1, label %cleanup ]
r2:
  %t2 = add i64 %tok, 2
  call void @trace(i64 %t2)
  %s3 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s3, label %suspend [ i8 0, label %r3
                                  i8 1, label %cleanup ]
r3:
  %t3 = add i64 %tok, 3
  call void @trace(i64 %t3)
  br label %cleanup
cleanup:
  %m = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %m)
  br label %suspend
suspend:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret i64 %tok
}
define void @main() {
  %r = call i64 @co(i64 10)
  call void @trace(i64 %r)
  ret void
}
)",
               "11 12 13 10");
}

// A value used in resumed code and after the ramp's coro.end, but not
// across the final suspend (nothing after it needs it): the use after
// coro.end is the ramp's own, which takes the value it defined. The
// destroy function, entered at the final suspend, must not be handed a
// value of the resumed path for it (a reload made at an earlier suspend,
// which does not dominate the final suspend's entry there).
TEST(Lowering, RampOnlyUseOfAValueNotKeptAcrossTheFinalSuspend) {
  Differential(R"(
define internal i64 @twice(i64 %a) noinline {
  %r = mul i64 %a, 2
  ret i64 %r
}
define ptr @co(i64 %a) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %v = call i64 @twice(i64 %a)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %body
                             i8 1, label %cleanup ]
body:
  call void @trace(i64 %v)
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %ret [ i8 0, label %body2
                              i8 1, label %cleanup ]
body2:
  %w = add i64 %v, 1
  call void @trace(i64 %w)
  br label %fin
fin:
  %fs = call i8 @llvm.coro.suspend(token none, i1 true)
  switch i8 %fs, label %ret [ i8 0, label %trap
                              i8 1, label %cleanup ]
trap:
  unreachable
cleanup:
  %m = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %m)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  %t = add i64 %v, 100
  call void @trace(i64 %t)
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @co(i64 5)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.destroy(ptr %h)
  %h2 = call ptr @co(i64 7)
  call void @llvm.coro.resume(ptr %h2)
  call void @llvm.coro.destroy(ptr %h2)
  ret void
}
)",
               "110 10 11 114 14");
}

// The same class where an await_suspend's false edge goes from the ramp
// straight to the final suspend: the value reaching the final suspend is
// a phi of the ramp's value and the resumed path's, which the destroy
// function, entered there, does not contain.
TEST(Lowering, RampOnlyUseAfterAnAwaitThatSkipsToTheFinalSuspend) {
  Differential(R"(
define internal i64 @twice(i64 %a) noinline {
  %r = mul i64 %a, 2
  ret i64 %r
}
define internal i1 @go_if_awaiter(ptr %awaiter, ptr %frame) {
  %go = icmp ne ptr %awaiter, null
  ret i1 %go
}
define ptr @co(i64 %a, ptr %aw) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %v = call i64 @twice(i64 %a)
  %sv = call token @llvm.coro.save(ptr %hdl)
  %go = call i1 @llvm.coro.await.suspend.bool(ptr %aw, ptr %hdl, ptr @go_if_awaiter)
  br i1 %go, label %susp, label %fin
susp:
  %s = call i8 @llvm.coro.suspend(token %sv, i1 false)
  switch i8 %s, label %ret [ i8 0, label %body
                             i8 1, label %cleanup ]
body:
  call void @trace(i64 %v)
  br label %fin
fin:
  %fs = call i8 @llvm.coro.suspend(token none, i1 true)
  switch i8 %fs, label %ret [ i8 0, label %trap
                              i8 1, label %cleanup ]
trap:
  unreachable
cleanup:
  %m = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %m)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  %t = add i64 %v, 100
  call void @trace(i64 %t)
  ret ptr %hdl
}
define void @main() {
  %x = alloca i64, align 8
  %h = call ptr @co(i64 5, ptr null)
  call void @llvm.coro.destroy(ptr %h)
  %h2 = call ptr @co(i64 7, ptr %x)
  call void @llvm.coro.resume(ptr %h2)
  call void @llvm.coro.destroy(ptr %h2)
  ret void
}
)",
               "110 114 14");
}

// The same class through an edge: code after the ramp's coro.end branches
// back into a block the resumed path also reaches (and that reaches no
// suspend), so the value merged there comes, on that edge, from the ramp
// alone. The destroy function, entered at the final suspend (which the
// value does not cross), must not get a merge of it.
TEST(Lowering, EdgeOutOfTheRampsEndCarriesTheRampsValue) {
  Differential(R"(
define internal i64 @twice(i64 %a) noinline {
  %r = mul i64 %a, 2
  ret i64 %r
}
define ptr @co(i64 %a, i1 %c) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %v = call i64 @twice(i64 %a)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %body
                             i8 1, label %cleanup ]
body:
  br i1 %c, label %again, label %fin
again:
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %ret [ i8 0, label %body2
                              i8 1, label %cleanup ]
body2:
  br label %x
x:
  %p = phi i1 [ false, %body2 ], [ true, %ret ]
  call void @trace(i64 %v)
  br i1 %p, label %out, label %cleanup
fin:
  %fs = call i8 @llvm.coro.suspend(token none, i1 true)
  switch i8 %fs, label %ret [ i8 0, label %trap
                              i8 1, label %cleanup ]
trap:
  unreachable
cleanup:
  %m = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %m)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  br label %x
out:
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @co(i64 5, i1 true)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  %h2 = call ptr @co(i64 7, i1 false)
  call void @llvm.coro.resume(ptr %h2)
  call void @llvm.coro.destroy(ptr %h2)
  ret void
}
)",
               "10 10 14");
}

// As above with a value kept in memory (more than two crossings) and the
// handle handed to an executor that runs the coroutine to its end: the
// block after the ramp's coro.end loads nothing on the ramp's edge (the
// frame is freed and poisoned by then). LLVM 22 reloads there from the
// freed frame, so it is no oracle.
TEST(Lowering, EdgeOutOfTheRampsEndLoadsNothingInMemoryMode) {
  OursOnly(R"(
define internal i64 @twice(i64 %a) noinline {
  %r = mul i64 %a, 2
  ret i64 %r
}
define internal void @execute3(ptr %h) {
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  ret void
}
define ptr @co(i64 %a) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %v = call i64 @twice(i64 %a)
  %save = call token @llvm.coro.save(ptr %hdl)
  call void @execute3(ptr %hdl)
  %s = call i8 @llvm.coro.suspend(token %save, i1 false)
  switch i8 %s, label %ret [ i8 0, label %body
                             i8 1, label %cleanup ]
body:
  call void @trace(i64 %v)
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %ret [ i8 0, label %body1
                              i8 1, label %cleanup ]
body1:
  %w = add i64 %v, 1
  call void @trace(i64 %w)
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %ret [ i8 0, label %body2
                              i8 1, label %cleanup ]
body2:
  br label %x
x:
  %p = phi i1 [ false, %body2 ], [ true, %ret ]
  %t = add i64 %v, 100
  call void @trace(i64 %t)
  br i1 %p, label %out, label %cleanup
cleanup:
  %m = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %m)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  br label %x
out:
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @co(i64 5)
  ret void
}
)",
               "10 11 110 110");
}

// A value kept across more suspends than SSA repair takes by default
// (kept in memory: every block using it loads it) and used where the
// frame may be gone: on a resume function's suspended path after an
// await_suspend ran the coroutine to its end, and after coro.free. It is
// kept with SSA repair instead, so those uses get the function's own
// value. LLVM 22 reloads there from the freed frame: no oracle.
TEST(Lowering, ValueAcrossManySuspendsUsedWhereTheFrameMayBeGone) {
  OursOnly(R"(
define internal void @resume_twice(ptr %awaiter, ptr %frame) {
  call void @llvm.coro.resume(ptr %frame)
  call void @llvm.coro.resume(ptr %frame)
  ret void
}
define ptr @co(i64 %x) presplitcoroutine {
entry:
  %aw = alloca i64, align 8
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %s0 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s0, label %out [ i8 0, label %first
                              i8 1, label %cleanup ]
first:
  %save = call token @llvm.coro.save(ptr null)
  call void @llvm.coro.await.suspend.void(ptr %aw, ptr %hdl, ptr @resume_twice)
  %s1 = call i8 @llvm.coro.suspend(token %save, i1 false)
  switch i8 %s1, label %out [ i8 0, label %second
                              i8 1, label %cleanup ]
second:
  %y = add i64 %x, 5
  call void @trace(i64 %y)
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %out [ i8 0, label %third
                              i8 1, label %cleanup ]
third:
  %z = add i64 %x, 6
  call void @trace(i64 %z)
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %out
out:
  call void @trace(i64 %x)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
define void @main() {
  %h = call ptr @co(i64 1)
  call void @llvm.coro.resume(ptr %h)
  ret void
}
)",
               "1 6 1 7 1 1");
}
