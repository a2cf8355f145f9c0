; early_handoff: a continuation handed over before the suspend's tail call,
; as an executor on another thread may take it (Swift's continuations are
; handed out by code the task runs before it awaits). The driver runs it
; at once (@rt_run_now, @rt_run_pending), inside the call that hands it
; over: the rest of the part then runs after the continuation, which has
; finished the task and freed its context. So everything the continuation
; needs must be in the frame before the handover, and the part must not
; read or write the frame after it: what it still uses are its own values.
;   @spill_first    values made before the handover, used after the
;                   suspend: stored before @rt_run_now is called;
;   @stored_first   the same, the resume function handed over through
;                   memory (a pending-continuation record) and a call;
;   @late_reload    a value live across three yields (stored where it is
;                   made) and used after the handover of the fourth:
;                   loaded before the handover.
; Each then suspends with @fwd_nothing: the continuation already ran.

@spill_first_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @spill_first to i64), i64 ptrtoint (ptr @spill_first_afp to i64)) to i32), i32 32 }>, align 8
@stored_first_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @stored_first to i64), i64 ptrtoint (ptr @stored_first_afp to i64)) to i32), i32 32 }>, align 8
@late_reload_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @late_reload to i64), i64 ptrtoint (ptr @late_reload_afp to i64)) to i32), i32 32 }>, align 8

@pending = global { ptr, ptr } zeroinitializer, align 8

@s.spill = private unnamed_addr constant [12 x i8] c"spill_first\00"
@s.stored = private unnamed_addr constant [13 x i8] c"stored_first\00"
@s.late = private unnamed_addr constant [12 x i8] c"late_reload\00"
@s.handed = private unnamed_addr constant [7 x i8] c"handed\00"
@s.resumed = private unnamed_addr constant [8 x i8] c"resumed\00"
@s.after = private unnamed_addr constant [15 x i8] c"after handover\00"

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)

declare void @rt_enqueue(ptr, ptr)
declare void @rt_trace(ptr, i64)
declare void @hd_task_done(ptr, i64)
declare void @rt_run_now(ptr, ptr)
declare void @rt_run_pending()

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

; The continuation was handed over already: nothing to do.
define swifttailcc void @fwd_nothing(ptr %ctx) {
  ret void
}

define swifttailcc void @fwd_return_i64(ptr %fn, ptr %ctx, i64 %v) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx, i64 %v)
  ret void
}

; ---- async functions ----

define swifttailcc void @spill_first(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @spill_first_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  call void @rt_trace(ptr @s.spill, i64 %x)
  %a = mul i64 %x, 3
  %b = xor i64 %x, 1023
  %res = call ptr @llvm.coro.async.resume()
  call void @rt_run_now(ptr %res, ptr %ctx)
  call void @rt_trace(ptr @s.handed, i64 0)
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_nothing, ptr %ctx)
  call void @rt_trace(ptr @s.resumed, i64 %a)
  %s = add i64 %a, %b
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 %s)
  unreachable
}

define swifttailcc void @stored_first(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @stored_first_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  call void @rt_trace(ptr @s.stored, i64 %x)
  %a = add i64 %x, 77
  %b = mul i64 %x, %x
  %res = call ptr @llvm.coro.async.resume()
  store ptr %res, ptr @pending, align 8
  store ptr %ctx, ptr getelementptr inbounds ({ ptr, ptr }, ptr @pending, i32 0, i32 1), align 8
  call void @rt_run_pending()
  call void @rt_trace(ptr @s.handed, i64 1)
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_nothing, ptr %ctx)
  call void @rt_trace(ptr @s.resumed, i64 %b)
  %s = sub i64 %b, %a
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 %s)
  unreachable
}

define swifttailcc void @late_reload(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @late_reload_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x0 = load i64, ptr %ap, align 8
  %x = mul i64 %x0, 1000003
  call void @rt_trace(ptr @s.late, i64 %x0)
  %res0 = call ptr @llvm.coro.async.resume()
  %r0 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res0, ptr @project_self, ptr @fwd_yield, ptr %res0, ptr %ctx)
  %res1 = call ptr @llvm.coro.async.resume()
  %r1 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res1, ptr @project_self, ptr @fwd_yield, ptr %res1, ptr %ctx)
  %res2 = call ptr @llvm.coro.async.resume()
  %r2 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res2, ptr @project_self, ptr @fwd_yield, ptr %res2, ptr %ctx)
  %res3 = call ptr @llvm.coro.async.resume()
  call void @rt_run_now(ptr %res3, ptr %ctx)
  call void @rt_trace(ptr @s.after, i64 %x)
  %r3 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res3, ptr @project_self, ptr @fwd_nothing, ptr %ctx)
  call void @rt_trace(ptr @s.resumed, i64 3)
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 5)
  unreachable
}
