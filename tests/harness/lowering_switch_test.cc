// The switched-resume ABI's basic constructs, differential against LLVM:
// suspends and their results, destroy at each point, promises, await
// suspend forms, symmetric transfer, allocas and values across suspends.
#include "tests/harness/ir_fragments.h"
#include "tests/harness/lowering_fixture.h"

namespace {

using namespace lowering;

// ---------------------------------------------------------------------------

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
)" + Begin() + R"(
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
)" + FreeAndEnd();
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

// Runs of @main: the trace both lowerings must give (or corolower's
// alone, kNone), and every frame freed once.
const TraceCase kCases[] = {
    {"CounterLoop", crlh::Counter() + R"(
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
     "10 11 12 -1 20 -1"},
    // Inlining `handle.resume()` or `handle.destroy()` into a function with a
    // landing pad turns the intrinsic call into an invoke; it must stay an
    // invoke of the resume or destroy function, with both successors (the phi in
    // the normal successor keeps its incoming block).
    {"InvokedResumeAndDestroy", crlh::Counter() + R"(
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
     "10 11 7 -1"},
    // A parameter crossing more suspends than SSA repair takes is stored once
    // after coro.begin and read back where it is used; code ahead of coro.begin
    // (here a block of its own and a phi's incoming edge from it, shapes GVN
    // leaves) has no frame yet and keeps the parameter itself.
    {"ValueUsedBeforeBeginAndAfterManySuspends", R"(
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
)" + FreeAndEnd("out") + R"(
define void @main() {
  %h = call ptr @pre_use(i64 40)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  ret void
}
)",
     "40 40 41 42"},
    // An unwind coro.end off any landing pad, followed by the ramp's return,
    // reachable after a suspend: in the clones that return cannot run (the
    // ramp's value has nowhere to go) and becomes unreachable, as LLVM makes
    // it; the path is taken here only in the ramp.
    {"RampReturnAfterUnwindEndInClones", R"(
define ptr @bail(i64 %n) presplitcoroutine {
entry:
)" + Begin() + R"(
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
)" + FreeAndEnd("out") + R"(
define void @main() {
  %h = call ptr @bail(i64 1)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.destroy(ptr %h)
  %e = call ptr @bail(i64 100)
  call void @free_frame(ptr %e)
  ret void
}
)",
     "1 2 -7"},
    // A promise alloca with a constant element count above one (LLVM lays it
    // out whole): both elements live in the frame at the promise's offset.
    {"ArrayPromise", R"(
define ptr @pair(i64 %n) presplitcoroutine {
entry:
  %promise = alloca i64, i32 2, align 8
)" + Begin(0, "%promise") + R"(
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
)" + FreeAndEnd("out") + R"(
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
     "30 42"},
    {"PromiseDoneAndFinalSuspend", R"(
define ptr @gen(i64 %start) presplitcoroutine {
entry:
  %promise = alloca i64, align 8
)" + Begin(8, "%promise") + R"(
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
)" + FreeAndEnd("out") + R"(
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
     "1 1 2 3 100 -1"},
    // Destroying at every suspend point runs the right cleanup and reloads the
    // values the cleanup needs.
    {"DestroyAtEachSuspendPoint", R"(
define ptr @steps(i64 %x) presplitcoroutine {
entry:
)" + Begin() + R"(
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
)" + FreeAndEnd("out") + R"(
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
     "-100 -1 20 -21 -1 30 31 -1 40 41 4 -1"},
    // An alloca whose address is taken and whose contents are needed after a
    // suspend lives in the frame.
    {"AllocaAcrossSuspend", R"(
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
)" + Begin() + R"(
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
)" + FreeAndEnd("out") + R"(
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
     "15 300 7"},
    // Swifterror allocas (what swiftc emits in any function calling a throwing
    // one): @thrower sets the error for multiples of 3, to a value that also
    // depends on the error it was called with. %err is written in the ramp and
    // passed to calls after every suspend and in the destroy path (its value
    // crosses suspends: no frame may hold the slot, only what it holds); %late
    // is used only after the suspends (a clone needs a swifterror slot of its
    // own, not a plain alloca).
    // %err: 6 -> 97; i = 0: 195; 1, 2: 195; 3: 2*195 + 48 + 1;
    // destroyed: 2*439 + 48 + 1. %late: 97 each time.
    {"SwifterrorAllocasAcrossSuspends", std::string(crlh::kThrower) + R"(
define ptr @errs(i64 %n) presplitcoroutine {
entry:
  %err = alloca swifterror ptr, align 8
  %late = alloca swifterror ptr, align 8
)" + Begin() + R"(
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
)" + FreeAndEnd("out") + R"(
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
     "195 97 195 97 195 97 439 97 927"},
    // Symmetric transfer between two coroutines, ending in the noop coroutine.
    {"SymmetricTransferChain", R"(
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
)" + Begin() + R"(
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
)" + FreeAndEnd("out") + R"(
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
     "3 2 1 99 1"},
    // await_suspend returning bool: false resumes at once without suspending.
    {"AwaitSuspendBool", R"(
define internal i1 @maybe(ptr %awaiter, ptr %frame) {
  %v = load i64, ptr %awaiter
  %odd = trunc i64 %v to i1
  ret i1 %odd
}
define ptr @co(i64 %n) presplitcoroutine {
entry:
  %aw = alloca i64, align 8
)" + Begin() + R"(
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
)" + FreeAndEnd("out") + R"(
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
     "0 100 1 2 101 3 4 102 5 -1"},
    {"AwaitSuspendVoidAndIsInRamp", R"(
define internal void @record(ptr %awaiter, ptr %frame) {
  %ramp = load i64, ptr %awaiter
  call void @trace(i64 %ramp)
  ret void
}
define ptr @co() presplitcoroutine {
entry:
  %aw = alloca i64, align 8
)" + Begin() + R"(
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
)" + FreeAndEnd("out") + R"(
define void @main() {
  %h = call ptr @co()
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.destroy(ptr %h)
  ret void
}
)",
     "11 1 10 2 10"},
    // The suspend's result feeds an icmp rather than a switch.
    {"SuspendResultThroughCompare", R"(
define ptr @co(i64 %x) presplitcoroutine {
entry:
)" + Begin() + R"(
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
)" + FreeAndEnd("out") + R"(
define void @main() {
  %a = call ptr @co(i64 5)
  %b = call ptr @co(i64 6)
  call void @llvm.coro.resume(ptr %a)
  call void @llvm.coro.destroy(ptr %b)
  ret void
}
)",
     "5"},
    // Many values live across different suspends (slots may be shared): each
    // must still read back its own value.
    {"ManyValuesAcrossDifferentSuspends", R"(
define ptr @co(i64 %x) presplitcoroutine {
entry:
)" + Begin() + R"(
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
)" + FreeAndEnd("out") + R"(
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
     "17 21 700 7000 900 9000 -7 7 -9 9"},
    // coro.alloc: the frame is allocated only when coro.alloc says so; the ramp
    // of a non-elided coroutine always allocates, and coro.free gives the memory
    // back in destroy.
    {"CoroAllocGuardsAllocation", R"(
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
     "1 0"},
};

INSTANTIATE_TEST_SUITE_P(Switch, LoweringTrace, ::testing::ValuesIn(kCases), CaseName);

}  // namespace
