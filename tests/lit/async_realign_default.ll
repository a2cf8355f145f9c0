; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; An alloca aligned above the async context (align 32, context alignment
; 16) and live across a suspend is realigned at run time by default, as
; LLVM 22 does: its storage is 8 + (32 - 16) bytes at the frame's start
; and every function that uses it rounds its address up to 32. With the
; i64 %v after it the frame is 32 bytes and the context
; alignTo(32 + 32, 16) = 64, as with LLVM.
; GLOBAL: @g_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @g to i64), i64 ptrtoint (ptr @g_afp to i64)) to i32), i32 64 }>
; GLOBAL-NOT: call {{.*}}@llvm.coro

; The rounding is frame + (-frame & 31), a GEP LLVM's alias analysis
; reads right (not llvm.ptrmask, whose result LLVM 22 takes for its
; operand: tests/difffuzz/regressions/mismatch_async-realign_180_O2).
; GLOBAL-NOT: llvm.ptrmask

; CHECK-LABEL: define swifttailcc void @g(
; CHECK: %async.ctx.frameptr = getelementptr inbounds i8, ptr %ctx, i64 32
; CHECK: [[I:%[0-9]+]] = ptrtoint ptr %async.ctx.frameptr to i64
; CHECK: [[NEG:%[0-9]+]] = sub i64 0, [[I]]
; CHECK: [[PAD:%[0-9]+]] = and i64 [[NEG]], 31
; CHECK: [[BIG:%[0-9]+]] = getelementptr inbounds i8, ptr %async.ctx.frameptr, i64 [[PAD]]
; CHECK: call void @sinkp(ptr [[BIG]])
; CHECK: musttail call swifttailcc void @fwd(ptr @g.resume.0, ptr %ctx)
; CHECK-LABEL: define internal swifttailcc void @g.resume.0(
; CHECK: [[I2:%[0-9]+]] = ptrtoint ptr %async.ctx.frameptr to i64
; CHECK: [[NEG2:%[0-9]+]] = sub i64 0, [[I2]]
; CHECK: [[PAD2:%[0-9]+]] = and i64 [[NEG2]], 31
; CHECK: [[BIG2:%[0-9]+]] = getelementptr inbounds i8, ptr %async.ctx.frameptr, i64 [[PAD2]]
; CHECK: load i64, ptr [[BIG2]]

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@g_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @g to i64), i64 ptrtoint (ptr @g_afp to i64)) to i32), i32 32 }>

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare i64 @get()
declare void @sink(i64)
declare void @sinkp(ptr)

define ptr @project(ptr %ctx) {
  ret ptr %ctx
}

define swifttailcc void @fwd(ptr %fn, ptr %ctx) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}

define swifttailcc void @g(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %big = alloca i64, align 32
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @g_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %v = call i64 @get()
  store i64 %v, ptr %big, align 8
  call void @sinkp(ptr %big)
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project, ptr @fwd, ptr %res, ptr %ctx)
  %w = load i64, ptr %big, align 8
  call void @sink(i64 %w)
  call void @sink(i64 %v)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}
