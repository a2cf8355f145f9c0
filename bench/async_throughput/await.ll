; Await throughput: @looper awaits @echo n times through the executor.
; Each await: the caller's part tail-calls @echo with a context it reuses
; (no allocation in the loop: the await itself is what is measured), @echo
; yields to the executor once, the executor resumes it, and it returns the
; value to the caller's resume function with a tail call. Values live
; across every await: the loop counter and a running sum.

@looper_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @looper to i64), i64 ptrtoint (ptr @looper_afp to i64)) to i32), i32 32 }>, align 8
@echo_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @echo to i64), i64 ptrtoint (ptr @echo_afp to i64)) to i32), i32 32 }>, align 8

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare { ptr, i64 } @llvm.coro.suspend.async.sl_p0i64s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare void @rt_enqueue(ptr, ptr)
declare void @rt_done(i64)

define void @glue_run(ptr %fn, ptr %ctx) {
  call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}

define swifttailcc void @task_done(ptr swiftasync %ctx, i64 %v) {
  call void @rt_done(i64 %v)
  ret void
}

define ptr @project_self(ptr %ctx) {
  ret ptr %ctx
}

define ptr @project_parent(ptr %callee) {
  %p = load ptr, ptr %callee, align 8
  ret ptr %p
}

define swifttailcc void @fwd_call(ptr %fn, ptr %ctx) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}

define swifttailcc void @fwd_yield(ptr %resume, ptr %ctx) {
  call void @rt_enqueue(ptr %resume, ptr %ctx)
  ret void
}

define swifttailcc void @fwd_return(ptr %fn, ptr %ctx, i64 %v) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx, i64 %v)
  ret void
}

; echo(x): yield once, return x + 1.
define swifttailcc void @echo(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @echo_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_yield, ptr %res, ptr %ctx)
  %v = add i64 %x, 1
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return, ptr %rp, ptr %ctx, i64 %v)
  unreachable
}

; looper(n, child): sum of echo(i) for i < n, with one child context.
define swifttailcc void @looper(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @looper_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %np = getelementptr inbounds i8, ptr %ctx, i64 16
  %n = load i64, ptr %np, align 8
  %cp = getelementptr inbounds i8, ptr %ctx, i64 24
  %child = load ptr, ptr %cp, align 8
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %body ]
  %sum = phi i64 [ 0, %entry ], [ %sum1, %body ]
  %more = icmp ult i64 %i, %n
  br i1 %more, label %body, label %out
body:
  store ptr %ctx, ptr %child, align 8
  %res = call ptr @llvm.coro.async.resume()
  %crp = getelementptr inbounds i8, ptr %child, i64 8
  store ptr %res, ptr %crp, align 8
  %cap = getelementptr inbounds i8, ptr %child, i64 16
  store i64 %i, ptr %cap, align 8
  %r = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res, ptr @project_parent, ptr @fwd_call, ptr @echo, ptr %child)
  %v = extractvalue { ptr, i64 } %r, 1
  %sum1 = add i64 %sum, %v
  %i1 = add i64 %i, 1
  br label %loop
out:
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return, ptr %rp, ptr %ctx, i64 %sum)
  unreachable
}
