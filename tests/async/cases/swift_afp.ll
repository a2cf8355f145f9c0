; swift_afp: async function pointers as swiftc emits them, mutable globals
; (`hidden global %swift.async_func_pointer`, in a read-only section), and
; unnamed ones (@0, @1: C reaches them through aliases). Each gets its final
; context size written into its initializer like a constant one, its
; relative pointer (field 0) kept. @mid awaits @leaf, allocating @leaf's
; context with the size it reads from @leaf_afp at run time; the driver
; allocates @mid's and @mid_thunk's contexts with the sizes it reads from
; @0 and @1. @1 starts at 0 and gets @0's size from
; llvm.coro.async.size.replace. Every function keeps values in its frame
; past the 32 header bytes, so a size left unpatched breaks the
; allocator's canary.

%swift.async_func_pointer = type <{ i32, i32 }>

@leaf_afp = hidden global %swift.async_func_pointer <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @leaf to i64), i64 ptrtoint (ptr @leaf_afp to i64)) to i32), i32 32 }>, section "__TEXT,__const", align 8
@0 = hidden global <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @mid to i64), i64 ptrtoint (ptr @0 to i64)) to i32), i32 32 }>, align 8
@1 = hidden global <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @mid_thunk to i64), i64 ptrtoint (ptr @1 to i64)) to i32), i32 0 }>, align 8
@mid_afp = alias <{ i32, i32 }>, ptr @0
@mid_thunk_afp = alias <{ i32, i32 }>, ptr @1

@s.leaf = private unnamed_addr constant [5 x i8] c"leaf\00"
@s.leaf.resumed = private unnamed_addr constant [13 x i8] c"leaf resumed\00"
@s.mid = private unnamed_addr constant [4 x i8] c"mid\00"
@s.mid.got = private unnamed_addr constant [8 x i8] c"mid got\00"
@s.thunk = private unnamed_addr constant [6 x i8] c"thunk\00"

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare { ptr, i64 } @llvm.coro.suspend.async.sl_p0i64s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare void @llvm.coro.async.size.replace(ptr, ptr)

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

; A partial-apply style forwarder: @mid's context, so @mid's size.
define swifttailcc void @mid_thunk(ptr swiftasync %ctx) {
entry:
  call void @llvm.coro.async.size.replace(ptr @1, ptr @0)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  call void @rt_trace(ptr @s.thunk, i64 %x)
  %x2 = add i64 %x, 1000
  store i64 %x2, ptr %ap, align 8
  musttail call swifttailcc void @mid(ptr swiftasync %ctx)
  ret void
}

; ---- async functions ----

; leaf(x): four values live across a yield; returns their sum.
define swifttailcc void @leaf(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @leaf_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  call void @rt_trace(ptr @s.leaf, i64 %x)
  %a = mul i64 %x, 3
  %b = mul i64 %x, 5
  %c = call i64 @llvm.umax.i64(i64 %a, i64 17)
  %d = xor i64 %x, 255
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_yield, ptr %res, ptr %ctx)
  call void @rt_trace(ptr @s.leaf.resumed, i64 %x)
  %s0 = add i64 %a, %b
  %s1 = add i64 %s0, %c
  %s2 = add i64 %s1, %d
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 %s2)
  unreachable
}

; mid(x): awaits leaf(x + 1) with a context sized from @leaf_afp at run
; time, keeping three values across the await; its own pointer is @0.
define swifttailcc void @mid(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @0)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  call void @rt_trace(ptr @s.mid, i64 %x)
  %k = mul i64 %x, 7
  %m = sub i64 %x, 2
  %szp = getelementptr inbounds %swift.async_func_pointer, ptr @leaf_afp, i32 0, i32 1
  %sz = load i32, ptr %szp, align 4
  %sz64 = zext i32 %sz to i64
  %cc = call ptr @rt_alloc(i64 %sz64)
  store ptr %ctx, ptr %cc, align 8
  %res = call ptr @llvm.coro.async.resume()
  %crp = getelementptr inbounds i8, ptr %cc, i64 8
  store ptr %res, ptr %crp, align 8
  %cap = getelementptr inbounds i8, ptr %cc, i64 16
  %x1 = add i64 %x, 1
  store i64 %x1, ptr %cap, align 8
  %r = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res, ptr @project_parent, ptr @fwd_call, ptr @leaf, ptr %cc)
  %c1 = extractvalue { ptr, i64 } %r, 0
  %v = extractvalue { ptr, i64 } %r, 1
  call void @rt_free(ptr %c1)
  call void @rt_trace(ptr @s.mid.got, i64 %v)
  %t0 = add i64 %v, %k
  %t1 = mul i64 %t0, %m
  %t2 = add i64 %t1, %x
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 %t2)
  unreachable
}

declare i64 @llvm.umax.i64(i64, i64)
