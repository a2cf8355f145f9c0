; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; A yield-once coroutine's swifterror argument used after the suspend
; whose prototype has no swifterror parameter: the continuation's caller
; passes no slot, and no error, so the continuation starts from null (as a
; ramp whose caller passes null does; LLVM 22 reads a fresh, uninitialized
; swifterror slot there instead, so %before would be undefined). Its calls
; get a swifterror alloca of its own, and nothing is left in that slot at
; the end, as nobody reads it. The error value needs no frame space: only
; %n crosses the suspend. The ramp hands its caller the error before
; returning.
;
; CHECK-LABEL: define swiftcc ptr @access(ptr %buffer, i32 %n, ptr swifterror %err) {
; CHECK: call swiftcc void @mayThrow(i32 %n, ptr swifterror %err)
; CHECK-NEXT: [[E:%.*]] = load ptr, ptr %err, align 8
; CHECK-NEXT: store ptr [[E]], ptr %err, align 8
; CHECK-NEXT: store i32 %n, ptr %buffer, align 4
; CHECK-NEXT: ret ptr @access.resume.0
;
; CHECK-LABEL: define internal swiftcc void @access.resume.0(ptr {{.*}}%buffer, i1 %0) {
; CHECK-NEXT: entry:
; CHECK-NEXT: %swifterror.slot = alloca swifterror ptr, align 8
; CHECK: again:
; CHECK-NEXT: call void @report(ptr null)
; CHECK-NEXT: store ptr null, ptr %swifterror.slot, align 8
; CHECK-NEXT: call swiftcc void @mayThrow(i32 {{%.*}}, ptr swifterror %swifterror.slot)
; CHECK-NEXT: [[OUT:%.*]] = load ptr, ptr %swifterror.slot, align 8
; CHECK-NEXT: call void @report(ptr [[OUT]])
; CHECK: done:
; CHECK-NEXT: ret void
;
; GLOBAL-NOT: corolower.swifterror
; GLOBAL-NOT: phi

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
declare ptr @alloc(i64)
declare void @dealloc(ptr)
declare swiftcc void @mayThrow(i32, ptr swifterror)
declare void @report(ptr)
declare swiftcc void @proto(ptr, i1)
define swiftcc ptr @access(ptr %buffer, i32 %n, ptr swifterror %err) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon.once(i32 16, i32 8, ptr %buffer, ptr @proto, ptr @alloc, ptr @dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  call swiftcc void @mayThrow(i32 %n, ptr swifterror %err)
  %u = call i1 (...) @llvm.coro.suspend.retcon.i1()
  br i1 %u, label %done, label %again
again:
  %before = load ptr, ptr %err
  call void @report(ptr %before)
  call swiftcc void @mayThrow(i32 %n, ptr swifterror %err)
  %after = load ptr, ptr %err
  call void @report(ptr %after)
  br label %done
done:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
