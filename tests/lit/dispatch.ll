; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Three suspend points in a row: each stores its own index before it
; suspends (0 in the ramp, 1 and 2 in the resume clone), and every clone
; dispatches with one switch over all three indices. Values from before a
; suspend that are used after it (%a, %b) travel in the frame. The index
; byte fits in the word %x and %c leave open, so it stays (without %c the
; frame would drop it: dispatch_pointer.ll).

; CHECK-LABEL: define ptr @steps(i64 %x) {
; CHECK: store i8 0, ptr
; CHECK-NOT: store i8 1
; CHECK: ret ptr

; CHECK-LABEL: define internal fastcc void @steps.resume(ptr {{.*}}%frame) {
; CHECK: [[IDX:%.*]] = load i8, ptr
; CHECK-NEXT: switch i8 [[IDX]], label %[[BAD:.*]] [
; CHECK-NEXT: i8 0, label %
; CHECK-NEXT: i8 1, label %
; CHECK-NEXT: i8 2, label %
; CHECK-NEXT: ]
; CHECK-DAG: store i8 1, ptr
; CHECK-DAG: store i8 2, ptr
; CHECK: [[BAD]]:
; CHECK-NEXT: unreachable

; CHECK-LABEL: define internal fastcc void @steps.destroy(ptr {{.*}}%frame) {
; CHECK: [[IDX:%.*]] = load i8, ptr
; CHECK-NEXT: switch i8 [[IDX]], label %{{.*}} [
; CHECK-NEXT: i8 0, label %
; CHECK-NEXT: i8 1, label %
; CHECK-NEXT: i8 2, label %
; CHECK-NEXT: ]
; The destroy clone never resumes: the step calls are not in it.
; CHECK-NOT: call void @step(
; CHECK: call void @free(ptr {{.*}}%frame)
; CHECK-LABEL: define internal fastcc void @steps.cleanup(ptr {{.*}}%frame) {

; GLOBAL-NOT: presplitcoroutine
; GLOBAL-NOT: call {{.*}}@llvm.coro.

define ptr @steps(i64 %x) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call noalias ptr @llvm.coro.begin(token %id, ptr %mem)
  %a = add i64 %x, 1
  %c = call i32 @get32()
  %s0 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s0, label %out [ i8 0, label %one
                              i8 1, label %cleanup ]
one:
  call void @step(i64 %a)
  %b = mul i64 %a, 3
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %out [ i8 0, label %two
                              i8 1, label %cleanup ]
two:
  call void @step(i64 %b)
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %out [ i8 0, label %three
                              i8 1, label %cleanup ]
three:
  call void @step(i64 %a)
  call void @step32(i32 %c)
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

declare void @step(i64)
declare void @step32(i32)
declare i32 @get32()
declare ptr @malloc(i64)
declare void @free(ptr)
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
