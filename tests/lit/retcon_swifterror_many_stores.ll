; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Forty writes of a swifterror argument in one block, each followed by a
; call taking it: far more stores of the promoted variable than the
; function has blocks (corolower once sized a per-store table by the
; blocks, and wrote past it). Each call gets the value just written, in
; the caller's slot; the last error goes to the ramp's caller before it
; returns, and the continuation reports what its own caller passed.
;
; CHECK-LABEL: define swiftcc ptr @many(ptr %buffer, ptr swifterror %err) {
; CHECK: store ptr inttoptr (i64 1 to ptr), ptr %err, align 8
; CHECK-NEXT: call swiftcc void @mayThrow(i32 0, ptr swifterror %err)
; CHECK: store ptr inttoptr (i64 313 to ptr), ptr %err, align 8
; CHECK-NEXT: call swiftcc void @mayThrow(i32 39, ptr swifterror %err)
; CHECK-NEXT: [[LAST:%.*]] = load ptr, ptr %err, align 8
; CHECK-NEXT: store ptr [[LAST]], ptr %err, align 8
; CHECK-NEXT: ret ptr @many.resume.0
;
; CHECK-LABEL: define internal swiftcc void @many.resume.0(ptr {{.*}}%buffer, i1 %0, ptr swifterror %1) {
; CHECK: [[IN:%.*]] = load ptr, ptr %1, align 8
; CHECK-NEXT: call void @report(ptr [[IN]])
; CHECK-NEXT: store ptr [[IN]], ptr %1, align 8
; CHECK-NEXT: ret void

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
declare ptr @alloc(i64)
declare void @dealloc(ptr)
declare swiftcc void @mayThrow(i32, ptr swifterror)
declare void @report(ptr)
declare swiftcc void @proto(ptr, i1, ptr swifterror)
define swiftcc ptr @many(ptr %buffer, ptr swifterror %err) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon.once(i32 16, i32 8, ptr %buffer, ptr @proto, ptr @alloc, ptr @dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  store ptr inttoptr (i64 1 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 0, ptr swifterror %err)
  store ptr inttoptr (i64 9 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 1, ptr swifterror %err)
  store ptr inttoptr (i64 17 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 2, ptr swifterror %err)
  store ptr inttoptr (i64 25 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 3, ptr swifterror %err)
  store ptr inttoptr (i64 33 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 4, ptr swifterror %err)
  store ptr inttoptr (i64 41 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 5, ptr swifterror %err)
  store ptr inttoptr (i64 49 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 6, ptr swifterror %err)
  store ptr inttoptr (i64 57 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 7, ptr swifterror %err)
  store ptr inttoptr (i64 65 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 8, ptr swifterror %err)
  store ptr inttoptr (i64 73 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 9, ptr swifterror %err)
  store ptr inttoptr (i64 81 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 10, ptr swifterror %err)
  store ptr inttoptr (i64 89 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 11, ptr swifterror %err)
  store ptr inttoptr (i64 97 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 12, ptr swifterror %err)
  store ptr inttoptr (i64 105 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 13, ptr swifterror %err)
  store ptr inttoptr (i64 113 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 14, ptr swifterror %err)
  store ptr inttoptr (i64 121 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 15, ptr swifterror %err)
  store ptr inttoptr (i64 129 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 16, ptr swifterror %err)
  store ptr inttoptr (i64 137 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 17, ptr swifterror %err)
  store ptr inttoptr (i64 145 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 18, ptr swifterror %err)
  store ptr inttoptr (i64 153 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 19, ptr swifterror %err)
  store ptr inttoptr (i64 161 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 20, ptr swifterror %err)
  store ptr inttoptr (i64 169 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 21, ptr swifterror %err)
  store ptr inttoptr (i64 177 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 22, ptr swifterror %err)
  store ptr inttoptr (i64 185 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 23, ptr swifterror %err)
  store ptr inttoptr (i64 193 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 24, ptr swifterror %err)
  store ptr inttoptr (i64 201 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 25, ptr swifterror %err)
  store ptr inttoptr (i64 209 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 26, ptr swifterror %err)
  store ptr inttoptr (i64 217 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 27, ptr swifterror %err)
  store ptr inttoptr (i64 225 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 28, ptr swifterror %err)
  store ptr inttoptr (i64 233 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 29, ptr swifterror %err)
  store ptr inttoptr (i64 241 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 30, ptr swifterror %err)
  store ptr inttoptr (i64 249 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 31, ptr swifterror %err)
  store ptr inttoptr (i64 257 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 32, ptr swifterror %err)
  store ptr inttoptr (i64 265 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 33, ptr swifterror %err)
  store ptr inttoptr (i64 273 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 34, ptr swifterror %err)
  store ptr inttoptr (i64 281 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 35, ptr swifterror %err)
  store ptr inttoptr (i64 289 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 36, ptr swifterror %err)
  store ptr inttoptr (i64 297 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 37, ptr swifterror %err)
  store ptr inttoptr (i64 305 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 38, ptr swifterror %err)
  store ptr inttoptr (i64 313 to ptr), ptr %err
  call swiftcc void @mayThrow(i32 39, ptr swifterror %err)
  %r = call { i1, ptr } (...) @llvm.coro.suspend.retcon.sl_i1p0s()
  %e = load ptr, ptr %err
  call void @report(ptr %e)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare { i1, ptr } @llvm.coro.suspend.retcon.sl_i1p0s(...)
declare void @llvm.coro.end(ptr, i1, token)
