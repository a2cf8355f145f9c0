; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; A swifterror alloca in an async function, as swiftc -Onone gives every
; async function that calls a throwing one: in the entry block, set to
; null there, passed to throwing calls before and after an await, and what
; it holds read after the await. No frame may hold the slot (the verifier
; wants a swifterror operand to be an alloca or a parameter): what it
; holds lives across the await as a value (8 bytes in the frame, context
; 32 + 8 rounded up to 48), and each part passes a swifterror alloca of
; its own, the value stored there before the call and read back after it.
;
; CHECK-LABEL: define swifttailcc void @f(ptr swiftasync %ctx)
; CHECK-NEXT: {{.*}}:
; CHECK-NEXT: %swifterror.slot = alloca swifterror ptr, align 8
; CHECK: store ptr null, ptr %swifterror.slot, align 8
; CHECK-NEXT: call swiftcc void @mayThrow(i64 1, ptr swifterror %swifterror.slot)
; CHECK-NEXT: [[E:%.*]] = load ptr, ptr %swifterror.slot, align 8
; CHECK: store ptr [[E]], ptr
; CHECK: musttail call swifttailcc void @fwd(
;
; CHECK-LABEL: define internal swifttailcc void @f.resume.0(ptr swiftasync %0)
; CHECK-NEXT: entry:
; CHECK-NEXT: %swifterror.slot = alloca swifterror ptr, align 8
; CHECK: [[KEPT:%.*]] = load ptr, ptr
; CHECK: store ptr [[KEPT]], ptr %swifterror.slot, align 8
; CHECK-NEXT: call swiftcc void @mayThrow(i64 2, ptr swifterror %swifterror.slot)
; CHECK-NEXT: [[OUT:%.*]] = load ptr, ptr %swifterror.slot, align 8
; CHECK-NEXT: call void @report(ptr [[OUT]])
;
; GLOBAL: @f_afp = constant <{ i32, i32 }> <{ i32 0, i32 48 }>
; GLOBAL-NOT: corolower.swifterror
; GLOBAL-NOT: swifterror %{{.*}}.addr
; GLOBAL-NOT: getelementptr {{.*}} swifterror

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@f_afp = constant <{ i32, i32 }> <{ i32 0, i32 32 }>

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare swiftcc void @mayThrow(i64, ptr swifterror)
declare void @report(ptr)
declare swifttailcc void @callee(ptr swiftasync)

define ptr @project(ptr %callee) {
  %p = load ptr, ptr %callee
  ret ptr %p
}

define swifttailcc void @fwd(ptr %fn, ptr %ctx) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}

define swifttailcc void @f(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %err = alloca swifterror ptr, align 8
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @f_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  store ptr null, ptr %err, align 8
  call swiftcc void @mayThrow(i64 1, ptr swifterror %err)
  %res = call ptr @llvm.coro.async.resume()
  %cc = getelementptr inbounds i8, ptr %ctx, i64 16
  store ptr %ctx, ptr %cc
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project, ptr @fwd, ptr @callee, ptr %cc)
  call swiftcc void @mayThrow(i64 2, ptr swifterror %err)
  %e = load ptr, ptr %err, align 8
  call void @report(ptr %e)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}
