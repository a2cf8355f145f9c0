; cc_tailcc: async functions in the tailcc convention whose context
; parameter has no swiftasync attribute. Resume functions must use the
; coroutine's calling convention (tailcc) and must not get swiftasync on
; their context parameter (LLVM adds it only when the coroutine's own
; context parameter has it): the glue calls continuations as
; tailcc void (ptr) with the context in the first argument register, and
; @outer's resume function is entered by a musttail call from @inner.

@outer_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @outer to i64), i64 ptrtoint (ptr @outer_afp to i64)) to i32), i32 32 }>, align 8
@inner_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @inner to i64), i64 ptrtoint (ptr @inner_afp to i64)) to i32), i32 32 }>, align 8

@s.outer = private unnamed_addr constant [6 x i8] c"outer\00"
@s.inner = private unnamed_addr constant [6 x i8] c"inner\00"
@s.got = private unnamed_addr constant [10 x i8] c"outer got\00"

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
  call tailcc void %fn(ptr %ctx)
  ret void
}

define tailcc void @task_done(ptr %ctx, i64 %v) {
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

define tailcc void @fwd_call(ptr %fn, ptr %ctx) {
  musttail call tailcc void %fn(ptr %ctx)
  ret void
}

define tailcc void @fwd_yield(ptr %resume, ptr %ctx) {
  call void @rt_enqueue(ptr %resume, ptr %ctx)
  ret void
}

define tailcc void @fwd_return_i64(ptr %fn, ptr %ctx, i64 %v) {
  musttail call tailcc void %fn(ptr %ctx, i64 %v)
  ret void
}

; ---- async functions ----

define tailcc void @inner(ptr %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @inner_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  call void @rt_trace(ptr @s.inner, i64 %x)
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_yield, ptr %res, ptr %ctx)
  %ctx1 = extractvalue { ptr } %r, 0
  %v = sub i64 1000, %x
  %rpp = getelementptr inbounds i8, ptr %ctx1, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx1, i64 %v)
  unreachable
}

define tailcc void @outer(ptr %ctx) presplitcoroutine {
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
  %x2 = mul i64 %x, 2
  %cap = getelementptr inbounds i8, ptr %cc, i64 16
  store i64 %x2, ptr %cap, align 8
  %r = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res, ptr @project_parent, ptr @fwd_call, ptr @inner, ptr %cc)
  %cc1 = extractvalue { ptr, i64 } %r, 0
  %v = extractvalue { ptr, i64 } %r, 1
  call void @rt_free(ptr %cc1)
  call void @rt_trace(ptr @s.got, i64 %v)
  %out = add i64 %v, %x
  %mrpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %mrp = load ptr, ptr %mrpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %mrp, ptr %ctx, i64 %out)
  unreachable
}
