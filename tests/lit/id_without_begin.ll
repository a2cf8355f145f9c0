; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --check-prefix=CALLS --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; A presplit function whose only coroutine intrinsic is an unused
; llvm.coro.id is no coroutine: the id goes and the function stays as it
; is (LLVM's passes do the same, and keep the attribute).
; CHECK-LABEL: define void @k() #0 {
; CHECK-NEXT: entry:
; CHECK-NEXT: call void @work()
; CHECK-NEXT: ret void
; CHECK-NOT: call token @llvm.coro.id
; CHECK: attributes #0 = { presplitcoroutine }
target triple = "x86_64-unknown-linux-gnu"

define void @k() presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  call void @work()
  ret void
}

declare void @work()
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
