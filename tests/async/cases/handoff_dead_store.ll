; handoff_dead_store: after handing its continuation over, a part writes a
; local it no longer needs (a dead store). The local lives in the frame
; (it crosses an earlier yield), and could share its bytes with a value
; the continuation keeps across a later yield, since the two are never
; live at once in program order. But once the continuation is
; handed over it runs concurrently with the rest of the part: here the
; driver runs it at once, up to that later yield, so the dead store lands
; on the continuation's value (corolower before this case printed 5 for
; w). LLVM 22 keeps allocas apart from spilled values; corolower now keeps
; a local touched after a handover apart from whatever lives after its
; suspend (async_handoff.c).
; @dead_store(x): a = x * 3 kept in an alloca across a yield; then the
; continuation is handed over, the part stores 5 into a (never read
; again), and the continuation makes w = x * 7 (a call: not recomputed)
; and keeps it across a yield.

@dead_store_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @dead_store to i64), i64 ptrtoint (ptr @dead_store_afp to i64)) to i32), i32 32 }>, align 8

@s.start = private unnamed_addr constant [11 x i8] c"dead_store\00"
@s.a = private unnamed_addr constant [2 x i8] c"a\00"
@s.w = private unnamed_addr constant [2 x i8] c"w\00"

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

define swifttailcc void @fwd_nothing() {
  ret void
}

define swifttailcc void @fwd_return_i64(ptr %fn, ptr %ctx, i64 %v) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx, i64 %v)
  ret void
}

; ---- async functions ----

define swifttailcc void @dead_store(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @dead_store_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %a = alloca i64, align 8
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  call void @rt_trace(ptr @s.start, i64 %x)
  %x3 = call i64 @hd_mul(i64 %x, i64 3)
  store i64 %x3, ptr %a, align 8
  %res0 = call ptr @llvm.coro.async.resume()
  %r0 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res0, ptr @project_self, ptr @fwd_yield, ptr %res0, ptr %ctx)
  %v = load i64, ptr %a, align 8
  call void @rt_trace(ptr @s.a, i64 %v)
  %res1 = call ptr @llvm.coro.async.resume()
  call void @rt_run_now(ptr %res1, ptr %ctx)
  store i64 5, ptr %a, align 8
  %r1 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res1, ptr @project_self, ptr @fwd_nothing)
  %w = call i64 @hd_mul(i64 %x, i64 7)
  %res2 = call ptr @llvm.coro.async.resume()
  %r2 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res2, ptr @project_self, ptr @fwd_yield, ptr %res2, ptr %ctx)
  call void @rt_trace(ptr @s.w, i64 %w)
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 %w)
  unreachable
}
