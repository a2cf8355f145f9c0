; mismatch_async-handoff_80_O2: corolower mismatch in mode O2 (LLVM's lowering matches the native reference)
; exit status 2, expected 1 
; What it caught: after a handover, a value kept in memory (stored where it
; is made) was reloaded at its use, after the continuation had run and the
; context was freed (fixed by 3401bae: such reloads move ahead of the
; handover). Its async function pointers are unnamed (@0, @1).
; reduced from seed 80 by run_diff.py --reduce (61 tests); regenerate with: gen_async.py 80 --size 6 --skip 2,3,4,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,25,26,27,31,35
; check with: run_diff.py --lower CMD --files THIS_FILE --modes O2
; gen_async.py 80 --size 6
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

@0 = hidden global <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @f0 to i64), i64 ptrtoint (ptr @0 to i64)) to i32), i32 48 }>, align 8
@f0_afp = alias <{ i32, i32 }>, ptr @0
@1 = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @f2 to i64), i64 ptrtoint (ptr @1 to i64)) to i32), i32 64 }>, align 8
@f2_afp = alias <{ i32, i32 }>, ptr @1

define swifttailcc void @f0(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %sl0 = alloca i64, align 8
  %sl1 = alloca i64, align 8
  %ar0 = alloca [4 x i64], align 8
  %sc25 = alloca i64, align 8
  %a0p = getelementptr inbounds i8, ptr %ctx, i64 16
  %a0 = load i64, ptr %a0p, align 8
  %a1p = getelementptr inbounds i8, ptr %ctx, i64 24
  %a1 = load i64, ptr %a1p, align 8
  %pb1 = mul i64 %a1, %a1
  %pb2 = mul i64 %pb1, %pb1
  %id = call token @llvm.coro.id.async(i32 48, i32 8, i32 0, ptr @0)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  store i64 1000, ptr %sl0, align 8
  store i64 1001, ptr %sl1, align 8
  call void @llvm.memset.p0.i64(ptr align 8 %ar0, i8 17, i64 32, i1 false)
  %sz28 = load i32, ptr getelementptr inbounds (<{ i32, i32 }>, ptr @f2_afp, i32 0, i32 1), align 4
  %sw28 = zext i32 %sz28 to i64
  %cc28 = call ptr @fz_ctx_alloc(i64 %sw28)
  store ptr %ctx, ptr %cc28, align 8
  %res28 = call ptr @llvm.coro.async.resume()
  %h28.8 = getelementptr inbounds i8, ptr %cc28, i64 8
  store ptr %res28, ptr %h28.8, align 8
  %h28.16 = getelementptr inbounds i8, ptr %cc28, i64 16
  store i64 %pb2, ptr %h28.16, align 8
  %h28.24 = getelementptr inbounds i8, ptr %cc28, i64 24
  store i64 %a1, ptr %h28.24, align 8
  %h28.32 = getelementptr inbounds i8, ptr %cc28, i64 32
  store ptr %ctx, ptr %h28.32, align 8
  %h28.40 = getelementptr inbounds i8, ptr %cc28, i64 40
  store ptr null, ptr %h28.40, align 8
  %pc28.a = addrspacecast ptr @project_alt to ptr addrspace(1)
  %pc28.b = addrspacecast ptr addrspace(1) %pc28.a to ptr
  %pc28 = getelementptr i8, ptr %pc28.b, i64 0
  %r28 = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res28, ptr %pc28, ptr @fwd_call, ptr @f2, ptr %cc28)
  %cb28 = extractvalue { ptr, i64 } %r28, 0
  %aw5 = extractvalue { ptr, i64 } %r28, 1
  call void @fz_ctx_free(ptr %cb28)
  call void @trace(i32 110, i64 %aw5)
  %sz29 = load i32, ptr getelementptr inbounds (<{ i32, i32 }>, ptr @f2_afp, i32 0, i32 1), align 4
  %sw29 = zext i32 %sz29 to i64
  %cc29 = call ptr @fz_ctx_alloc(i64 %sw29)
  store ptr %ctx, ptr %cc29, align 8
  %res29 = call ptr @llvm.coro.async.resume()
  %h29.8 = getelementptr inbounds i8, ptr %cc29, i64 8
  store ptr %res29, ptr %h29.8, align 8
  %h29.16 = getelementptr inbounds i8, ptr %cc29, i64 16
  store i64 1, ptr %h29.16, align 8
  %h29.24 = getelementptr inbounds i8, ptr %cc29, i64 24
  store i64 %a0, ptr %h29.24, align 8
  %h29.32 = getelementptr inbounds i8, ptr %cc29, i64 32
  store ptr %ctx, ptr %h29.32, align 8
  %h29.40 = getelementptr inbounds i8, ptr %cc29, i64 40
  store ptr null, ptr %h29.40, align 8
  %r29 = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res29, ptr @project_parent_alias, ptr @fwd_call, ptr @f2, ptr %cc29)
  %cb29 = extractvalue { ptr, i64 } %r29, 0
  %aw6 = extractvalue { ptr, i64 } %r29, 1
  call void @fz_ctx_free(ptr %cb29)
  call void @trace(i32 111, i64 %aw6)
  %res30 = call ptr @llvm.coro.async.resume()
  %r30 = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res30, ptr @project_self, ptr @fwd_yield_val, ptr %res30, ptr %ctx, i64 %aw5)
  %yv7 = extractvalue { ptr, i64 } %r30, 1
  call void @trace(i32 112, i64 %yv7)
  %v8 = load i64, ptr %sl0, align 8
  %res33 = call ptr @llvm.coro.async.resume()
  %r33 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res33, ptr @project_self, ptr @fwd_yield_poke, ptr %res33, ptr %ctx, ptr %sl0, i64 %v8)
  call void @trace(i32 113, i64 1)
  %res34 = call ptr @llvm.coro.async.resume()
  call void @fz_run_now(ptr %res34, ptr %ctx)
  call void @trace(i32 7113, i64 %aw5)
  %r34 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res34, ptr @project_self_va, ptr @fwd_nothing, ptr %ctx)
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
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 %a1)
  unreachable
}

define swifttailcc void @f2(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %sl0 = alloca i64, align 8
  %sl1 = alloca i64, align 8
  %sl2 = alloca i64, align 8
  %ar0 = alloca [8 x i64], align 16
  %sc5 = alloca i64, align 8
  %a0p = getelementptr inbounds i8, ptr %ctx, i64 16
  %a0 = load i64, ptr %a0p, align 8
  %a1p = getelementptr inbounds i8, ptr %ctx, i64 24
  %a1 = load i64, ptr %a1p, align 8
  %pb1 = mul i64 %a0, %a0
  %pb2 = xor i64 %a0, %a0
  %id = call token @llvm.coro.id.async(i32 64, i32 16, i32 0, ptr @1)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  store i64 1000, ptr %sl0, align 8
  store i64 1001, ptr %sl1, align 8
  store i64 1002, ptr %sl2, align 8
  call void @llvm.memset.p0.i64(ptr align 8 %ar0, i8 17, i64 64, i1 false)
  call void @llvm.lifetime.start.p0(ptr %sc5)
  store i64 %a0, ptr %sc5, align 8
  call void @touch(ptr %sc5, i32 3005)
  %v5 = load i64, ptr %sc5, align 8
  call void @llvm.lifetime.end.p0(ptr %sc5)
  call void @trace(i32 9002, i64 %v5)
  %outpp = getelementptr inbounds i8, ptr %ctx, i64 40
  %outp = load ptr, ptr %outpp, align 8
  %nout = icmp eq ptr %outp, null
  br i1 %nout, label %fin, label %wout
wout:
  %rx = xor i64 %v5, 85
  store i64 %rx, ptr %outp, align 8
  br label %fin
fin:
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 %v5)
  unreachable
}

