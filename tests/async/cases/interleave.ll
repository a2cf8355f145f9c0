; interleave: an executor interleaving several tasks. The driver starts
; three tasks of @task(id, count) before running the executor; each task
; loops `count` times awaiting @tick(id, k), which yields to the executor
; once and returns id * 1000 + k. The FIFO executor runs the suspended
; continuations round-robin, so the trace interleaves the tasks in a fixed
; order, and every task keeps its own running sum in its own frame.

@task_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @task to i64), i64 ptrtoint (ptr @task_afp to i64)) to i32), i32 32 }>, align 8
@tick_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @tick to i64), i64 ptrtoint (ptr @tick_afp to i64)) to i32), i32 32 }>, align 8

@s.start = private unnamed_addr constant [11 x i8] c"task start\00"
@s.got = private unnamed_addr constant [9 x i8] c"task got\00"
@s.tick = private unnamed_addr constant [5 x i8] c"tick\00"
@s.tock = private unnamed_addr constant [5 x i8] c"tock\00"

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

; ---- async functions ----

; tick(id, k): yield once, return id * 1000 + k
define swifttailcc void @tick(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @tick_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %tid = load i64, ptr %ap, align 8
  %kp = getelementptr inbounds i8, ptr %ctx, i64 24
  %k = load i64, ptr %kp, align 8
  %t0 = mul i64 %tid, 1000
  %v = add i64 %t0, %k
  call void @rt_trace(ptr @s.tick, i64 %v)
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_yield, ptr %res, ptr %ctx)
  %ctx1 = extractvalue { ptr } %r, 0
  call void @rt_trace(ptr @s.tock, i64 %v)
  %rpp = getelementptr inbounds i8, ptr %ctx1, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx1, i64 %v)
  unreachable
}

; task(id, count): sum of tick(id, 1) .. tick(id, count), plus id
define swifttailcc void @task(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @task_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %tid = load i64, ptr %ap, align 8
  %np = getelementptr inbounds i8, ptr %ctx, i64 24
  %n = load i64, ptr %np, align 8
  call void @rt_trace(ptr @s.start, i64 %tid)
  br label %loop
loop:
  %k = phi i64 [ 1, %entry ], [ %k1, %loop ]
  %sum = phi i64 [ %tid, %entry ], [ %sum1, %loop ]
  %sizep = getelementptr inbounds <{ i32, i32 }>, ptr @tick_afp, i32 0, i32 1
  %size = load i32, ptr %sizep, align 4
  %size64 = zext i32 %size to i64
  %cc = call ptr @rt_alloc(i64 %size64)
  store ptr %ctx, ptr %cc, align 8
  %res = call ptr @llvm.coro.async.resume()
  %rpp = getelementptr inbounds i8, ptr %cc, i64 8
  store ptr %res, ptr %rpp, align 8
  %cap = getelementptr inbounds i8, ptr %cc, i64 16
  store i64 %tid, ptr %cap, align 8
  %ckp = getelementptr inbounds i8, ptr %cc, i64 24
  store i64 %k, ptr %ckp, align 8
  %r = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res, ptr @project_parent, ptr @fwd_call, ptr @tick, ptr %cc)
  %cc1 = extractvalue { ptr, i64 } %r, 0
  %v = extractvalue { ptr, i64 } %r, 1
  call void @rt_free(ptr %cc1)
  call void @rt_trace(ptr @s.got, i64 %v)
  %sum1 = add i64 %sum, %v
  %k1 = add i64 %k, 1
  %more = icmp ule i64 %k1, %n
  br i1 %more, label %loop, label %exit
exit:
  %mrpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %mrp = load ptr, ptr %mrpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %mrp, ptr %ctx, i64 %sum1)
  unreachable
}
