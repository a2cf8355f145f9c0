; recursion: an async function awaiting itself. @fib(n) awaits fib(n - 1)
; and fib(n - 2), allocating each callee context with the size read from
; its own async function pointer (patched while @fib itself is lowered);
; the leaves (n < 2) yield to the executor before returning. Two tasks,
; fib(9) and fib(6), run interleaved; n and the first result are live
; across the second await.

@fib_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @fib to i64), i64 ptrtoint (ptr @fib_afp to i64)) to i32), i32 32 }>, align 8

@s.fib = private unnamed_addr constant [4 x i8] c"fib\00"

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

define ptr @new_context(ptr %afp, ptr %parent, ptr %resume, i64 %arg) {
  %sizep = getelementptr inbounds <{ i32, i32 }>, ptr %afp, i32 0, i32 1
  %size = load i32, ptr %sizep, align 4
  %size64 = zext i32 %size to i64
  %c = call ptr @rt_alloc(i64 %size64)
  store ptr %parent, ptr %c, align 8
  %rpp = getelementptr inbounds i8, ptr %c, i64 8
  store ptr %resume, ptr %rpp, align 8
  %argp = getelementptr inbounds i8, ptr %c, i64 16
  store i64 %arg, ptr %argp, align 8
  ret ptr %c
}

; ---- async functions ----

define swifttailcc void @fib(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @fib_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %n = load i64, ptr %ap, align 8
  %leaf = icmp ult i64 %n, 2
  br i1 %leaf, label %base, label %rec
base:
  %res0 = call ptr @llvm.coro.async.resume()
  %r0 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res0, ptr @project_self, ptr @fwd_yield, ptr %res0, ptr %ctx)
  br label %out
rec:
  %n1 = sub i64 %n, 1
  %res1 = call ptr @llvm.coro.async.resume()
  %c1 = call ptr @new_context(ptr @fib_afp, ptr %ctx, ptr %res1, i64 %n1)
  %r1 = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res1, ptr @project_parent, ptr @fwd_call, ptr @fib, ptr %c1)
  %c1b = extractvalue { ptr, i64 } %r1, 0
  %a = extractvalue { ptr, i64 } %r1, 1
  call void @rt_free(ptr %c1b)
  %n2 = sub i64 %n, 2
  %res2 = call ptr @llvm.coro.async.resume()
  %c2 = call ptr @new_context(ptr @fib_afp, ptr %ctx, ptr %res2, i64 %n2)
  %r2 = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res2, ptr @project_parent, ptr @fwd_call, ptr @fib, ptr %c2)
  %c2b = extractvalue { ptr, i64 } %r2, 0
  %b = extractvalue { ptr, i64 } %r2, 1
  call void @rt_free(ptr %c2b)
  %s = add i64 %a, %b
  %big = icmp uge i64 %n, 5
  br i1 %big, label %trace, label %out
trace:
  %tag = mul i64 %n, 1000
  %tv = add i64 %tag, %s
  call void @rt_trace(ptr @s.fib, i64 %tv)
  br label %out
out:
  %v = phi i64 [ %n, %base ], [ %s, %rec ], [ %s, %trace ]
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 %v)
  unreachable
}
