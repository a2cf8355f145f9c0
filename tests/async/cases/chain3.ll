; chain3: an await chain three deep. @top awaits @mid, which awaits
; @bottom, which yields to the executor twice before returning. Each level
; allocates its callee's context with the size read from the callee's async
; function pointer at run time, keeps its own argument and a value computed
; before the await live across it, and frees the callee's context after.
; Resumes go up the chain as tail calls: @bottom's coro.end.async calls
; @mid's resume function, whose coro.end.async calls @top's.

@top_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @top to i64), i64 ptrtoint (ptr @top_afp to i64)) to i32), i32 32 }>, align 8
@mid_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @mid to i64), i64 ptrtoint (ptr @mid_afp to i64)) to i32), i32 32 }>, align 8
@bottom_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @bottom to i64), i64 ptrtoint (ptr @bottom_afp to i64)) to i32), i32 32 }>, align 8

@s.top.in = private unnamed_addr constant [7 x i8] c"top in\00"
@s.top.out = private unnamed_addr constant [8 x i8] c"top out\00"
@s.mid.in = private unnamed_addr constant [7 x i8] c"mid in\00"
@s.mid.out = private unnamed_addr constant [8 x i8] c"mid out\00"
@s.bottom.in = private unnamed_addr constant [10 x i8] c"bottom in\00"
@s.bottom.yield = private unnamed_addr constant [13 x i8] c"bottom yield\00"
@s.bottom.out = private unnamed_addr constant [11 x i8] c"bottom out\00"

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

; Allocate a context for the function behind %afp, fill its header.
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

; bottom(x): yield twice, return x * 10
define swifttailcc void @bottom(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @bottom_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %argp = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %argp, align 8
  call void @rt_trace(ptr @s.bottom.in, i64 %x)
  %res0 = call ptr @llvm.coro.async.resume()
  %r0 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res0, ptr @project_self, ptr @fwd_yield, ptr %res0, ptr %ctx)
  %ctx0 = extractvalue { ptr } %r0, 0
  call void @rt_trace(ptr @s.bottom.yield, i64 1)
  %res1 = call ptr @llvm.coro.async.resume()
  %r1 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res1, ptr @project_self, ptr @fwd_yield, ptr %res1, ptr %ctx0)
  %ctx1 = extractvalue { ptr } %r1, 0
  call void @rt_trace(ptr @s.bottom.yield, i64 2)
  %v = mul i64 %x, 10
  call void @rt_trace(ptr @s.bottom.out, i64 %v)
  %rpp = getelementptr inbounds i8, ptr %ctx1, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx1, i64 %v)
  unreachable
}

; mid(x): return bottom(x + 1) + 2 * x
define swifttailcc void @mid(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @mid_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %argp = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %argp, align 8
  call void @rt_trace(ptr @s.mid.in, i64 %x)
  %twice = shl i64 %x, 1
  %x1 = add i64 %x, 1
  %res = call ptr @llvm.coro.async.resume()
  %cc = call ptr @new_context(ptr @bottom_afp, ptr %ctx, ptr %res, i64 %x1)
  %r = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res, ptr @project_parent, ptr @fwd_call, ptr @bottom, ptr %cc)
  %cc1 = extractvalue { ptr, i64 } %r, 0
  %b = extractvalue { ptr, i64 } %r, 1
  %me = load ptr, ptr %cc1, align 8
  call void @rt_free(ptr %cc1)
  %v = add i64 %b, %twice
  call void @rt_trace(ptr @s.mid.out, i64 %v)
  %rpp = getelementptr inbounds i8, ptr %me, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %me, i64 %v)
  unreachable
}

; top(x): return mid(x) * 3 + x
define swifttailcc void @top(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @top_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %argp = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %argp, align 8
  call void @rt_trace(ptr @s.top.in, i64 %x)
  %res = call ptr @llvm.coro.async.resume()
  %cc = call ptr @new_context(ptr @mid_afp, ptr %ctx, ptr %res, i64 %x)
  %r = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res, ptr @project_parent, ptr @fwd_call, ptr @mid, ptr %cc)
  %cc1 = extractvalue { ptr, i64 } %r, 0
  %m = extractvalue { ptr, i64 } %r, 1
  call void @rt_free(ptr %cc1)
  %m3 = mul i64 %m, 3
  %v = add i64 %m3, %x
  call void @rt_trace(ptr @s.top.out, i64 %v)
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 %v)
  unreachable
}
