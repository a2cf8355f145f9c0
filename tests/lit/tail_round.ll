; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; The frame's size is its fields' end rounded to a pointer's alignment, not
; to the largest field alignment: a frame is allocated alone. Here the
; 16-aligned array ends at 36 and the index at 37: 40 bytes, as LLVM's
; frame (was 48, rounded to 16). The frame's alignment stays 16.
; CHECK-LABEL: define ptr @tail(i32 %x) {
; CHECK: call ptr @malloc(i64 40)
; CHECK-LABEL: define internal fastcc void @tail.resume(ptr nonnull align 16 dereferenceable(40) %frame)
declare ptr @malloc(i64)
declare void @free(ptr)
declare void @fill(ptr)
declare void @use(ptr)

define ptr @tail(i32 %x) presplitcoroutine {
entry:
  %arr = alloca [5 x i32], align 16
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call noalias ptr @llvm.coro.begin(token %id, ptr %mem)
  call void @fill(ptr %arr)
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %ret [ i8 0, label %r1
                              i8 1, label %cleanup ]
r1:
  call void @use(ptr %arr)
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
