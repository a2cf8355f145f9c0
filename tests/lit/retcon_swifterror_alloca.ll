; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Swifterror allocas whose error values live across a suspend: what they
; hold becomes values (promoted to SSA, as LLVM does), and one spill keeps
; the error both hold across the suspend (8 bytes, LLVM 22's frame too).
; %err is passed to a call: each function passes a swifterror alloca of
; its own, the value stored there before the call and taken back after
; it. %last is only loaded and stored (no frame or copy may hold a
; swifterror alloca either). The continuation's own swifterror parameter
; (the prototype has one) is its caller's slot, which the coroutine never
; writes: it stays untouched. (LLVM 22 passes that parameter to
; @mayThrow instead, so the continuation's caller finds the alloca's error
; in its slot as if the coroutine had thrown it.)
;
; CHECK-LABEL: define swiftcc ptr @scan(ptr %buffer) {
; CHECK-NEXT: entry:
; CHECK-NEXT: %swifterror.slot = alloca swifterror ptr, align 8
; CHECK-NOT: alloca
; CHECK: call void @report(ptr [[PREV:%.*]])
; CHECK-NEXT: store ptr {{%.*}}, ptr %swifterror.slot, align 8
; CHECK-NEXT: call swiftcc void @mayThrow(ptr swifterror %swifterror.slot)
; CHECK-NEXT: [[OUT:%.*]] = load ptr, ptr %swifterror.slot, align 8
; CHECK-NEXT: call void @report(ptr [[OUT]])
; CHECK-NEXT: store ptr [[OUT]], ptr %buffer, align 8
; CHECK-NEXT: ret ptr @scan.resume.0
;
; CHECK-LABEL: define internal swiftcc ptr @scan.resume.0(ptr {{.*}}%buffer, i1 %0, ptr swifterror %1) {
; CHECK-NEXT: entry:
; CHECK-NEXT: %swifterror.slot = alloca swifterror ptr, align 8
; CHECK-NOT: ptr %1
; CHECK: call void @report(ptr [[KEPT:%[0-9]+]])
; CHECK-NEXT: store ptr [[KEPT]], ptr %swifterror.slot, align 8
; CHECK-NEXT: call swiftcc void @mayThrow(ptr swifterror %swifterror.slot)
; CHECK-NEXT: [[OUT2:%.*]] = load ptr, ptr %swifterror.slot, align 8
; CHECK-NEXT: call void @report(ptr [[OUT2]])
; CHECK-NEXT: store ptr [[OUT2]], ptr %buffer, align 8
; CHECK-NOT: ptr %1
; CHECK: [[KEPT]] = load ptr, ptr %buffer, align 8
; CHECK-NOT: ptr %1
; CHECK: ret ptr null
; CHECK-NEXT: }
;
; GLOBAL-NOT: corolower.swifterror
; GLOBAL-NOT: memcpy

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
declare ptr @alloc(i64)
declare void @dealloc(ptr)
declare swiftcc void @mayThrow(ptr swifterror)
declare void @report(ptr)
declare swiftcc ptr @proto(ptr, i1, ptr swifterror)
define swiftcc ptr @scan(ptr %buffer) presplitcoroutine {
entry:
  %err = alloca swifterror ptr, align 8
  %last = alloca swifterror ptr, align 8
  store ptr null, ptr %err
  store ptr null, ptr %last
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @proto, ptr @alloc, ptr @dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop
loop:
  %prev = load ptr, ptr %last
  call void @report(ptr %prev)
  call swiftcc void @mayThrow(ptr swifterror %err)
  %e = load ptr, ptr %err
  call void @report(ptr %e)
  store ptr %e, ptr %last
  %r = call { i1, ptr } (...) @llvm.coro.suspend.retcon.sl_i1p0s()
  %u = extractvalue { i1, ptr } %r, 0
  br i1 %u, label %done, label %loop
done:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare { i1, ptr } @llvm.coro.suspend.retcon.sl_i1p0s(...)
declare void @llvm.coro.end(ptr, i1, token)
