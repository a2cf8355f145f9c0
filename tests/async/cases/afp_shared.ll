; afp_shared: two async functions name one async function pointer in
; their llvm.coro.id.async: @big (the function its field 0 points to) and
; @small, as a front end may emit for two entry points of one function.
; @big keeps four i64 across its yield, @small one. Only one size fits in
; the pointer, and callers may start either function with it: the root
; awaits both, each in a context of the size read from @shared_afp at run
; time, so a size too small for @big (the size of @small alone) overruns
; @big's context (the allocator's canary).

@root_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @root to i64), i64 ptrtoint (ptr @root_afp to i64)) to i32), i32 32 }>, align 8
@shared_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @big to i64), i64 ptrtoint (ptr @shared_afp to i64)) to i32), i32 32 }>, align 8

@s.root.start = private unnamed_addr constant [11 x i8] c"root start\00"
@s.root.got = private unnamed_addr constant [9 x i8] c"root got\00"
@s.big.start = private unnamed_addr constant [10 x i8] c"big start\00"
@s.big.resumed = private unnamed_addr constant [12 x i8] c"big resumed\00"
@s.small.start = private unnamed_addr constant [12 x i8] c"small start\00"
@s.small.resumed = private unnamed_addr constant [14 x i8] c"small resumed\00"

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
declare void @rt_trace_str(ptr)
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

; Not foldable: keeps the values live across the yields.
define i64 @opaque(i64 %x) noinline {
  %y = add i64 %x, 1
  ret i64 %y
}

; ---- async functions ----

define swifttailcc void @big(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @shared_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %argp = getelementptr inbounds i8, ptr %ctx, i64 16
  %arg = load i64, ptr %argp, align 8
  call void @rt_trace(ptr @s.big.start, i64 %arg)
  %a = call i64 @opaque(i64 %arg)
  %b = call i64 @opaque(i64 %a)
  %c = call i64 @opaque(i64 %b)
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_yield, ptr %res, ptr %ctx)
  %ctx1 = extractvalue { ptr } %r, 0
  call void @rt_trace(ptr @s.big.resumed, i64 %c)
  %ab = mul i64 %a, %b
  %abc = mul i64 %ab, %c
  %v = add i64 %abc, %arg
  %rpp = getelementptr inbounds i8, ptr %ctx1, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx1, i64 %v)
  unreachable
}

define swifttailcc void @small(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @shared_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %argp = getelementptr inbounds i8, ptr %ctx, i64 16
  %arg = load i64, ptr %argp, align 8
  call void @rt_trace(ptr @s.small.start, i64 %arg)
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_yield, ptr %res, ptr %ctx)
  %ctx1 = extractvalue { ptr } %r, 0
  call void @rt_trace(ptr @s.small.resumed, i64 %arg)
  %v = mul i64 %arg, 3
  %rpp = getelementptr inbounds i8, ptr %ctx1, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx1, i64 %v)
  unreachable
}

define swifttailcc void @root(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @root_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  call void @rt_trace_str(ptr @s.root.start)
  %sizep = getelementptr inbounds <{ i32, i32 }>, ptr @shared_afp, i32 0, i32 1
  %size = load i32, ptr %sizep, align 4
  %size64 = zext i32 %size to i64
  %cc = call ptr @rt_alloc(i64 %size64)
  store ptr %ctx, ptr %cc, align 8
  %res = call ptr @llvm.coro.async.resume()
  %rpp = getelementptr inbounds i8, ptr %cc, i64 8
  store ptr %res, ptr %rpp, align 8
  %argp = getelementptr inbounds i8, ptr %cc, i64 16
  store i64 2, ptr %argp, align 8
  %r = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res, ptr @project_parent, ptr @fwd_call, ptr @big, ptr %cc)
  %cc1 = extractvalue { ptr, i64 } %r, 0
  %val = extractvalue { ptr, i64 } %r, 1
  call void @rt_free(ptr %cc1)
  call void @rt_trace(ptr @s.root.got, i64 %val)
  %size2 = load i32, ptr %sizep, align 4
  %size2.64 = zext i32 %size2 to i64
  %dd = call ptr @rt_alloc(i64 %size2.64)
  store ptr %ctx, ptr %dd, align 8
  %res2 = call ptr @llvm.coro.async.resume()
  %rpp2 = getelementptr inbounds i8, ptr %dd, i64 8
  store ptr %res2, ptr %rpp2, align 8
  %argp2 = getelementptr inbounds i8, ptr %dd, i64 16
  store i64 %val, ptr %argp2, align 8
  %r2 = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res2, ptr @project_parent, ptr @fwd_call, ptr @small, ptr %dd)
  %dd1 = extractvalue { ptr, i64 } %r2, 0
  %val2 = extractvalue { ptr, i64 } %r2, 1
  call void @rt_free(ptr %dd1)
  call void @rt_trace(ptr @s.root.got, i64 %val2)
  %out = add i64 %val2, 1
  %myrpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %myrp = load ptr, ptr %myrpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %myrp, ptr %ctx, i64 %out)
  unreachable
}
