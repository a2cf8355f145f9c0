// Async coroutines (llvm.coro.id.async) lowered by corolower and JIT-run
// through a small executor, with traces compared against the same module
// lowered by LLVM's own passes in this process (differential), and the
// context sizes corolower patches compared with LLVM's (never larger).
//
// The executor is C++ here: IR yields by calling @exec_enqueue(fn, ctx),
// and @main drains the queue with @exec_run(@glue_run); glue_run is the
// module's C-convention wrapper around a swifttailcc call, which C cannot
// make. Contexts come from @ctx_alloc(size) with the size read from the
// callee's async function pointer at run time, and are checked for writes
// past that size (a canary) when @ctx_free releases them.
#include <cstdint>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/harness/harness_gtest.h"
#include "tests/harness/ir_fragments.h"

namespace {

struct Job {
  void *fn, *ctx;
};
std::deque<Job> queue;
std::vector<std::string> canary_errors;
long live_contexts;
constexpr size_t kCanary = 32;

extern "C" void exec_enqueue(void *fn, void *ctx) { queue.push_back({fn, ctx}); }

extern "C" void exec_run(void (*glue)(void *, void *)) {
  while (!queue.empty()) {
    Job j = queue.front();
    queue.pop_front();
    glue(j.fn, j.ctx);
  }
}

// A context of `size` bytes (16-aligned), poisoned, with a canary after it
// and its size in front.
extern "C" void *ctx_alloc(int64_t size) {
  char *base = static_cast<char *>(aligned_alloc(16, (16 + size + kCanary + 15) & ~size_t{15}));
  std::memcpy(base, &size, sizeof size);
  std::memset(base + 16, 0xA5, size);
  std::memset(base + 16 + size, 0x5C, kCanary);
  live_contexts++;
  return base + 16;
}

extern "C" void ctx_free(void *p) {
  char *base = static_cast<char *>(p) - 16;
  int64_t size;
  std::memcpy(&size, base, sizeof size);
  for (size_t k = 0; k < kCanary; k++)
    if (static_cast<unsigned char>(base[16 + size + k]) != 0x5C) {
      canary_errors.push_back("context written past its size " + std::to_string(size));
      break;
    }
  live_contexts--;
  free(base);
}

void AddRuntime(crlh_ctx *c) {
  queue.clear();
  canary_errors.clear();
  live_contexts = 0;
  crlh_add_symbol(c, "exec_enqueue", reinterpret_cast<void *>(&exec_enqueue));
  crlh_add_symbol(c, "exec_run", reinterpret_cast<void *>(&exec_run));
  crlh_add_symbol(c, "ctx_alloc", reinterpret_cast<void *>(&ctx_alloc));
  crlh_add_symbol(c, "ctx_free", reinterpret_cast<void *>(&ctx_free));
}

// What every module shares: layout, declarations, the glue, projections,
// forwarders, and @start(afp, fn, arg), which allocates a root context
// whose continuation @task_done records the result in @result.
const char *kPrelude = R"(
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare { ptr, i64 } @llvm.coro.suspend.async.sl_p0i64s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare void @trace(i64)
declare void @exec_enqueue(ptr, ptr)
declare void @exec_run(ptr)
declare ptr @ctx_alloc(i64)
declare void @ctx_free(ptr)

@result = global i64 0

define void @glue_run(ptr %fn, ptr %ctx) {
  call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}

define swifttailcc void @task_done(ptr swiftasync %ctx, i64 %v) {
  store i64 %v, ptr @result
  call void @ctx_free(ptr %ctx)
  ret void
}

define ptr @project_self(ptr %ctx) {
  ret ptr %ctx
}

define ptr @project_parent(ptr %callee) {
  %p = load ptr, ptr %callee
  ret ptr %p
}

define swifttailcc void @fwd_call(ptr %fn, ptr %ctx) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}

define swifttailcc void @fwd_yield(ptr %resume, ptr %ctx) {
  call void @exec_enqueue(ptr %resume, ptr %ctx)
  ret void
}

define swifttailcc void @fwd_return(ptr %fn, ptr %ctx, i64 %v) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx, i64 %v)
  ret void
}

; A context for the function behind %afp: parent, resume function, argument.
define ptr @new_context(ptr %afp, ptr %parent, ptr %resume, i64 %arg) {
  %sizep = getelementptr inbounds <{ i32, i32 }>, ptr %afp, i32 0, i32 1
  %size = load i32, ptr %sizep
  %size64 = zext i32 %size to i64
  %c = call ptr @ctx_alloc(i64 %size64)
  store ptr %parent, ptr %c
  %rp = getelementptr inbounds i8, ptr %c, i64 8
  store ptr %resume, ptr %rp
  %ap = getelementptr inbounds i8, ptr %c, i64 16
  store i64 %arg, ptr %ap
  ret ptr %c
}

define i64 @start(ptr %afp, ptr %fn, i64 %arg) {
  %c = call ptr @new_context(ptr %afp, ptr null, ptr @task_done, i64 %arg)
  call void @glue_run(ptr %fn, ptr %c)
  call void @exec_run(ptr @glue_run)
  %r = load i64, ptr @result
  ret i64 %r
}
)";

// The lines every async function of these tests starts and ends with:
// coro.id.async (context size `size`, its async function pointer `afp`)
// and coro.begin; and a return of `value` to the caller's context through
// @fwd_return (coro.end.async), closing the function.
std::string AsyncBegin(const char *afp, int size = 32) {
  return "  %id = call token @llvm.coro.id.async(i32 " + std::to_string(size) +
         ", i32 16, i32 0, ptr @" + afp + ")\n"
         "  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)\n";
}

std::string AsyncReturn(const char *value) {
  return std::string("  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8\n"
                     "  %rp = load ptr, ptr %rpp\n"
                     "  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, "
                     "ptr @fwd_return, ptr %rp, ptr %ctx, i64 ") + value + ")\n"
         "  unreachable\n"
         "}\n";
}

// @mid(x): awaits @leaf(x) and then @leaf(x + 1), tracing the first's
// result and then x * x plus both, which it returns. `afp` names its async
// function pointer, `project1` and `project2` the context projections its
// two awaits use.
std::string Mid(const char *afp, const char *project1, const char *project2) {
  return R"(
define swifttailcc void @mid(ptr swiftasync %ctx) {
entry:
)" + AsyncBegin(afp) + R"(
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap
  %sq = mul i64 %x, %x
  %res = call ptr @llvm.coro.async.resume()
  %cc = call ptr @new_context(ptr @leaf_afp, ptr %ctx, ptr %res, i64 %x)
  %r = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res, ptr @)" + project1 + R"(, ptr @fwd_call, ptr @leaf, ptr %cc)
  %c1 = extractvalue { ptr, i64 } %r, 0
  %a = extractvalue { ptr, i64 } %r, 1
  call void @ctx_free(ptr %c1)
  call void @trace(i64 %a)
  %x2 = add i64 %x, 1
  %res2 = call ptr @llvm.coro.async.resume()
  %cc2 = call ptr @new_context(ptr @leaf_afp, ptr %ctx, ptr %res2, i64 %x2)
  %r2 = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res2, ptr @)" + project2 + R"(, ptr @fwd_call, ptr @leaf, ptr %cc2)
  %c2 = extractvalue { ptr, i64 } %r2, 0
  %b = extractvalue { ptr, i64 } %r2, 1
  call void @ctx_free(ptr %c2)
  %s1 = add i64 %a, %b
  %s2 = add i64 %s1, %sq
  call void @trace(i64 %s2)
)" + AsyncReturn("%s2") + R"(
)";
}

// A leaf that yields `arg` times to the executor, tracing, and returns
// arg * 10; a middle function awaiting it twice with values live across;
// a root looping over awaits of the middle one.
const std::string kChain = R"(
@leaf_afp = constant <{ i32, i32 }> <{ i32 0, i32 32 }>
@mid_afp = constant <{ i32, i32 }> <{ i32 0, i32 32 }>
@root_afp = constant <{ i32, i32 }> <{ i32 0, i32 32 }>

define swifttailcc void @leaf(ptr swiftasync %ctx) {
entry:
)" + AsyncBegin("leaf_afp") + R"(
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %n = load i64, ptr %ap
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %again ]
  %done = icmp uge i64 %i, %n
  br i1 %done, label %out, label %again
again:
  call void @trace(i64 %i)
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_yield, ptr %res, ptr %ctx)
  %i1 = add i64 %i, 1
  br label %loop
out:
  %v = mul i64 %n, 10
)" + AsyncReturn("%v") + R"(

)" + Mid("mid_afp", "project_parent", "project_parent") + R"(

define swifttailcc void @root(ptr swiftasync %ctx) {
entry:
)" + AsyncBegin("root_afp") + R"(
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %n = load i64, ptr %ap
  %box = alloca i64
  store i64 0, ptr %box
  br label %loop
loop:
  %k = phi i64 [ 1, %entry ], [ %k1, %body ]
  %more = icmp ule i64 %k, %n
  br i1 %more, label %body, label %out
body:
  %res = call ptr @llvm.coro.async.resume()
  %cc = call ptr @new_context(ptr @mid_afp, ptr %ctx, ptr %res, i64 %k)
  %r = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res, ptr @project_parent, ptr @fwd_call, ptr @mid, ptr %cc)
  %c1 = extractvalue { ptr, i64 } %r, 0
  %v = extractvalue { ptr, i64 } %r, 1
  call void @ctx_free(ptr %c1)
  %old = load i64, ptr %box
  %new = add i64 %old, %v
  store i64 %new, ptr %box
  %k1 = add i64 %k, 1
  br label %loop
out:
  %total = load i64, ptr %box
)" + AsyncReturn("%total") + R"(

define i64 @main() {
  %r = call i64 @start(ptr @root_afp, ptr @root, i64 3)
  ret i64 %r
}
)";

// Two tasks interleaved by the executor, each with a value live across
// every yield; and a function without a suspend, whose size is patched
// all the same.
const std::string kInterleave = R"(
@worker_afp = constant <{ i32, i32 }> <{ i32 0, i32 32 }>
@plain_afp = constant <{ i32, i32 }> <{ i32 0, i32 24 }>

define swifttailcc void @worker(ptr swiftasync %ctx) {
entry:
)" + AsyncBegin("worker_afp") + R"(
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %tag = load i64, ptr %ap
  %t100 = mul i64 %tag, 100
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc1, %loop ]
  %e = add i64 %t100, %i
  call void @trace(i64 %e)
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_yield, ptr %res, ptr %ctx)
  %acc1 = add i64 %acc, %e
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, 3
  br i1 %more, label %loop, label %out
out:
)" + AsyncReturn("%acc1") + R"(

define swifttailcc void @plain(ptr swiftasync %ctx) {
entry:
)" + AsyncBegin("plain_afp", 24) + R"(
  call void @trace(i64 7)
)" + AsyncReturn("70") + R"(

define i64 @main() {
  %c1 = call ptr @new_context(ptr @worker_afp, ptr null, ptr @task_done, i64 1)
  %c2 = call ptr @new_context(ptr @worker_afp, ptr null, ptr @task_done, i64 2)
  call void @glue_run(ptr @worker, ptr %c1)
  call void @glue_run(ptr @worker, ptr %c2)
  call void @exec_run(ptr @glue_run)
  %a = load i64, ptr @result
  %p = call i64 @start(ptr @plain_afp, ptr @plain, i64 0)
  %s = add i64 %a, %p
  ret i64 %s
}
)";

// Async function pointers as swiftc emits them (mutable globals, one of a
// named type in a section) and an unnamed one (@0, named here through an
// alias), with projections given through an instruction cast, an alias and
// a variadic function: a leaf yielding n times, awaited twice by a middle
// function keeping a value across both awaits.
const std::string kSwiftForms = R"(
%swift.async_func_pointer = type <{ i32, i32 }>
@leaf_afp = hidden global %swift.async_func_pointer <{ i32 0, i32 32 }>, section "__TEXT,__const"
@0 = hidden global <{ i32, i32 }> <{ i32 0, i32 32 }>
@mid_afp = alias <{ i32, i32 }>, ptr @0
@project_parent_alias = alias ptr (ptr), ptr @project_parent

define ptr @project_parent_va(ptr %callee, ...) {
  %p = load ptr, ptr %callee
  ret ptr %p
}

define swifttailcc void @leaf(ptr swiftasync %ctx) {
entry:
)" + AsyncBegin("leaf_afp") + R"(
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %n = load i64, ptr %ap
  %n7 = mul i64 %n, 7
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %again ]
  %done = icmp uge i64 %i, %n
  br i1 %done, label %out, label %again
again:
  call void @trace(i64 %i)
  %res = call ptr @llvm.coro.async.resume()
  %proj = getelementptr i8, ptr @project_self, i64 0
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr %proj, ptr @fwd_yield, ptr %res, ptr %ctx)
  %i1 = add i64 %i, 1
  br label %loop
out:
  %v = add i64 %n7, %n
)" + AsyncReturn("%v") + R"(

)" + Mid("0", "project_parent_alias", "project_parent_va") + R"(

define i64 @main() {
  %r = call i64 @start(ptr @mid_afp, ptr @mid, i64 3)
  ret i64 %r
}
)";

// Swifterror allocas, as swiftc gives every async function that calls a
// throwing function: @thrower sets the error for multiples of 3, to a value
// that also depends on the error it was called with, so a slot handed the
// wrong value shows. %err is written before the first yield and read after
// every yield (its value crosses suspends: no frame may hold the slot, only
// what it holds); %late is used after the yields only (a resume function
// needs a swifterror slot of its own, not a plain alloca); %twice is read
// and written on both sides of each yield through the same call.
const std::string kSwifterror = std::string(R"(
@errs_afp = constant <{ i32, i32 }> <{ i32 0, i32 32 }>
)") + crlh::kThrower + R"(

define swifttailcc void @errs(ptr swiftasync %ctx) {
entry:
  %err = alloca swifterror ptr, align 8
  %late = alloca swifterror ptr, align 8
  %twice = alloca swifterror ptr, align 8
)" + AsyncBegin("errs_afp") + R"(
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %n = load i64, ptr %ap
  store ptr null, ptr %err
  store ptr null, ptr %twice
  call swiftcc void @thrower(i64 %n, ptr swifterror %err)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %again ]
  %done = icmp uge i64 %i, %n
  br i1 %done, label %out, label %again
again:
  call swiftcc void @thrower(i64 %i, ptr swifterror %twice)
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_yield, ptr %res, ptr %ctx)
  call swiftcc void @thrower(i64 %i, ptr swifterror %err)
  %e = load ptr, ptr %err
  %ei = ptrtoint ptr %e to i64
  call void @trace(i64 %ei)
  %j = add i64 %i, 3
  call swiftcc void @thrower(i64 %j, ptr swifterror %twice)
  %i1 = add i64 %i, 1
  br label %loop
out:
  store ptr null, ptr %late
  call swiftcc void @thrower(i64 %n, ptr swifterror %late)
  %l = load ptr, ptr %late
  %li = ptrtoint ptr %l to i64
  call void @trace(i64 %li)
  %w = load ptr, ptr %twice
  %wi = ptrtoint ptr %w to i64
)" + AsyncReturn("%wi") + R"(

define i64 @main() {
  %r = call i64 @start(ptr @errs_afp, ptr @errs, i64 6)
  ret i64 %r
}
)";

// Field 1 of an async function pointer (through an alias to an unnamed
// one).
int64_t ContextSize(crlh_ctx *c, const char *afp) {
  LLVMValueRef g = LLVMGetNamedGlobal(crlh_module(c), afp);
  if (!g) g = LLVMGetNamedGlobalAlias(crlh_module(c), afp, strlen(afp));
  if (g && LLVMIsAGlobalAlias(g)) g = LLVMAliasGetAliasee(g);
  if (!g || !LLVMGetInitializer(g)) return -1;
  return static_cast<int64_t>(LLVMConstIntGetZExtValue(LLVMGetOperand(LLVMGetInitializer(g), 1)));
}

struct Outcome {
  std::string trace;
  int64_t ret = 0;
  std::vector<int64_t> sizes;
};

// Lowers (corolower, or LLVM's passes) and runs @main.
Outcome LowerAndRun(const std::string &ir, bool llvm, const std::vector<const char *> &afps) {
  Outcome o;
  crlh::Module m(ir);
  EXPECT_TRUE(m.ok()) << m.error();
  if (!m.ok()) return o;
  if (llvm) EXPECT_TRUE(crlh::LowersWithLlvm(m));
  else EXPECT_TRUE(crlh::LowersOk(m));
  EXPECT_TRUE(crlh::Verifies(m));
  EXPECT_TRUE(crlh::FullyLowered(m));
  AddRuntime(m);
  o.trace = crlh::RunTrace(m, "main", &o.ret);
  EXPECT_TRUE(canary_errors.empty()) << (canary_errors.empty() ? "" : canary_errors[0]);
  EXPECT_EQ(live_contexts, 0);
  for (const char *a : afps) o.sizes.push_back(ContextSize(m, a));
  return o;
}

void Differential(const std::string &body, const std::vector<const char *> &afps,
                  const char *want_trace, int64_t want_ret) {
  std::string ir = std::string(kPrelude) + body;
  Outcome ours = LowerAndRun(ir, false, afps);
  Outcome ref = LowerAndRun(ir, true, afps);
  EXPECT_EQ(ours.trace, want_trace);
  EXPECT_EQ(ours.ret, want_ret);
  EXPECT_EQ(ours.trace, ref.trace);
  EXPECT_EQ(ours.ret, ref.ret);
  for (size_t k = 0; k < afps.size(); k++) {
    EXPECT_GE(ours.sizes[k], 32) << afps[k];
    EXPECT_LE(ours.sizes[k], ref.sizes[k]) << afps[k] << ": corolower's context is larger";
    EXPECT_EQ(ours.sizes[k] % 16, 0) << afps[k] << ": not a multiple of the context alignment";
  }
}

#if defined(__x86_64__)

TEST(Async, AwaitChainThreeDeepDifferential) {
  // root awaits mid(1), mid(2), mid(3); mid(k) awaits leaf(k), leaf(k + 1).
  Differential(kChain, {"leaf_afp", "mid_afp", "root_afp"},
               "0 10 0 1 31 0 1 20 0 1 2 54 0 1 2 30 0 1 2 3 79", 164);
}

TEST(Async, InterleavedTasksAndNoSuspendDifferential) {
  Differential(kInterleave, {"worker_afp"}, "100 200 101 201 102 202 7", 603 + 70);
}

TEST(Async, MutableAndUnnamedAfpsAndProjectionFormsDifferential) {
  // mid(3): leaf(3) yields 0 1 2 and gives 24 (traced), leaf(4) yields
  // 0 1 2 3 and gives 32; 24 + 32 + 9.
  Differential(kSwiftForms, {"leaf_afp", "mid_afp"}, "0 1 2 24 0 1 2 3 65", 65);
}

TEST(Async, SwifterrorAllocasAcrossAwaitsDifferential) {
  // %err: 6 -> 97; i = 0: 2*97 + 1 = 195, then 195 for i = 1, 2; i = 3:
  // 2*195 + 48 + 1 = 439, kept for 4, 5. %late: 97. %twice: thrown at
  // i = 0 (1), i + 3 = 3 (2*1 + 48 + 1 = 51), i = 3 (2*51 + 48 + 1 = 151),
  // i + 3 = 6 (2*151 + 96 + 1 = 399).
  Differential(kSwifterror, {"errs_afp"}, "195 195 195 439 439 439 97", 399);
}

TEST(Async, SizeIsPatchedWithoutSuspend) {
  crlh::Module m(std::string(kPrelude) + kInterleave);
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_TRUE(crlh::LowersOk(m));
  // No frame: the initial 24 rounded up to the context alignment (16).
  EXPECT_EQ(ContextSize(m, "plain_afp"), 32);
  // tag * 100, i and acc cross the yield (e = tag * 100 + i is recomputed
  // from two of them): 32 + 24 rounded up to 16.
  EXPECT_EQ(ContextSize(m, "worker_afp"), 64);
}

// Breaking the size the callee reads must be caught: the allocator's
// canary sees the frame written past a context sized by a stale field.
TEST(Async, StaleSizeIsCaught) {
  crlh::Module m(std::string(kPrelude) + kChain);
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_TRUE(crlh::LowersOk(m));
  LLVMValueRef g = LLVMGetNamedGlobal(crlh_module(m), "root_afp");
  LLVMValueRef init = LLVMGetInitializer(g);
  LLVMValueRef fields[2] = {LLVMGetOperand(init, 0),
                            LLVMConstInt(LLVMInt32TypeInContext(crlh_context(m)), 32, 0)};
  LLVMSetInitializer(g, LLVMConstStructInContext(crlh_context(m), fields, 2, 1));
  AddRuntime(m);
  crlh::RunTrace(m, "main");
  EXPECT_FALSE(canary_errors.empty());
}

#endif

}  // namespace
