; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Context alignment 0 in llvm.coro.id.async: no alignment is claimed, and
; it means 1 (as LLVM reads it): the frame starts right after the 20-byte
; header, the i64 kept across the suspend is stored and reloaded with
; align 1, and the context size is 20 + 8 = 28, not rounded (as with LLVM).
; GLOBAL: @g_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @g to i64), i64 ptrtoint (ptr @g_afp to i64)) to i32), i32 28 }>
; GLOBAL-NOT: call {{.*}}@llvm.coro

; CHECK-LABEL: define swifttailcc void @g(
; CHECK: %async.ctx.frameptr = getelementptr inbounds i8, ptr %ctx, i64 20
; CHECK: store i64 %v, ptr %async.ctx.frameptr, align 1
; CHECK: musttail call swifttailcc void @fwd(ptr @g.resume.0, ptr %ctx)
; CHECK-LABEL: define internal swifttailcc void @g.resume.0(
; CHECK: %async.ctx.frameptr = getelementptr inbounds i8, ptr %async.ctx, i64 20
; CHECK: load i64, ptr %async.ctx.frameptr, align 1

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@g_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @g to i64), i64 ptrtoint (ptr @g_afp to i64)) to i32), i32 20 }>

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare i64 @get()
declare void @sink(i64)

define ptr @project(ptr %ctx) {
  ret ptr %ctx
}

define swifttailcc void @fwd(ptr %fn, ptr %ctx) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}

define swifttailcc void @g(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 20, i32 0, i32 0, ptr @g_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %v = call i64 @get()
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project, ptr @fwd, ptr %res, ptr %ctx)
  call void @sink(i64 %v)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}
