// One JIT-run differential case per remaining construct of the switched
// ABI (and corolower-only cases where LLVM's lowering is no oracle).
#include "tests/harness/lowering_fixture.h"

namespace {

using namespace lowering;

// ---------------------------------------------------------------------------
// One JIT-run differential test per remaining construct of the switched ABI.

// Valid input LLVM 22 lowers (issue 13 section 2) ---------------------------

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

// @clobber(): fills 512 bytes of stack, so that a frame or an argument left
// there reads as garbage.
const std::string kClobber = R"(
define void @clobber() noinline {
  %buf = alloca [512 x i8], align 16
  call void @llvm.memset.p0.i64(ptr %buf, i8 90, i64 512, i1 true)
  ret void
}
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
)";

// @reader(a): an %A passed byval, whose fields 0 and 2 it traces and
// bumps at each resume (until destroyed); the address of field 2 taken in
// the ramp, before the suspend (`address_in_ramp`), or after it.
std::string ByvalReader(bool address_in_ramp) {
  const char *zp = "  %zp = getelementptr inbounds %A, ptr %a, i32 0, i32 2\n";
  return R"(
%A = type { i64, i64, i32 }
define ptr @reader(ptr byval(%A) align 8 %a) presplitcoroutine {
entry:
)" + Begin() + (address_in_ramp ? zp : "") + R"(  br label %loop
loop:
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %r
                             i8 1, label %cleanup ]
r:
)" + (address_in_ramp ? "" : zp) + R"(  %x = load i64, ptr %a
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
)" + FreeAndEnd();
}

// Two @reader instances started from a helper whose frame dies, resumed
// twice each with the stack clobbered in between, then destroyed.
const std::string kByvalDriver = R"(
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
)" + kClobber + R"(
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
)";

// Runs of @main: the trace both lowerings must give (or corolower's
// alone, kNone), and every frame freed once.
const TraceCase kCases[] = {
    // coro.noop: a handle whose resume and destroy do nothing; coro.done on it
    // is false.
    {"NoopCoroutine", R"(
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
     "1 0"},
    // coro.promise in both directions: the caller writes the promise, and gets
    // the handle back from the promise's address to resume the coroutine.
    {"PromiseBothDirections", R"(
define ptr @co() presplitcoroutine {
entry:
  %p = alloca i64, align 8
)" + Begin(0, "%p") + R"(
  store i64 5, ptr %p
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %r
                             i8 1, label %cleanup ]
r:
  %v = load i64, ptr %p
  call void @trace(i64 %v)
  br label %cleanup
cleanup:
)" + FreeAndEnd() + R"(
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
     "5 77"},
    // A coro.save apart from its suspend, with a null handle, and a code path
    // in between that runs before the coroutine really suspends; coro.end with
    // a null handle too.
    {"SeparateSaveAndNullHandles", R"(
define ptr @co(i64 %x) presplitcoroutine {
entry:
)" + Begin() + R"(
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
     "3 4"},
    // An alloca written before coro.begin, read after a suspend: the value is
    // copied into the frame after coro.begin.
    {"AllocaWrittenBeforeBegin", R"(
define ptr @co(i64 %x) presplitcoroutine {
entry:
  %a = alloca i64, align 8
  store i64 %x, ptr %a
)" + Begin() + R"(
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %r
                             i8 1, label %cleanup ]
r:
  %v = load i64, ptr %a
  call void @trace(i64 %v)
  br label %cleanup
cleanup:
)" + FreeAndEnd() + R"(
define void @main() {
  %h = call ptr @co(i64 41)
  call void @llvm.coro.resume(ptr %h)
  ret void
}
)",
     "41"},
    // A byval parameter used after a suspend lives in the frame.
    {"ByvalParameterAcrossSuspend", R"(
%pair = type { i64, i64 }
define ptr @co(ptr byval(%pair) align 8 %p) presplitcoroutine {
entry:
)" + Begin() + R"(
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %r
                             i8 1, label %cleanup ]
r:
  %b = getelementptr %pair, ptr %p, i64 0, i32 1
  %v = load i64, ptr %b
  call void @trace(i64 %v)
  br label %cleanup
cleanup:
)" + FreeAndEnd() + R"(
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
     "9"},
    // Chains recomputed after suspends (issue 14): %t = %i * 31 + 7 and
    // %q = (%i * 13 + 5) srem 7 from the loop counter, %u = sext(%k) * 3 from
    // an i32 used nowhere else, each used after one or two suspends, in a loop,
    // and on the destroy path.
    {"RecomputedChainsInALoop", R"(
define ptr @co(i32 %k) presplitcoroutine {
entry:
)" + Begin() + R"(
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
)" + FreeAndEnd() + R"(
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
     "38 -12 4 69 -12 3 38 42"},
    // A suspend whose result nobody reads: control goes on after it on the
    // ramp's path and in the resume and destroy clones alike; here
    // llvm.coro.is_in_ramp decides whether to return, and the code after it
    // runs whether the coroutine was resumed or destroyed (the destroy at the
    // second suspend still takes the switch's cleanup case).
    {"SuspendResultUnused", R"(
define ptr @co(i64 %x) presplitcoroutine {
entry:
)" + Begin() + R"(
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
)" + FreeAndEnd() + R"(
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
     "15 16 -1 21 -1"},
    // coro.id's promise operand is a zero-index GEP of the promise alloca (a
    // no-op view, which LLVM's getPromise strips like a cast): the promise
    // still sits at its fixed offset, where llvm.coro.promise finds it.
    {"PromiseThroughZeroIndexGep", R"(
%P = type { i64, i64 }
define ptr @co(i64 %x) presplitcoroutine {
entry:
  %promise = alloca %P, align 8
  %view = getelementptr inbounds %P, ptr %promise, i64 0, i32 0
)" + Begin(0, "%view") + R"(
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
)" + FreeAndEnd() + R"(
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
     "40 41"},
    // Leftover coro.id, coro.alloc, coro.begin and coro.free in an ordinary
    // function, without a clone array (a coroutine's prologue copied into
    // plain code): nothing splits that function, and they are lowered as
    // LLVM's CoroCleanup lowers them: allocated, the frame is the memory
    // coro.begin was given, coro.free gives it back.
    {"LeftoverIdBeginAllocFreeInOrdinaryFunction", R"(
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
     "12"},
    // Allocas in address space 1 live across a suspend: the frame is in
    // address space 0, so their uses (a GEP, a phi merging two of them, a call
    // taking the pointer, loads and stores) get the frame address cast to
    // their address space, in the ramp and again in each clone.
    {"AllocasInAnotherAddressSpace", R"(
define i64 @get(ptr addrspace(1) %p) noinline {
  %v = load i64, ptr addrspace(1) %p
  ret i64 %v
}
define ptr @f(i64 %x, i1 %c) presplitcoroutine {
entry:
  %a = alloca [2 x i64], addrspace(1)
  %b = alloca i64, addrspace(1)
)" + Begin() + R"(
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
)" + FreeAndEnd() + R"(
define void @main() {
  %h = call ptr @f(i64 5, i1 true)
  call void @llvm.coro.resume(ptr %h)
  %h2 = call ptr @f(i64 6, i1 false)
  call void @llvm.coro.resume(ptr %h2)
  ret void
}
)",
     "5 105 106 106"},
    // What instrumented code with counters promoted into registers looks like
    // (a C++ coroutine through -fprofile-instr-generate with counter promotion
    // in loops with suspends, reduced): an invoke whose normal destination is
    // a loop header with phis, its result live across three suspends, and a
    // phi of that header live across them too. Both are stored right after
    // their definition (memory mode); the invoke's result needs a block on its
    // normal edge, and making one rebuilds the header's phis. Done during the
    // rewrite, that left the plan holding the old phi, whose uses then kept
    // it ("Instruction does not dominate all uses").
    {"InvokeIntoLoopHeaderWithPhisAcrossSuspends", R"(
define i64 @value(i64 %x) noinline {
  %y = mul i64 %x, 7
  ret i64 %y
}
define ptr @co(i64 %n) presplitcoroutine personality ptr null {
entry:
)" + Begin() + R"(
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
     "21 21 0"},
    // llvm.coro.await.suspend.* with no suspend point after it (what an
    // optimizer leaves when it proves the suspend unreachable, typically with
    // the await itself in code that cannot run): lowered as LLVM lowers it, a
    // call of the wrapper, and for a handle a resume of the handle returned.
    // Here the awaits do run: the handle one resumes another coroutine.
    // (LLVM 22 prints the same trace but frees one frame fewer than it
    // allocates: corolower only.)
    {"AwaitSuspendWithoutSuspendPoint", R"(
define ptr @other() presplitcoroutine {
entry:
)" + Begin() + R"(
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %r
                             i8 1, label %cleanup ]
r:
  call void @trace(i64 77)
  %s2 = call i8 @llvm.coro.suspend(token none, i1 true)
  switch i8 %s2, label %ret [ i8 0, label %cleanup
                              i8 1, label %cleanup ]
cleanup:
)" + FreeAndEnd() + R"(
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
)" + Begin() + R"(
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
)" + FreeAndEnd() + R"(
define void @main() {
  %o = call ptr @other()
  %h = call ptr @co(ptr %o)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.destroy(ptr %o)
  ret void
}
)",
     "6 5 77", kNone},
    // An address-space-1 alloca used only after the suspend stays on the
    // stack: the resume clone gets a fresh one (in the alloca address space,
    // cast back to address space 1 for its uses), and a cast of it to address
    // space 0 stays a cast between different address spaces (the fuzzer's IR
    // generator: "AddrSpaceCast must be between different address spaces").
    {"StackAllocaInAnotherAddressSpaceInAClone", R"(
define ptr @f(i64 %x) presplitcoroutine {
entry:
  %t = alloca i64, addrspace(1)
)" + Begin() + R"(
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
)" + FreeAndEnd() + R"(
define void @main() {
  %h = call ptr @f(i64 9)
  call void @llvm.coro.resume(ptr %h)
  ret void
}
)",
     "9"},
    // The issue-13 byval reader: the frame holds a copy of the argument's bytes,
    // made in the ramp, and every use after coro.begin (loads after each
    // suspend, stores between them) goes to that copy. Two instances are
    // started from a helper whose frame dies, and the stack is clobbered
    // between resumes: a frame holding only the pointer reads garbage.
    // (LLVM 22 copies the bytes but sizes its frame as if the index could sit
    // in %A's tail padding while its frame type puts it after %A: it writes 8
    // bytes past its 40-byte allocation, so it is no oracle here.)
    {"ByvalCopySurvivesTheCallersStack", ByvalReader(false) + kByvalDriver,
     "41 7 100 200 42 8 101 201", kNone},
    // The same with the field's address computed in the ramp, before the
    // suspend: it must point into the frame's copy too. (LLVM 22 keeps this
    // address pointing at the caller's dead argument.)
    {"ByvalAddressTakenBeforeTheSuspend", ByvalReader(true) + kByvalDriver,
     "41 7 100 200 42 8 101 201", kNone},
    // The issue-13 escaped counter: its address is published right after
    // coro.begin, before any lifetime.start; each round starts its life, writes
    // it, lets @poke add one through the published pointer, reads it and ends
    // its life before suspending. LLVM gives an alloca one address across
    // lifetime restarts, so the alloca lives in the frame: with a fresh alloca
    // in the clones, @poke would write the ramp's dead stack.
    {"EscapedAllocaKeepsOneAddressAcrossRestarts", R"(
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
)" + kClobber + R"(
declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)
define ptr @f() presplitcoroutine {
entry:
  %counter = alloca i64
)" + Begin() + R"(
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
)" + FreeAndEnd() + R"(
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
     "101 101 101"},
};

INSTANTIATE_TEST_SUITE_P(Constructs, LoweringTrace, ::testing::ValuesIn(kCases), CaseName);

}  // namespace
