; RUN: corolower -S --prefer-small-frames %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Three suspend points in a row, and a frame whose suspend index would
; start a word of its own (16 for resume and destroy, 8 for %x, then 1):
; the index is dropped and the destroy pointer records where the coroutine
; stopped. The first two points store a thunk each (NAME.destroy.N, a tail
; call of NAME.destroy, there for its address), the last one NAME.destroy
; itself; every clone compares the destroy pointer with the thunks.
; (Only with --prefer-small-frames: by default three points keep the index.)

; CHECK-LABEL: define ptr @steps(i64 %x) {
; CHECK: call ptr @malloc(i64 24)
; CHECK: store ptr @steps.destroy, ptr
; CHECK: store ptr @steps.destroy.0, ptr
; CHECK-NOT: store ptr @steps.destroy.1
; CHECK-NOT: store i8
; CHECK: ret ptr

; CHECK-LABEL: define internal fastcc void @steps.resume(ptr {{.*}}%frame) {
; CHECK: [[D:%.*]] = load ptr, ptr
; CHECK-NEXT: [[C0:%.*]] = icmp eq ptr [[D]], @steps.destroy.0
; CHECK-NEXT: br i1 [[C0]], label %{{.*}}, label %[[NEXT:.*]]
; CHECK: store ptr @steps.destroy.1, ptr
; CHECK: store ptr @steps.destroy, ptr
; CHECK: [[NEXT]]:
; CHECK-NEXT: [[C1:%.*]] = icmp eq ptr [[D]], @steps.destroy.1
; CHECK-NEXT: br i1 [[C1]]

; CHECK-LABEL: define internal fastcc void @steps.destroy(ptr {{.*}}%frame) {
; CHECK: [[D:%.*]] = load ptr, ptr
; CHECK-NEXT: icmp eq ptr [[D]], @steps.destroy.0
; The destroy clone never resumes: the step calls are not in it.
; CHECK-NOT: call void @step(
; CHECK: call void @free(ptr {{.*}}%frame)
; CHECK-LABEL: define internal fastcc void @steps.cleanup(ptr {{.*}}%frame) {
; CHECK: icmp eq ptr {{.*}}, @steps.destroy.0
; CHECK: call void @free(ptr null)

; CHECK-LABEL: define internal fastcc void @steps.destroy.0(ptr {{.*}}%frame) {
; CHECK-NEXT: entry:
; CHECK-NEXT: musttail call fastcc void @steps.destroy(ptr %frame)
; CHECK-NEXT: ret void
; CHECK-LABEL: define internal fastcc void @steps.destroy.1(ptr {{.*}}%frame) {
; CHECK-NEXT: entry:
; CHECK-NEXT: musttail call fastcc void @steps.destroy(ptr %frame)
; CHECK-NEXT: ret void

; GLOBAL-NOT: @steps.destroy.2
; GLOBAL-NOT: presplitcoroutine
; GLOBAL-NOT: call {{.*}}@llvm.coro.

define ptr @steps(i64 %x) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call noalias ptr @llvm.coro.begin(token %id, ptr %mem)
  %a = add i64 %x, 1
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
declare ptr @malloc(i64)
declare void @free(ptr)
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
