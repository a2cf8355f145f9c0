; RUN: corolower -S --keep-elision-markers %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; LLVM's CoroEarly marks coro.begin `noduplicate` while the coroutine is
; presplit. The lowered ramp keeps the call for CoroElide, without the
; mark: the inliner refuses a function with a `noduplicate` call, so no
; caller could inline the ramp and no allocation could be elided.
; CHECK-LABEL: define ptr @gen(i64 %n) {
; CHECK: %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem){{$}}
; CHECK-NOT: noduplicate

declare ptr @malloc(i64)
declare void @free(ptr)
declare void @print(i64)

define ptr @gen(i64 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %need = call i1 @llvm.coro.alloc(token %id)
  br i1 %need, label %dyn, label %begin
dyn:
  %size = call i64 @llvm.coro.size.i64()
  %m = call ptr @malloc(i64 %size)
  br label %begin
begin:
  %mem = phi ptr [ null, %entry ], [ %m, %dyn ]
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem) #0
  br label %loop
loop:
  %v = phi i64 [ %n, %begin ], [ %inc, %loop ]
  call void @print(i64 %v)
  %inc = add i64 %v, 1
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %loop
                             i8 1, label %cleanup ]
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

attributes #0 = { noduplicate }
