; context_index: the async context is not the first parameter.
;   @f(i64 a, i64 b, ptr swiftasync ctx): coro.id.async names parameter 2;
;     a and b are live across both awaits (spilled from arguments);
;   await 1: the suspend's leading i32 is 1: its resume function takes
;     (i64, ptr swiftasync), the context second; @g returns its result
;     first and its context second, so the projection must be applied to
;     parameter 1 of the resume function, and swiftasync must be there;
;   await 2: a yield with leading i32 0 and { ptr }: the executor resumes
;     with the context as parameter 0.
; The task itself is started by C glue passing (a, b, ctx).

@f_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @f to i64), i64 ptrtoint (ptr @f_afp to i64)) to i32), i32 32 }>, align 8
@g_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @g to i64), i64 ptrtoint (ptr @g_afp to i64)) to i32), i32 32 }>, align 8

@s.f = private unnamed_addr constant [2 x i8] c"f\00"
@s.g = private unnamed_addr constant [2 x i8] c"g\00"
@s.got = private unnamed_addr constant [6 x i8] c"f got\00"
@s.ab = private unnamed_addr constant [7 x i8] c"f a*b+\00"

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare { i64, ptr } @llvm.coro.suspend.async.sl_i64p0s(i32, ptr, ptr, ...)
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

define void @glue_start_f(ptr %fn, i64 %a, i64 %b, ptr %ctx) {
  call swifttailcc void %fn(i64 %a, i64 %b, ptr swiftasync %ctx)
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

define swifttailcc void @fwd_return_i64_first(ptr %fn, ptr %ctx, i64 %v) {
  musttail call swifttailcc void %fn(i64 %v, ptr swiftasync %ctx)
  ret void
}

; ---- async functions ----

; g(x): yield; return x * x, value first, context second
define swifttailcc void @g(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @g_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  call void @rt_trace(ptr @s.g, i64 %x)
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_yield, ptr %res, ptr %ctx)
  %v = mul i64 %x, %x
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64_first, ptr %rp, ptr %ctx, i64 %v)
  unreachable
}

; f(a, b, ctx): g(a + b) + a * b, after one more yield
define swifttailcc void @f(i64 %a, i64 %b, ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 2, ptr @f_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  call void @rt_trace(ptr @s.f, i64 %a)
  %sizep = getelementptr inbounds <{ i32, i32 }>, ptr @g_afp, i32 0, i32 1
  %size = load i32, ptr %sizep, align 4
  %size64 = zext i32 %size to i64
  %cc = call ptr @rt_alloc(i64 %size64)
  store ptr %ctx, ptr %cc, align 8
  %res0 = call ptr @llvm.coro.async.resume()
  %rpp = getelementptr inbounds i8, ptr %cc, i64 8
  store ptr %res0, ptr %rpp, align 8
  %s = add i64 %a, %b
  %cap = getelementptr inbounds i8, ptr %cc, i64 16
  store i64 %s, ptr %cap, align 8
  %r0 = call { i64, ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_i64p0s(i32 1, ptr %res0, ptr @project_parent, ptr @fwd_call, ptr @g, ptr %cc)
  %v = extractvalue { i64, ptr } %r0, 0
  %cc1 = extractvalue { i64, ptr } %r0, 1
  call void @rt_free(ptr %cc1)
  call void @rt_trace(ptr @s.got, i64 %v)
  %res1 = call ptr @llvm.coro.async.resume()
  %r1 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res1, ptr @project_self, ptr @fwd_yield, ptr %res1, ptr %ctx)
  %ab = mul i64 %a, %b
  %out = add i64 %v, %ab
  call void @rt_trace(ptr @s.ab, i64 %out)
  %mrpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %mrp = load ptr, ptr %mrpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %mrp, ptr %ctx, i64 %out)
  unreachable
}
