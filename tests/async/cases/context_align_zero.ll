; context_align_zero: llvm.coro.id.async with context alignment 0, which
; claims no alignment at all (LLVM reads it as 1). The leaf's header is 20
; bytes (+16: an i32 argument), so its frame starts at +20 with no
; rounding; its contexts are allocated 8 bytes past a multiple of 32 (8-
; but never 16-aligned). It keeps an i64 and an i32 across two yields
; (stored unaligned: no alignment is known) and a <4 x i32> alloca of
; align 16, which only a run-time realignment aligns: the leaf checks it
; after each yield, and the contents must survive.

@root_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @root to i64), i64 ptrtoint (ptr @root_afp to i64)) to i32), i32 32 }>, align 8
@leaf_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @leaf to i64), i64 ptrtoint (ptr @leaf_afp to i64)) to i32), i32 20 }>, align 8

@s.root.start = private unnamed_addr constant [11 x i8] c"root start\00"
@s.root.got = private unnamed_addr constant [9 x i8] c"root got\00"
@s.leaf.start = private unnamed_addr constant [11 x i8] c"leaf start\00"
@s.leaf.resumed = private unnamed_addr constant [13 x i8] c"leaf resumed\00"
@s.vec = private unnamed_addr constant [4 x i8] c"vec\00"

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare { ptr, i64 } @llvm.coro.suspend.async.sl_p0i64s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)

declare ptr @rt_alloc(i64)
declare ptr @alloc_off8(i64)
declare void @rt_check_align(ptr, ptr, i64)
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

declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)

; Not foldable: keeps the leaf's values live across its yields.
define i64 @opaque(i64 %x) noinline {
  %y = add i64 %x, 1
  ret i64 %y
}

; ---- async functions ----

define swifttailcc void @leaf(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %vec = alloca <4 x i32>, align 16
  %id = call token @llvm.coro.id.async(i32 20, i32 0, i32 0, ptr @leaf_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %argp = getelementptr inbounds i8, ptr %ctx, i64 16
  %arg32 = load i32, ptr %argp, align 4
  %arg = sext i32 %arg32 to i64
  call void @rt_trace(ptr @s.leaf.start, i64 %arg)
  %big = call i64 @opaque(i64 %arg)
  %small = mul i32 %arg32, 3
  %e = insertelement <4 x i32> <i32 1, i32 2, i32 3, i32 0>, i32 %arg32, i32 3
  store <4 x i32> %e, ptr %vec, align 16
  call void @rt_check_align(ptr @s.vec, ptr %vec, i64 16)
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_yield, ptr %res, ptr %ctx)
  %ctx1 = extractvalue { ptr } %r, 0
  call void @rt_trace(ptr @s.leaf.resumed, i64 %big)
  call void @rt_check_align(ptr @s.vec, ptr %vec, i64 16)
  %v1 = load <4 x i32>, ptr %vec, align 16
  %v2 = add <4 x i32> %v1, <i32 10, i32 10, i32 10, i32 10>
  store <4 x i32> %v2, ptr %vec, align 16
  %res2 = call ptr @llvm.coro.async.resume()
  %r2 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res2, ptr @project_self, ptr @fwd_yield, ptr %res2, ptr %ctx1)
  %ctx2 = extractvalue { ptr } %r2, 0
  %small64 = sext i32 %small to i64
  call void @rt_trace(ptr @s.leaf.resumed, i64 %small64)
  call void @rt_check_align(ptr @s.vec, ptr %vec, i64 16)
  %v3 = load <4 x i32>, ptr %vec, align 16
  %vs = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %v3)
  %vs64 = sext i32 %vs to i64
  call void @rt_trace(ptr @s.vec, i64 %vs64)
  %s1 = add i64 %big, %small64
  %v = add i64 %s1, %vs64
  %rpp = getelementptr inbounds i8, ptr %ctx2, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx2, i64 %v)
  unreachable
}

define swifttailcc void @root(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @root_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  call void @rt_trace_str(ptr @s.root.start)
  %sizep = getelementptr inbounds <{ i32, i32 }>, ptr @leaf_afp, i32 0, i32 1
  %size = load i32, ptr %sizep, align 4
  %size64 = zext i32 %size to i64
  %cc = call ptr @alloc_off8(i64 %size64)
  store ptr %ctx, ptr %cc, align 8
  %res = call ptr @llvm.coro.async.resume()
  %rpp = getelementptr inbounds i8, ptr %cc, i64 8
  store ptr %res, ptr %rpp, align 8
  %argp = getelementptr inbounds i8, ptr %cc, i64 16
  store i32 6, ptr %argp, align 4
  %r = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res, ptr @project_parent, ptr @fwd_call, ptr @leaf, ptr %cc)
  %cc1 = extractvalue { ptr, i64 } %r, 0
  %val = extractvalue { ptr, i64 } %r, 1
  call void @rt_free(ptr %cc1)
  call void @rt_trace(ptr @s.root.got, i64 %val)
  %out = add i64 %val, 1
  %myrpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %myrp = load ptr, ptr %myrpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %myrp, ptr %ctx, i64 %out)
  unreachable
}
