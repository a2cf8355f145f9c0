; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; A local whose lifetime starts long before its first use (clang starts a
; local's lifetime at its declaration) is live only from that use: %buf is
; started before two suspends, written whole (memset) and read between the
; second and third, and ended there, so it takes no frame space (LLVM
; sinks the lifetime.start to get the same; corolower before this 112
; bytes). %acc is started at the top too, but written before the first
; suspend and read after the third: it lives across all three.
; Frame: resume, destroy, %n (used in r2), %acc, index: 8+8+8+8+1 -> 40.
; CHECK-LABEL: define ptr @late(i64 %n) {
; CHECK: %buf = alloca [8 x i64]
; CHECK: call ptr @malloc(i64 40)
; CHECK-LABEL: define internal fastcc void @late.resume(
; CHECK: alloca [8 x i64]

declare ptr @malloc(i64)
declare void @free(ptr)
declare void @fill(ptr captures(none), i64)
declare void @use(i64)
declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

define ptr @late(i64 %n) presplitcoroutine {
entry:
  %buf = alloca [8 x i64], align 16
  %acc = alloca i64, align 8
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call noalias ptr @llvm.coro.begin(token %id, ptr %mem)
  call void @llvm.lifetime.start.p0(ptr %buf)
  call void @llvm.lifetime.start.p0(ptr %acc)
  store i64 %n, ptr %acc
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %ret [ i8 0, label %r1
                              i8 1, label %cleanup ]
r1:
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %ret [ i8 0, label %r2
                              i8 1, label %cleanup ]
r2:
  call void @llvm.memset.p0.i64(ptr %buf, i8 0, i64 64, i1 false)
  call void @fill(ptr %buf, i64 %n)
  %p = getelementptr [8 x i64], ptr %buf, i64 0, i64 3
  %v = load i64, ptr %p
  call void @use(i64 %v)
  call void @llvm.lifetime.end.p0(ptr %buf)
  %s3 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s3, label %ret [ i8 0, label %r3
                              i8 1, label %cleanup ]
r3:
  %a = load i64, ptr %acc
  call void @use(i64 %a)
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
