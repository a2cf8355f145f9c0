; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; A value recomputed from an operand the frame holds across some of its
; suspends keeps that operand across the others (gen_cpp.py 4077: a
; struct argument passed as i64 and used whole after the first suspend,
; one field truncated out of it used after the second). %lo is recomputed
; from %pair after both suspends and %pair is kept across both: 8 bytes at
; each suspend, not 8 + 4 at the first. Frame: resume, destroy, %pair (8),
; %k (4), index: 16 + 8 + 4 + 1 -> 32, as LLVM 22 (40 keeping %lo too).
; CHECK-LABEL: define ptr @fields(i64 %pair, i32 %k) {
; CHECK: call ptr @malloc(i64 32)
; CHECK-LABEL: define internal fastcc void @fields.resume(
; CHECK: trunc i64 {{.*}} to i32
; CHECK: call void @use32(
; GLOBAL-NOT: store i32 %lo

declare ptr @malloc(i64)
declare void @free(ptr)
declare void @use64(i64)
declare void @use32(i32)

define ptr @fields(i64 %pair, i32 %k) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call noalias ptr @llvm.coro.begin(token %id, ptr %mem)
  %lo = trunc i64 %pair to i32
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %ret [ i8 0, label %r1
                              i8 1, label %cleanup ]
r1:
  call void @use64(i64 %pair)
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %ret [ i8 0, label %r2
                              i8 1, label %cleanup ]
r2:
  call void @use32(i32 %lo)
  call void @use32(i32 %k)
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
