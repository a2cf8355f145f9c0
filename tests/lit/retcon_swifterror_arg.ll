; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; A coroutine's swifterror argument used across a suspend, the prototype
; taking a swifterror parameter. What the argument points to is a value
; (promoted to SSA, as LLVM does), which here never crosses a suspend:
; each function starts from its caller's slot. The ramp starts from what
; its caller passed and the continuation from what its own caller passed;
; a call taking the argument gets the running function's slot (the ramp's
; argument, the continuation's swifterror parameter), the value stored
; there before the call and read back after it; before returning, at the
; suspend or the end, each function leaves the error in its caller's
; slot. Only %i crosses the suspend.
;
; CHECK-LABEL: define swiftcc ptr @gen(ptr %buffer, i32 %n, ptr swifterror %err) {
; CHECK-NEXT: entry:
; CHECK-NEXT: [[IN:%.*]] = load ptr, ptr %err, align 8
; CHECK: [[V:%.*]] = phi ptr [ [[IN]], %entry ]
; CHECK: store ptr [[V]], ptr %err, align 8
; CHECK-NEXT: call swiftcc void @mayThrow(i32 %i, ptr swifterror %err)
; CHECK-NEXT: [[OUT:%.*]] = load ptr, ptr %err, align 8
; CHECK-NEXT: call void @report(ptr [[OUT]])
; CHECK-NEXT: store ptr [[OUT]], ptr %err, align 8
; CHECK-NEXT: store i32 %i, ptr %buffer, align 4
; CHECK-NEXT: ret ptr @gen.resume.0
;
; CHECK: define internal swiftcc ptr @gen.resume.0(ptr {{.*}}%buffer, i1 %{{[0-9]+}}, ptr swifterror [[SLOT:%[0-9]+]]) {
; CHECK-NOT: alloca
; CHECK: store ptr [[RESUMED:%[0-9]+]], ptr [[SLOT]], align 8
; CHECK-NEXT: call swiftcc void @mayThrow(i32 %dec, ptr swifterror [[SLOT]])
; CHECK-NEXT: [[OUT2:%[0-9]+]] = load ptr, ptr [[SLOT]], align 8
; CHECK-NEXT: call void @report(ptr [[OUT2]])
; CHECK-NEXT: store ptr [[OUT2]], ptr [[SLOT]], align 8
; CHECK: ret ptr @gen.resume.0
; CHECK: loop:
; CHECK: [[RESUMED]] = load ptr, ptr [[SLOT]], align 8
; CHECK: done:
; CHECK-NEXT: store ptr [[RESUMED]], ptr [[SLOT]], align 8
; CHECK-NEXT: ret ptr null
;
; GLOBAL-NOT: corolower.swifterror
; GLOBAL-NOT: alloca swifterror

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
declare ptr @alloc(i64)
declare void @dealloc(ptr)
declare swiftcc void @mayThrow(i32, ptr swifterror)
declare void @report(ptr)
declare swiftcc ptr @proto(ptr, i1, ptr swifterror)
define swiftcc ptr @gen(ptr %buffer, i32 %n, ptr swifterror %err) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @proto, ptr @alloc, ptr @dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop
loop:
  %i = phi i32 [ %n, %entry ], [ %dec, %again ]
  call swiftcc void @mayThrow(i32 %i, ptr swifterror %err)
  %e = load ptr, ptr %err
  call void @report(ptr %e)
  %r = call { i1, ptr } (...) @llvm.coro.suspend.retcon.sl_i1p0s()
  %u = extractvalue { i1, ptr } %r, 0
  br i1 %u, label %done, label %again
again:
  %dec = sub i32 %i, 1
  %z = icmp eq i32 %dec, 0
  br i1 %z, label %done, label %loop
done:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare { i1, ptr } @llvm.coro.suspend.retcon.sl_i1p0s(...)
declare void @llvm.coro.end(ptr, i1, token)
