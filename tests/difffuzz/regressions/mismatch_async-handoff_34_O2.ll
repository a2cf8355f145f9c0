; mismatch_async-handoff_34_O2: corolower mismatch in mode O2 (LLVM's lowering matches the native reference)
; stdout differs at line 3
; What it caught: a yield hands its continuation to the driver (which runs it
; at once) before the suspend; corolower stored the spills at the suspend's
; tail call, after the handover: the continuation read unset slots, and the
; part wrote a context the finished task had freed (fixed by 3401bae: the
; frame is stored ahead of llvm.coro.async.resume).
; reduced from seed 34 by run_diff.py --reduce (40 tests); regenerate with: gen_async.py 34 --size 4 --disable afpform,projcast,wide,await,yield,yieldval,projection,typed,prebegin,earlyend --skip 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,20,21,22,23,24,25,26,27,28,30,31,32,33,34,35,36,37,38
; check with: run_diff.py --lower CMD --files THIS_FILE --modes O2
; gen_async.py 34 --size 4 --disable afpform,await,earlyend,prebegin,projcast,projection,typed,wide,yield,yieldval
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%swift.async_func_pointer = type <{ i32, i32 }>

declare void @trace(i32, i64)
declare i64 @mix(i64, i64)
declare ptr @fz_ctx_alloc(i64)
declare void @fz_ctx_free(ptr)
declare void @fz_enqueue(ptr, ptr)
declare void @fz_enqueue_val(ptr, ptr, i64)
declare void @fz_enqueue_poke(ptr, ptr, ptr, i64)
declare void @fz_task_done(ptr, i64)
declare ptr @fz_project_ext(ptr)
declare ptr @fz_project_self(ptr)
declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare { ptr, i64 } @llvm.coro.suspend.async.sl_p0i64s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare void @llvm.coro.end(ptr, i1, token)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @llvm.lifetime.start.p0(ptr captures(none))
declare void @llvm.lifetime.end.p0(ptr captures(none))
declare void @touch(ptr, i32)

define void @glue_run(ptr %fn, ptr %ctx) {
  call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}
define void @glue_run_val(ptr %fn, ptr %ctx, i64 %v) {
  call swifttailcc void %fn(ptr swiftasync %ctx, i64 %v)
  ret void
}
define swifttailcc void @task_done(ptr swiftasync %ctx, i64 %v) {
  call void @fz_task_done(ptr %ctx, i64 %v)
  ret void
}
define ptr @project_self(ptr %ctx) {
  ret ptr %ctx
}
define ptr @project_parent(ptr %callee) {
  %parent = load ptr, ptr %callee, align 8
  ret ptr %parent
}
define ptr @project_alt(ptr %callee) {
  %p = getelementptr inbounds i8, ptr %callee, i64 32
  %parent = load ptr, ptr %p, align 8
  ret ptr %parent
}
define swifttailcc void @fwd_call(ptr %fn, ptr %ctx) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}
define swifttailcc void @fwd_yield(ptr %resume, ptr %ctx) {
  call void @fz_enqueue(ptr %resume, ptr %ctx)
  ret void
}
define swifttailcc void @fwd_yield_val(ptr %resume, ptr %ctx, i64 %v) {
  call void @fz_enqueue_val(ptr %resume, ptr %ctx, i64 %v)
  ret void
}
define swifttailcc void @fwd_yield_poke(ptr %resume, ptr %ctx, ptr %p, i64 %v) {
  call void @fz_enqueue_poke(ptr %resume, ptr %ctx, ptr %p, i64 %v)
  ret void
}
define swifttailcc void @fwd_return_i64(ptr %fn, ptr %ctx, i64 %v) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx, i64 %v)
  ret void
}
declare void @fz_run_now(ptr, ptr)
declare ptr @fz_same(ptr returned)
declare ptr @fz_project_ext_va(ptr, ...)
define ptr @project_parent_va(ptr %callee, ...) {
  %parent = load ptr, ptr %callee, align 8
  ret ptr %parent
}
define ptr @project_parent_as1(ptr addrspace(1) %callee) {
  %parent = load ptr, ptr addrspace(1) %callee, align 8
  ret ptr %parent
}
@project_parent_alias = alias ptr (ptr), ptr @project_parent
define ptr @project_self_va(ptr %ctx, ...) {
  ret ptr %ctx
}
@project_self_alias = alias ptr (ptr), ptr @project_self
define swifttailcc void @fwd_nothing(ptr %ctx) {
  ret void
}

@f0_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @f0 to i64), i64 ptrtoint (ptr @f0_afp to i64)) to i32), i32 64 }>, align 8

define swifttailcc void @f0(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %sl0 = alloca i64, align 8
  %sl1 = alloca i64, align 8
  %sl2 = alloca i64, align 8
  %ar0 = alloca [16 x i64], align 8
  %sc20 = alloca i64, align 8
  %id = call token @llvm.coro.id.async(i32 64, i32 8, i32 0, ptr @f0_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %a0p = getelementptr inbounds i8, ptr %ctx, i64 16
  %a0 = load i64, ptr %a0p, align 8
  %a1p = getelementptr inbounds i8, ptr %ctx, i64 24
  %a1 = load i64, ptr %a1p, align 8
  store i64 1000, ptr %sl0, align 8
  store i64 1001, ptr %sl1, align 8
  store i64 1002, ptr %sl2, align 8
  call void @llvm.memset.p0.i64(ptr align 8 %ar0, i8 17, i64 128, i1 false)
  %v1 = sub i64 %a1, %a0
  br label %b1
b1:
  %i2 = phi i64 [ 0, %entry ], [ %i14, %b1 ]
  %v3 = phi i64 [ %a1, %entry ], [ %v13, %b1 ]
  call void @trace(i32 103, i64 %v3)
  %res29 = call ptr @llvm.coro.async.resume()
  call void @fz_run_now(ptr %res29, ptr %ctx)
  call void @trace(i32 7103, i64 %a1)
  %r29 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res29, ptr @project_self, ptr @fwd_nothing, ptr %ctx)
  %v13 = call i64 @mix(i64 %v3, i64 %v3)
  %i14 = add i64 %i2, 1
  %c15 = icmp ult i64 %i14, 4
  br i1 %c15, label %b1, label %b2
b2:
  %v16 = phi i64 [ %v13, %b1 ]
  call void @trace(i32 9000, i64 %a1)
  %outpp = getelementptr inbounds i8, ptr %ctx, i64 40
  %outp = load ptr, ptr %outpp, align 8
  %nout = icmp eq ptr %outp, null
  br i1 %nout, label %fin, label %wout
wout:
  %rx = xor i64 %a1, 85
  store i64 %rx, ptr %outp, align 8
  br label %fin
fin:
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void @fz_enqueue_val(ptr %rp, ptr %ctx, i64 %a1)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}

