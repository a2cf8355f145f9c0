; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Dynamically sized storage (llvm.coro.alloca.*). %keep's memory is used
; after the suspend: it comes from the id's allocation function, its
; address is kept in the frame, and coro.alloca.free becomes the
; deallocation call in the continuation. %tmp's is freed before the
; suspend: it stays on the ramp's stack (stacksave, a dynamic alloca with
; its alignment, stackrestore where it was freed).
;
; CHECK-LABEL: define { ptr, i64 } @dyn(ptr %buffer, i64 %n) {
; CHECK: %keep = call ptr @alloc(i64 %n)
; CHECK: [[SP:%.*]] = call ptr @llvm.stacksave.p0()
; CHECK-NEXT: %tmp = alloca i8, i64 %n, align 16
; CHECK: %t = call i64 @sum(ptr %tmp, i64 %n)
; CHECK-NEXT: call void @llvm.stackrestore.p0(ptr [[SP]])
; CHECK: store ptr %keep, ptr
; CHECK-NOT: call void @dealloc
; CHECK: ret { ptr, i64 }
;
; CHECK-LABEL: define internal { ptr, i64 } @dyn.resume.0(
; CHECK: [[K:%.*]] = load ptr, ptr
; CHECK: call i64 @sum(ptr [[K]],
; CHECK-NEXT: call void @dealloc(ptr [[K]])
; CHECK-NEXT: ret { ptr, i64 } { ptr null, i64 poison }
;
; GLOBAL-COUNT-1: call ptr @alloc(
; GLOBAL-NOT: call ptr @alloc(

declare ptr @alloc(i64)
declare void @dealloc(ptr)
declare void @fill(ptr, i64)
declare i64 @sum(ptr, i64)

define {ptr, i64} @proto(ptr, i1) {
  unreachable
}

define {ptr, i64} @dyn(ptr %buffer, i64 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 32, i32 8, ptr %buffer, ptr @proto, ptr @alloc, ptr @dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %keep = call token @llvm.coro.alloca.alloc.i64(i64 %n, i32 8)
  %kp = call ptr @llvm.coro.alloca.get(token %keep)
  call void @fill(ptr %kp, i64 %n)
  %tmp = call token @llvm.coro.alloca.alloc.i64(i64 %n, i32 16)
  %tp = call ptr @llvm.coro.alloca.get(token %tmp)
  call void @fill(ptr %tp, i64 %n)
  %t = call i64 @sum(ptr %tp, i64 %n)
  call void @llvm.coro.alloca.free(token %tmp)
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %t)
  %s = call i64 @sum(ptr %kp, i64 %n)
  call void @llvm.coro.alloca.free(token %keep)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
declare token @llvm.coro.alloca.alloc.i64(i64, i32)
declare ptr @llvm.coro.alloca.get(token)
declare void @llvm.coro.alloca.free(token)
