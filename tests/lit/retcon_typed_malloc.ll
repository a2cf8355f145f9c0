; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Typed frame allocation, as swiftc writes it with
; EmitTypeMallocForCoroFrame (the default on Apple platforms; -Xfrontend
; -enable-emit-type-malloc-for-coro-frame elsewhere): llvm.coro.id.retcon.once
; in LLVM 21's variadic form with a type id after the deallocation
; function, and swift_coroFrameAlloc(size, type id) as the allocation
; function. Every call of it passes the type id after the size, as Swift's
; own LLVM does: the frame that does not fit the caller's buffer, and
; coro.alloca storage that lives across the yield. A frame in the buffer
; calls nothing. (LLVM 22 aborts on the form: "allocator must take
; integer as only param".)
;
; CHECK-LABEL: define swiftcc { ptr, ptr } @big(
; CHECK: %frame = call ptr @swift_coroFrameAlloc(i64 64, i64 222)
; CHECK-NEXT: store ptr %frame, ptr %buffer
; CHECK-LABEL: define swiftcc { ptr, ptr } @small(
; CHECK-NOT: swift_coroFrameAlloc
; CHECK: ret { ptr, ptr }
; CHECK-LABEL: define swiftcc { ptr, ptr } @dyn(
; CHECK: call ptr @swift_coroFrameAlloc(i64 %n, i64 333)
; CHECK-LABEL: define internal swiftcc void @dyn.resume.0(
; CHECK: call void @free(
;
; GLOBAL-NOT: corolower.type_id

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare swiftcc void @proto(ptr noalias dereferenceable(32), i1)
declare ptr @swift_coroFrameAlloc(i64, i64)
declare void @free(ptr)
declare void @use(ptr)

define swiftcc { ptr, ptr } @big(ptr noalias dereferenceable(32) %buffer, ptr %value) presplitcoroutine {
entry:
  %big = alloca [64 x i8], align 8
  %id = call token (i32, i32, ptr, ptr, ptr, ptr, ...) @llvm.coro.id.retcon.once(i32 32, i32 8, ptr %buffer, ptr @proto, ptr @swift_coroFrameAlloc, ptr @free, i64 222)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  call void @use(ptr %big)
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %value)
  call void @use(ptr %big)
  %e = call i1 @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

define swiftcc { ptr, ptr } @small(ptr noalias dereferenceable(32) %buffer, ptr %value) presplitcoroutine {
entry:
  %id = call token (i32, i32, ptr, ptr, ptr, ptr, ...) @llvm.coro.id.retcon.once(i32 32, i32 8, ptr %buffer, ptr @proto, ptr @swift_coroFrameAlloc, ptr @free, i64 444)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %value)
  call void @use(ptr %value)
  %e = call i1 @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

define swiftcc { ptr, ptr } @dyn(ptr noalias dereferenceable(32) %buffer, i64 %n) presplitcoroutine {
entry:
  %id = call token (i32, i32, ptr, ptr, ptr, ptr, ...) @llvm.coro.id.retcon.once(i32 32, i32 8, ptr %buffer, ptr @proto, ptr @swift_coroFrameAlloc, ptr @free, i64 333)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %tok = call token @llvm.coro.alloca.alloc.i64(i64 %n, i32 16)
  %mem = call ptr @llvm.coro.alloca.get(token %tok)
  call void @use(ptr %mem)
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %mem)
  call void @use(ptr %mem)
  call void @llvm.coro.alloca.free(token %tok)
  %e = call i1 @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr, ...)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare i1 @llvm.coro.end(ptr, i1, token)
declare token @llvm.coro.alloca.alloc.i64(i64, i32)
declare ptr @llvm.coro.alloca.get(token)
declare void @llvm.coro.alloca.free(token)
