; resume_values: continuations resumed with values by the executor, the
; way an I/O completion resumes a task. @read_value(key) suspends with a
; forwarder that hands (resume function, context, key) to the driver's
; rt_io_submit; the driver later completes the requests, newest first, by
; calling the resume function with (ctx swiftasync, i64 value) through
; @glue_run_i64. @read_value's suspend returns { ptr, i64 } and its key is
; live across it. Two @reader tasks await three reads each, interleaved.

@reader_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @reader to i64), i64 ptrtoint (ptr @reader_afp to i64)) to i32), i32 32 }>, align 8
@read_value_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @read_value to i64), i64 ptrtoint (ptr @read_value_afp to i64)) to i32), i32 32 }>, align 8

@s.submit = private unnamed_addr constant [7 x i8] c"submit\00"
@s.completed = private unnamed_addr constant [10 x i8] c"completed\00"
@s.reader = private unnamed_addr constant [11 x i8] c"reader got\00"

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr, i64 } @llvm.coro.suspend.async.sl_p0i64s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)

declare ptr @rt_alloc(i64)
declare void @rt_free(ptr)
declare void @rt_io_submit(ptr, ptr, i64)
declare void @rt_trace(ptr, i64)
declare void @rt_task_done(ptr, i64)

; ---- glue and helpers (not coroutines) ----

define void @glue_run(ptr %fn, ptr %ctx) {
  call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}

define void @glue_run_i64(ptr %fn, ptr %ctx, i64 %v) {
  call swifttailcc void %fn(ptr swiftasync %ctx, i64 %v)
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

define swifttailcc void @fwd_io(ptr %resume, ptr %ctx, i64 %key) {
  call void @rt_trace(ptr @s.submit, i64 %key)
  call void @rt_io_submit(ptr %resume, ptr %ctx, i64 %key)
  ret void
}

define swifttailcc void @fwd_return_i64(ptr %fn, ptr %ctx, i64 %v) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx, i64 %v)
  ret void
}

; ---- async functions ----

; read_value(key): the value the executor completes the request with, + key
define swifttailcc void @read_value(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @read_value_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %key = load i64, ptr %ap, align 8
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res, ptr @project_self, ptr @fwd_io, ptr %res, ptr %ctx, i64 %key)
  %c = extractvalue { ptr, i64 } %r, 0
  %val = extractvalue { ptr, i64 } %r, 1
  call void @rt_trace(ptr @s.completed, i64 %val)
  %v = add i64 %val, %key
  %rpp = getelementptr inbounds i8, ptr %c, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %c, i64 %v)
  unreachable
}

; reader(base): read_value(base) + read_value(base + 1) + read_value(base + 2)
define swifttailcc void @reader(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @reader_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %base = load i64, ptr %ap, align 8
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc1, %loop ]
  %sizep = getelementptr inbounds <{ i32, i32 }>, ptr @read_value_afp, i32 0, i32 1
  %size = load i32, ptr %sizep, align 4
  %size64 = zext i32 %size to i64
  %cc = call ptr @rt_alloc(i64 %size64)
  store ptr %ctx, ptr %cc, align 8
  %res = call ptr @llvm.coro.async.resume()
  %rpp = getelementptr inbounds i8, ptr %cc, i64 8
  store ptr %res, ptr %rpp, align 8
  %key = add i64 %base, %i
  %cap = getelementptr inbounds i8, ptr %cc, i64 16
  store i64 %key, ptr %cap, align 8
  %r = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res, ptr @project_parent, ptr @fwd_call, ptr @read_value, ptr %cc)
  %cc1 = extractvalue { ptr, i64 } %r, 0
  %v = extractvalue { ptr, i64 } %r, 1
  call void @rt_free(ptr %cc1)
  call void @rt_trace(ptr @s.reader, i64 %v)
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
