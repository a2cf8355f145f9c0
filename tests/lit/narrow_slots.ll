; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Integers whose every value is an extension of a narrower one keep only
; the narrow part in the frame: the phi %p of a sign-extended i32 and 0
; (clang's `int v = co_await ...; long acc = ... + v` after instcombine,
; with 0 on the path that skips the await) is stored as an i32 and
; sign-extended again after the suspend; %q, a phi of a zero-extended i16
; and 7, as an i16, zero-extended; %r, a select of a sign-extended i8 and
; -1, as an i8. %big may hold 2^40: it keeps its 8 bytes.
; Frame: resume, destroy, %big (8), %p (4), %q (2), %r (1), index (1):
; 16 + 8 + 4 + 2 + 1 + 1 = 32 (48 with every value whole, as LLVM 22).
; CHECK-LABEL: define ptr @narrow(i1 %c, i1 %d) {
; CHECK: call ptr @malloc(i64 32)
; CHECK-DAG: trunc i64 %p to i32
; CHECK-DAG: trunc i64 %q to i16
; CHECK-DAG: trunc i64 %r to i8
; CHECK-LABEL: define internal fastcc void @narrow.resume(
; CHECK-DAG: [[P:%[0-9]+]] = load i32, ptr
; CHECK-DAG: sext i32 [[P]] to i64
; CHECK-DAG: [[Q:%[0-9]+]] = load i16, ptr
; CHECK-DAG: zext i16 [[Q]] to i64
; CHECK-DAG: [[R:%[0-9]+]] = load i8, ptr
; CHECK-DAG: sext i8 [[R]] to i64
; CHECK-DAG: load i64, ptr
; CHECK: call void @use4(

declare ptr @malloc(i64)
declare void @free(ptr)
declare i32 @get32()
declare i16 @get16()
declare i8 @get8()
declare i64 @get64()
declare void @use4(i64, i64, i64, i64)

define ptr @narrow(i1 %c, i1 %d) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call noalias ptr @llvm.coro.begin(token %id, ptr %mem)
  br i1 %c, label %a, label %b
a:
  %v = call i32 @get32()
  %w = sext i32 %v to i64
  %h = call i16 @get16()
  %hz = zext i16 %h to i64
  %big0 = call i64 @get64()
  br label %j
b:
  br label %j
j:
  %p = phi i64 [ %w, %a ], [ 0, %b ]
  %q = phi i64 [ %hz, %a ], [ 7, %b ]
  %big = phi i64 [ %big0, %a ], [ 1099511627776, %b ]
  %e = call i8 @get8()
  %es = sext i8 %e to i64
  %r = select i1 %d, i64 %es, i64 -1
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %ret [ i8 0, label %r1
                              i8 1, label %cleanup ]
r1:
  call void @use4(i64 %p, i64 %q, i64 %r, i64 %big)
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
