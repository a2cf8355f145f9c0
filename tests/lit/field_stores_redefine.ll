; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; A by-value argument temporary built field by field: two stores that
; together write all of %tmp's 8 bytes, then a load of the whole, in one
; block of a loop with a suspend (what clang emits for a small struct
; passed by value, from the fuzzer's programs). The stores redefine it
; before any read, so it lives across no suspend: only the loop counter is
; in the frame with %n (resume, destroy, %n, %i -> 24; 32 with %tmp; one
; suspend point to resume at needs no index).
; CHECK-LABEL: define ptr @fields(i32 %n) {
; CHECK: %tmp = alloca %P
; CHECK: call ptr @malloc(i64 24)

%P = type { i32, i32 }
declare ptr @malloc(i64)
declare void @free(ptr)
declare void @take(i64)

define ptr @fields(i32 %n) presplitcoroutine {
entry:
  %tmp = alloca %P, align 4
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call noalias ptr @llvm.coro.begin(token %id, ptr %mem)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %resume ]
  %f0 = getelementptr inbounds %P, ptr %tmp, i32 0, i32 0
  store i32 %i, ptr %f0
  %f1 = getelementptr inbounds %P, ptr %tmp, i32 0, i32 1
  store i32 %n, ptr %f1
  %whole = load i64, ptr %tmp
  call void @take(i64 %whole)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %resume
                             i8 1, label %cleanup ]
resume:
  %i1 = add i32 %i, 1
  br label %loop
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
