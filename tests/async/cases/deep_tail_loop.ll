; deep_tail_loop: 100000 awaits in a loop, run on a thread with a 256 KiB
; stack. Each await allocates a context for @echo, suspends with a
; forwarder that musttail-calls @echo, and @echo (no suspend point) returns
; at once by a musttail call of @looper's resume function, which loops
; into the next await: without the executor in between, the whole loop is
; one chain of calls ramp -> echo -> resume -> echo -> resume ... that
; only runs in constant stack if every one of them is a real tail call.
; Every 25000 iterations @looper yields to the executor once. It calls
; rt_probe_stack in every iteration; the driver prints whether the stack
; pointer moved by less than 4 KiB over the run, so a non-tail lowering
; fails even where the stack would be large enough. (The same program with
; musttail removed from the lowered IR dies of stack overflow: see
; README.md.)

@looper_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @looper to i64), i64 ptrtoint (ptr @looper_afp to i64)) to i32), i32 32 }>, align 8
@echo_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @echo to i64), i64 ptrtoint (ptr @echo_afp to i64)) to i32), i32 32 }>, align 8

@s.yield = private unnamed_addr constant [6 x i8] c"yield\00"
@s.sum = private unnamed_addr constant [4 x i8] c"sum\00"

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
declare void @rt_probe_stack()

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

; echo(x): return x * 3 + 1, no suspend
define swifttailcc void @echo(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @echo_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  %x3 = mul i64 %x, 3
  %v = add i64 %x3, 1
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 %v)
  unreachable
}

; looper(n): sum over i < n of echo(i), yielding every 25000 iterations
define swifttailcc void @looper(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @looper_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %n = load i64, ptr %ap, align 8
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %next ]
  %sum = phi i64 [ 0, %entry ], [ %sum1, %next ]
  call void @rt_probe_stack()
  %sizep = getelementptr inbounds <{ i32, i32 }>, ptr @echo_afp, i32 0, i32 1
  %size = load i32, ptr %sizep, align 4
  %size64 = zext i32 %size to i64
  %cc = call ptr @rt_alloc(i64 %size64)
  store ptr %ctx, ptr %cc, align 8
  %res = call ptr @llvm.coro.async.resume()
  %rpp = getelementptr inbounds i8, ptr %cc, i64 8
  store ptr %res, ptr %rpp, align 8
  %cap = getelementptr inbounds i8, ptr %cc, i64 16
  store i64 %i, ptr %cap, align 8
  %r = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res, ptr @project_parent, ptr @fwd_call, ptr @echo, ptr %cc)
  %cc1 = extractvalue { ptr, i64 } %r, 0
  %v = extractvalue { ptr, i64 } %r, 1
  call void @rt_free(ptr %cc1)
  %sum1 = add i64 %sum, %v
  %i1 = add i64 %i, 1
  %m = urem i64 %i1, 25000
  %y = icmp eq i64 %m, 0
  br i1 %y, label %yield, label %next
yield:
  call void @rt_trace(ptr @s.yield, i64 %i1)
  %res2 = call ptr @llvm.coro.async.resume()
  %r2 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res2, ptr @project_self, ptr @fwd_yield, ptr %res2, ptr %ctx)
  br label %next
next:
  %more = icmp ult i64 %i1, %n
  br i1 %more, label %loop, label %exit
exit:
  call void @rt_trace(ptr @s.sum, i64 %sum1)
  %mrpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %mrp = load ptr, ptr %mrpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %mrp, ptr %ctx, i64 %sum1)
  unreachable
}
