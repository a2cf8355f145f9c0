; await_loop: a loop of awaits with loop-carried values. @looper(n) awaits
; @step(i) for i = 0 .. n-1 and folds the results into two phis (a sum and
; a running hash); @step yields to the executor only when i % 7 == 0 and
; returns directly (a tail call into the caller's resume function, no
; executor round trip) otherwise, so the same suspend point is resumed
; both from the executor and from inside a tail-call chain. @step's two
; paths meet at its single coro.end.async.

@looper_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @looper to i64), i64 ptrtoint (ptr @looper_afp to i64)) to i32), i32 32 }>, align 8
@step_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @step to i64), i64 ptrtoint (ptr @step_afp to i64)) to i32), i32 32 }>, align 8

@s.iter = private unnamed_addr constant [5 x i8] c"iter\00"
@s.acc = private unnamed_addr constant [4 x i8] c"acc\00"
@s.hash = private unnamed_addr constant [5 x i8] c"hash\00"
@s.yield = private unnamed_addr constant [11 x i8] c"step yield\00"

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

; step(i): yield if i % 7 == 0; return i * i + 1
define swifttailcc void @step(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @step_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %argp = getelementptr inbounds i8, ptr %ctx, i64 16
  %i = load i64, ptr %argp, align 8
  %m = urem i64 %i, 7
  %y = icmp eq i64 %m, 0
  br i1 %y, label %yield, label %out
yield:
  call void @rt_trace(ptr @s.yield, i64 %i)
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_yield, ptr %res, ptr %ctx)
  %ctx1 = extractvalue { ptr } %r, 0
  br label %out
out:
  %c = phi ptr [ %ctx, %entry ], [ %ctx1, %yield ]
  %ii = mul i64 %i, %i
  %v = add i64 %ii, 1
  %rpp = getelementptr inbounds i8, ptr %c, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %c, i64 %v)
  unreachable
}

; looper(n): sum and hash of step(0) .. step(n-1)
define swifttailcc void @looper(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @looper_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %argp = getelementptr inbounds i8, ptr %ctx, i64 16
  %n = load i64, ptr %argp, align 8
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %next ]
  %acc = phi i64 [ 0, %entry ], [ %acc1, %next ]
  %hash = phi i64 [ 1469598103934665603, %entry ], [ %hash1, %next ]
  %sizep = getelementptr inbounds <{ i32, i32 }>, ptr @step_afp, i32 0, i32 1
  %size = load i32, ptr %sizep, align 4
  %size64 = zext i32 %size to i64
  %cc = call ptr @rt_alloc(i64 %size64)
  store ptr %ctx, ptr %cc, align 8
  %res = call ptr @llvm.coro.async.resume()
  %rpp = getelementptr inbounds i8, ptr %cc, i64 8
  store ptr %res, ptr %rpp, align 8
  %cargp = getelementptr inbounds i8, ptr %cc, i64 16
  store i64 %i, ptr %cargp, align 8
  %r = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res, ptr @project_parent, ptr @fwd_call, ptr @step, ptr %cc)
  %cc1 = extractvalue { ptr, i64 } %r, 0
  %v = extractvalue { ptr, i64 } %r, 1
  call void @rt_free(ptr %cc1)
  %acc1 = add i64 %acc, %v
  %hx = xor i64 %hash, %v
  %hash1 = mul i64 %hx, 1099511628211
  %i1 = add i64 %i, 1
  %tm = urem i64 %i1, 10
  %tz = icmp eq i64 %tm, 0
  br i1 %tz, label %tr, label %next
tr:
  call void @rt_trace(ptr @s.iter, i64 %i1)
  call void @rt_trace(ptr @s.acc, i64 %acc1)
  br label %next
next:
  %more = icmp ult i64 %i1, %n
  br i1 %more, label %loop, label %exit
exit:
  call void @rt_trace(ptr @s.hash, i64 %hash1)
  %mrpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %mrp = load ptr, ptr %mrpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %mrp, ptr %ctx, i64 %acc1)
  unreachable
}
