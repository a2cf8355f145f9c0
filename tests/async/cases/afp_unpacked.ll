; afp_unpacked: async function pointers of an unpacked { i32, i32 } (the
; form C front ends write, rather than swiftc's packed <{ i32, i32 }>):
; the root's a literal struct, the leaf's a named one. Same layout, the
; size at offset 4: the lowering writes each final size into field 1 and
; the driver and the root read it there at run time. The leaf keeps three
; i64 across its yields, so a size left at its initial 32 overruns the
; context (the allocator's canary).

%afp_t = type { i32, i32 }

@root_afp = constant { i32, i32 } { i32 trunc (i64 sub (i64 ptrtoint (ptr @root to i64), i64 ptrtoint (ptr @root_afp to i64)) to i32), i32 32 }, align 8
@leaf_afp = global %afp_t { i32 trunc (i64 sub (i64 ptrtoint (ptr @leaf to i64), i64 ptrtoint (ptr @leaf_afp to i64)) to i32), i32 32 }, align 8

@s.root.start = private unnamed_addr constant [11 x i8] c"root start\00"
@s.root.got = private unnamed_addr constant [9 x i8] c"root got\00"
@s.leaf.start = private unnamed_addr constant [11 x i8] c"leaf start\00"
@s.leaf.resumed = private unnamed_addr constant [13 x i8] c"leaf resumed\00"

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

; Not inlinable into a constant: keeps the leaf's values live.
define i64 @opaque(i64 %x) noinline {
  %y = add i64 %x, 1
  ret i64 %y
}

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

define swifttailcc void @leaf(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @leaf_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %argp = getelementptr inbounds i8, ptr %ctx, i64 16
  %arg = load i64, ptr %argp, align 8
  call void @rt_trace(ptr @s.leaf.start, i64 %arg)
  %a2 = mul i64 %arg, %arg
  %a3 = call i64 @opaque(i64 %a2)
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_yield, ptr %res, ptr %ctx)
  %ctx1 = extractvalue { ptr } %r, 0
  call void @rt_trace(ptr @s.leaf.resumed, i64 %arg)
  %b = call i64 @opaque(i64 %a3)
  %res2 = call ptr @llvm.coro.async.resume()
  %r2 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res2, ptr @project_self, ptr @fwd_yield, ptr %res2, ptr %ctx1)
  %ctx2 = extractvalue { ptr } %r2, 0
  call void @rt_trace(ptr @s.leaf.resumed, i64 %b)
  %s1 = add i64 %a2, %a3
  %s2 = add i64 %s1, %b
  %v = add i64 %s2, %arg
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
  %sizep = getelementptr inbounds %afp_t, ptr @leaf_afp, i32 0, i32 1
  %size = load i32, ptr %sizep, align 4
  %size64 = zext i32 %size to i64
  %cc = call ptr @rt_alloc(i64 %size64)
  store ptr %ctx, ptr %cc, align 8
  %res = call ptr @llvm.coro.async.resume()
  %rpp = getelementptr inbounds i8, ptr %cc, i64 8
  store ptr %res, ptr %rpp, align 8
  %argp = getelementptr inbounds i8, ptr %cc, i64 16
  store i64 6, ptr %argp, align 8
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
