; multi_end: several coro.end.async in one async function, one of them in
; the ramp before any suspend. @classify(x) ends
;   x == 0:  at once, in the ramp, tail-calling its parent with -1;
;   x < 10:  after one yield, with fwd_return_i64 (x * 2);
;   x >= 10: after two yields, through @finish_big, a different function
;            that traces before its tail call (x * 3).
; (LLVM 22 lowers every coro.end.async of an async coroutine on its own:
; there is no single-end requirement as for switched-resume fallthrough
; ends.) @main_task awaits classify(0), classify(5), classify(12).

@main_task_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @main_task to i64), i64 ptrtoint (ptr @main_task_afp to i64)) to i32), i32 32 }>, align 8
@classify_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @classify to i64), i64 ptrtoint (ptr @classify_afp to i64)) to i32), i32 32 }>, align 8

@s.classify = private unnamed_addr constant [9 x i8] c"classify\00"
@s.small = private unnamed_addr constant [6 x i8] c"small\00"
@s.big = private unnamed_addr constant [4 x i8] c"big\00"
@s.finish = private unnamed_addr constant [11 x i8] c"finish big\00"
@s.got = private unnamed_addr constant [9 x i8] c"main got\00"

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare { ptr, i64 } @llvm.coro.suspend.async.sl_p0i64s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)

declare ptr @rt_alloc(i64)
declare void @rt_free(ptr)
declare void @rt_enqueue(ptr, ptr)
declare void @rt_trace(ptr, i64)
declare void @rt_task_done(ptr, i64)

; ---- glue and helpers (not coroutines) ----

define void @glue_run(ptr %fn, ptr %ctx) {
  call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}

define swifttailcc void @task_done(ptr swiftasync %ctx, i64 %v) {
  call void @rt_task_done(ptr %ctx, i64 %v)
  ret void
}

define ptr @project_self(ptr %ctx) {
  ret ptr %ctx
}

define ptr @project_parent(ptr %callee) {
  %parent = load ptr, ptr %callee, align 8
  ret ptr %parent
}

define swifttailcc void @fwd_call(ptr %fn, ptr %ctx) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}

define swifttailcc void @fwd_yield(ptr %resume, ptr %ctx) {
  call void @rt_enqueue(ptr %resume, ptr %ctx)
  ret void
}

define swifttailcc void @fwd_return_i64(ptr %fn, ptr %ctx, i64 %v) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx, i64 %v)
  ret void
}

define swifttailcc void @finish_big(ptr %fn, ptr %ctx, i64 %v) {
  call void @rt_trace(ptr @s.finish, i64 %v)
  musttail call swifttailcc void %fn(ptr swiftasync %ctx, i64 %v)
  ret void
}

; ---- async functions ----

define swifttailcc void @classify(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @classify_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  call void @rt_trace(ptr @s.classify, i64 %x)
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  %zero = icmp eq i64 %x, 0
  br i1 %zero, label %at_once, label %nonzero
at_once:
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 -1)
  unreachable
nonzero:
  %res0 = call ptr @llvm.coro.async.resume()
  %r0 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res0, ptr @project_self, ptr @fwd_yield, ptr %res0, ptr %ctx)
  %small = icmp ult i64 %x, 10
  br i1 %small, label %small_end, label %big
small_end:
  call void @rt_trace(ptr @s.small, i64 %x)
  %v2 = mul i64 %x, 2
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 %v2)
  unreachable
big:
  %res1 = call ptr @llvm.coro.async.resume()
  %r1 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res1, ptr @project_self, ptr @fwd_yield, ptr %res1, ptr %ctx)
  call void @rt_trace(ptr @s.big, i64 %x)
  %v3 = mul i64 %x, 3
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @finish_big, ptr %rp, ptr %ctx, i64 %v3)
  unreachable
}

define swifttailcc void @main_task(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @main_task_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc1, %loop ]
  %sizep = getelementptr inbounds <{ i32, i32 }>, ptr @classify_afp, i32 0, i32 1
  %size = load i32, ptr %sizep, align 4
  %size64 = zext i32 %size to i64
  %cc = call ptr @rt_alloc(i64 %size64)
  store ptr %ctx, ptr %cc, align 8
  %res = call ptr @llvm.coro.async.resume()
  %rpp = getelementptr inbounds i8, ptr %cc, i64 8
  store ptr %res, ptr %rpp, align 8
  ; x = 0, 5, 12
  %isq = mul i64 %i, %i
  %x0 = add i64 %isq, %i
  %x1 = mul i64 %x0, 5
  %x2 = lshr i64 %x1, 1
  %x3 = icmp eq i64 %i, 2
  %x = select i1 %x3, i64 12, i64 %x2
  %cap = getelementptr inbounds i8, ptr %cc, i64 16
  store i64 %x, ptr %cap, align 8
  %r = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res, ptr @project_parent, ptr @fwd_call, ptr @classify, ptr %cc)
  %cc1 = extractvalue { ptr, i64 } %r, 0
  %v = extractvalue { ptr, i64 } %r, 1
  call void @rt_free(ptr %cc1)
  call void @rt_trace(ptr @s.got, i64 %v)
  %acc1 = add i64 %acc, %v
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, 3
  br i1 %more, label %loop, label %exit
exit:
  %mrpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %mrp = load ptr, ptr %mrpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %mrp, ptr %ctx, i64 %acc1)
  unreachable
}
