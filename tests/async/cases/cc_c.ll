; cc_c: async functions in the C calling convention. musttail in ccc needs
; caller and callee prototypes to match, so every function that tail-calls
; another is void (ptr): the forwarders name their callee statically
; (@fwd_to_inner) or load it from the context (@fwd_return), results go
; through the context (+24), and every suspend returns { ptr }. Resume
; functions must be ccc void (ptr) without swiftasync (the coroutines'
; context parameters have none). No glue is needed to call them from C,
; but the driver goes through glue_run like every other case.

@outer_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @outer to i64), i64 ptrtoint (ptr @outer_afp to i64)) to i32), i32 32 }>, align 8
@inner_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @inner to i64), i64 ptrtoint (ptr @inner_afp to i64)) to i32), i32 32 }>, align 8

@s.outer = private unnamed_addr constant [6 x i8] c"outer\00"
@s.inner = private unnamed_addr constant [6 x i8] c"inner\00"
@s.again = private unnamed_addr constant [12 x i8] c"inner again\00"
@s.got = private unnamed_addr constant [10 x i8] c"outer got\00"

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)

declare ptr @rt_alloc(i64)
declare void @rt_free(ptr)
declare void @rt_enqueue(ptr, ptr)
declare void @rt_trace(ptr, i64)
declare void @rt_task_done(ptr, i64)

; ---- glue and helpers (not coroutines) ----

define void @glue_run(ptr %fn, ptr %ctx) {
  call void %fn(ptr %ctx)
  ret void
}

; A task's parent continuation: the result is at +24.
define void @task_done(ptr %ctx) {
  %vp = getelementptr inbounds i8, ptr %ctx, i64 24
  %v = load i64, ptr %vp, align 8
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

define void @fwd_to_inner(ptr %ctx) {
  musttail call void @inner(ptr %ctx)
  ret void
}

define void @fwd_yield(ptr %resume, ptr %ctx) {
  call void @rt_enqueue(ptr %resume, ptr %ctx)
  ret void
}

; Return to the parent: its resume function is at +8 of the context.
define void @fwd_return(ptr %ctx) {
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  musttail call void %rp(ptr %ctx)
  ret void
}

; ---- async functions ----

; inner(x): yield twice, store x + 7 at +24 of its context
define void @inner(ptr %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @inner_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  call void @rt_trace(ptr @s.inner, i64 %x)
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_yield, ptr %res, ptr %ctx)
  call void @rt_trace(ptr @s.again, i64 %x)
  %res1 = call ptr @llvm.coro.async.resume()
  %r1 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res1, ptr @project_self, ptr @fwd_yield, ptr %res1, ptr %ctx)
  %v = add i64 %x, 7
  %outp = getelementptr inbounds i8, ptr %ctx, i64 24
  store i64 %v, ptr %outp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return, ptr %ctx)
  unreachable
}

define void @outer(ptr %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @outer_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  call void @rt_trace(ptr @s.outer, i64 %x)
  %sizep = getelementptr inbounds <{ i32, i32 }>, ptr @inner_afp, i32 0, i32 1
  %size = load i32, ptr %sizep, align 4
  %size64 = zext i32 %size to i64
  %cc = call ptr @rt_alloc(i64 %size64)
  store ptr %ctx, ptr %cc, align 8
  %res = call ptr @llvm.coro.async.resume()
  %rpp = getelementptr inbounds i8, ptr %cc, i64 8
  store ptr %res, ptr %rpp, align 8
  %x3 = mul i64 %x, 3
  %cap = getelementptr inbounds i8, ptr %cc, i64 16
  store i64 %x3, ptr %cap, align 8
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_parent, ptr @fwd_to_inner, ptr %cc)
  %cc1 = extractvalue { ptr } %r, 0
  %vp = getelementptr inbounds i8, ptr %cc1, i64 24
  %v = load i64, ptr %vp, align 8
  call void @rt_free(ptr %cc1)
  call void @rt_trace(ptr @s.got, i64 %v)
  %out = mul i64 %v, %x
  %op = getelementptr inbounds i8, ptr %ctx, i64 24
  store i64 %out, ptr %op, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return, ptr %ctx)
  unreachable
}
