; handoff_later_block: as early_handoff's late_reload, but the values used
; after the handover are used in later blocks (the arms of a diamond on
; the way to the suspend), where a reload placed at its block (LLVM's
; rule) runs after the handover: the driver has run the continuation to
; the end of the task by then and the context is poisoned. LLVM 22 prints
; 0xDD... there (an expected failure with LLVM, tests/async/BUILD);
; corolower loads both values before the handover.
; @later_block(x): x * 1000003 and x * 77 (made by a call, so not
; recomputed) live across three yields (kept in memory), the fourth
; continuation handed to @rt_run_now, then one arm traces the first and
; the other the second, and both reach the suspend.

@later_block_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @later_block to i64), i64 ptrtoint (ptr @later_block_afp to i64)) to i32), i32 32 }>, align 8

@s.start = private unnamed_addr constant [12 x i8] c"later_block\00"
@s.even = private unnamed_addr constant [10 x i8] c"even arm \00"
@s.odd = private unnamed_addr constant [9 x i8] c"odd arm \00"
@s.resumed = private unnamed_addr constant [8 x i8] c"resumed\00"

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)

declare void @rt_enqueue(ptr, ptr)
declare void @rt_trace(ptr, i64)
declare void @hd_task_done(ptr, i64)
declare void @rt_run_now(ptr, ptr)
declare i64 @hd_mul(i64, i64)

; ---- glue and helpers (not coroutines) ----

define void @glue_run(ptr %fn, ptr %ctx) {
  call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}

define swifttailcc void @task_done(ptr swiftasync %ctx, i64 %v) {
  call void @hd_task_done(ptr %ctx, i64 %v)
  ret void
}

define ptr @project_self(ptr %ctx) {
  ret ptr %ctx
}

define swifttailcc void @fwd_yield(ptr %resume, ptr %ctx) {
  call void @rt_enqueue(ptr %resume, ptr %ctx)
  ret void
}

define swifttailcc void @fwd_nothing(ptr %ctx) {
  ret void
}

define swifttailcc void @fwd_return_i64(ptr %fn, ptr %ctx, i64 %v) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx, i64 %v)
  ret void
}

; ---- async functions ----

define swifttailcc void @later_block(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @later_block_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x0 = load i64, ptr %ap, align 8
  %x = call i64 @hd_mul(i64 %x0, i64 1000003)
  %y = call i64 @hd_mul(i64 %x0, i64 77)
  call void @rt_trace(ptr @s.start, i64 %x0)
  %res0 = call ptr @llvm.coro.async.resume()
  %r0 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res0, ptr @project_self, ptr @fwd_yield, ptr %res0, ptr %ctx)
  %res1 = call ptr @llvm.coro.async.resume()
  %r1 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res1, ptr @project_self, ptr @fwd_yield, ptr %res1, ptr %ctx)
  %res2 = call ptr @llvm.coro.async.resume()
  %r2 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res2, ptr @project_self, ptr @fwd_yield, ptr %res2, ptr %ctx)
  %res3 = call ptr @llvm.coro.async.resume()
  call void @rt_run_now(ptr %res3, ptr %ctx)
  %bit = and i64 %x0, 1
  %odd = icmp ne i64 %bit, 0
  br i1 %odd, label %odd.arm, label %even.arm
even.arm:
  call void @rt_trace(ptr @s.even, i64 %x)
  br label %join
odd.arm:
  call void @rt_trace(ptr @s.odd, i64 %y)
  br label %join
join:
  %r3 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res3, ptr @project_self, ptr @fwd_nothing, ptr %ctx)
  call void @rt_trace(ptr @s.resumed, i64 3)
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 5)
  unreachable
}
