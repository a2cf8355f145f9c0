; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; The coroutine from LLVM's Coroutines documentation, in its words: prints
; n, n+1, ... one number per resume. Checks the switched-resume split:
; three clones `internal fastcc void (ptr)`, each dispatching with a switch on
; the suspend index loaded from the frame; the frame header stores in the
; ramp; coro.size a constant; coro.id, coro.begin and coro.free gone; the
; private resumers array in coro.id's place; no presplit coroutine left.

; CHECK: @f.resumers = private constant [3 x ptr] [ptr @f.resume, ptr @f.destroy, ptr @f.cleanup]

; The ramp: coro.size became the frame size, the frame header is written.
; CHECK-LABEL: define ptr @f(i32 %n) {
; CHECK: [[MEM:%.*]] = call ptr @malloc(i32 [[SIZE:[1-9][0-9]*]])
; CHECK: store ptr @f.resume, ptr [[MEM]]
; CHECK: [[D:%.*]] = getelementptr inbounds i8, ptr [[MEM]], i64 8
; CHECK-NEXT: store ptr @f.destroy, ptr [[D]]
; CHECK-NOT: @llvm.coro.
; CHECK: ret ptr [[MEM]]
; CHECK-NEXT: }

; CHECK-LABEL: define internal fastcc void @f.resume(ptr {{.*}}%frame) {
; CHECK-NEXT: entry:
; CHECK: [[IDX:%.*]] = load i8, ptr
; CHECK-NEXT: switch i8 [[IDX]], label %{{.*}} [
; CHECK-NEXT: i8 0, label %
; CHECK-NEXT: ]
; The value carried across the suspend is reloaded from the frame.
; CHECK: load i32, ptr
; Resuming never takes a suspend's destroy edge, so the resume clone has no
; path to the free.
; CHECK-NOT: @free
; CHECK-NOT: @llvm.coro.
; CHECK: ret void

; CHECK-LABEL: define internal fastcc void @f.destroy(ptr {{.*}}%frame) {
; CHECK-NEXT: entry:
; CHECK: [[IDX:%.*]] = load i8, ptr
; CHECK-NEXT: switch i8 [[IDX]], label %{{.*}} [
; CHECK: call void @free(ptr {{.*}}%frame)

; The cleanup clone runs when the frame was not allocated: coro.free is null.
; CHECK-LABEL: define internal fastcc void @f.cleanup(ptr {{.*}}%frame) {
; CHECK-NEXT: entry:
; CHECK: [[IDX:%.*]] = load i8, ptr
; CHECK-NEXT: switch i8 [[IDX]], label %{{.*}} [
; CHECK: call void @free(ptr null)

; Whole output: nothing presplit, no coroutine intrinsic called.
; GLOBAL-NOT: presplitcoroutine
; GLOBAL-NOT: call {{.*}}@llvm.coro.
; GLOBAL-NOT: (token %id

define ptr @f(i32 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i32 @llvm.coro.size.i32()
  %alloc = call ptr @malloc(i32 %size)
  %hdl = call noalias ptr @llvm.coro.begin(token %id, ptr %alloc)
  br label %loop
loop:
  %n.val = phi i32 [ %n, %entry ], [ %inc, %loop.resume ]
  call void @print(i32 %n.val)
  %0 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %0, label %suspend [ i8 0, label %loop.resume
                                 i8 1, label %cleanup ]
loop.resume:
  %inc = add nsw i32 %n.val, 1
  br label %loop
cleanup:
  %mem = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %mem)
  br label %suspend
suspend:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

declare void @print(i32)
declare ptr @malloc(i32)
declare void @free(ptr)
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i32 @llvm.coro.size.i32()
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
