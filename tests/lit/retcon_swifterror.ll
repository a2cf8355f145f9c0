; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; A value the continuation receives in a swifterror parameter is the
; parameter itself in that continuation: loaded from and stored through
; there, while what was loaded (not the swifterror pointer) is what the
; frame keeps for the next continuation.
;
; CHECK: define internal swiftcc { ptr, i32 } @gen.resume.0(ptr {{.*}}%buffer, ptr swifterror [[ERR:%[0-9]+]], i1 zeroext %{{[0-9]+}})
; CHECK: %e = load ptr, ptr [[ERR]], align 8
; CHECK-NEXT: store ptr null, ptr [[ERR]], align 8
; CHECK: store ptr %e, ptr %buffer, align 8
; CHECK: define internal swiftcc { ptr, i32 } @gen.resume.1(
; CHECK: [[E:%.*]] = load ptr, ptr %buffer, align 8
; CHECK: call void @use(ptr [[E]])

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
declare ptr @alloc(i64)
declare void @dealloc(ptr)
declare void @use(ptr)
declare swiftcc {ptr, i32} @proto(ptr swiftself, ptr swifterror, i1 zeroext)
define swiftcc {ptr, i32} @gen(ptr %buffer, i32 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @proto, ptr @alloc, ptr @dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %in = call {ptr, i1} (...) @llvm.coro.suspend.retcon.sl_p0i1s(i32 %n)
  %err = extractvalue {ptr, i1} %in, 0
  %e = load ptr, ptr %err
  store ptr null, ptr %err
  %in2 = call {ptr, i1} (...) @llvm.coro.suspend.retcon.sl_p0i1s(i32 %n)
  
  call void @use(ptr %e)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare {ptr, i1} @llvm.coro.suspend.retcon.sl_p0i1s(...)
declare void @llvm.coro.end(ptr, i1, token)
