; size_replace: llvm.coro.async.size.replace(dst, src) copies src's final
; context size into dst's async function pointer, once sizes are final.
; @g_thunk is not a coroutine: it forwards to @g with the same context (as
; a partial-apply forwarder does), so its context must be as large as @g's.
; @g_thunk_afp starts with size 0; the replace call inside @g_thunk (erased
; by the lowering) gives it @g's patched size; its relative pointer (field
; 0) must still lead to @g_thunk. The driver checks the sizes are equal and
; runs two tasks through the thunk, allocating their contexts with the
; thunk's size: @g keeps a frame past the 32 header bytes, so a context
; sized from an unreplaced (or early) size breaks the allocator's canary.

@g_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @g to i64), i64 ptrtoint (ptr @g_afp to i64)) to i32), i32 32 }>, align 8
@g_thunk_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @g_thunk to i64), i64 ptrtoint (ptr @g_thunk_afp to i64)) to i32), i32 0 }>, align 8

@s.g = private unnamed_addr constant [2 x i8] c"g\00"
@s.thunk = private unnamed_addr constant [6 x i8] c"thunk\00"
@s.gres = private unnamed_addr constant [10 x i8] c"g resumed\00"

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare void @llvm.coro.async.size.replace(ptr, ptr)

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

define swifttailcc void @fwd_yield(ptr %resume, ptr %ctx) {
  call void @rt_enqueue(ptr %resume, ptr %ctx)
  ret void
}

define swifttailcc void @fwd_return_i64(ptr %fn, ptr %ctx, i64 %v) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx, i64 %v)
  ret void
}

; The forwarder: context size of @g, set by the lowering.
define swifttailcc void @g_thunk(ptr swiftasync %ctx) {
entry:
  call void @llvm.coro.async.size.replace(ptr @g_thunk_afp, ptr @g_afp)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  call void @rt_trace(ptr @s.thunk, i64 %x)
  %x2 = add i64 %x, 100
  store i64 %x2, ptr %ap, align 8
  musttail call swifttailcc void @g(ptr swiftasync %ctx)
  ret void
}

; ---- async functions ----

; g(x): keeps four values in its frame across a yield; returns their sum
define swifttailcc void @g(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @g_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  call void @rt_trace(ptr @s.g, i64 %x)
  %a = mul i64 %x, 3
  %b = mul i64 %x, 5
  %c = mul i64 %x, 7
  %d = mul i64 %x, 11
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_yield, ptr %res, ptr %ctx)
  call void @rt_trace(ptr @s.gres, i64 %x)
  %s0 = add i64 %a, %b
  %s1 = add i64 %s0, %c
  %s2 = add i64 %s1, %d
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 %s2)
  unreachable
}
