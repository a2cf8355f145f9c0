; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Only values live across a suspend go to the frame: %keep crosses the
; suspend and is stored in the ramp and reloaded in the clones; %tmp and
; %twice are used only between the resume point and the end, so they are
; never spilled.
; Ramp: %keep is stored into the frame right after it is computed; nothing
; else is spilled.
; CHECK-LABEL: define ptr @spiller(i64 %n) {
; CHECK: [[MEM:%.*]] = call ptr @malloc(i64 {{[1-9][0-9]*}})
; CHECK: %keep = call i64 @compute(i64 %n)
; CHECK-NEXT: store i64 %keep, ptr
; CHECK-NOT: store i64
; CHECK: ret ptr [[MEM]]

; Resume: %keep is reloaded; %tmp and %twice stay SSA values, never stored.
; CHECK-LABEL: define internal fastcc void @spiller.resume(ptr {{.*}}%frame) {
; CHECK: [[K:%.*]] = load i64, ptr
; CHECK: %tmp = call i64 @compute(i64 7)
; CHECK-NEXT: %twice = mul i64 %tmp, 2
; CHECK-NEXT: call void @consume(i64 %twice)
; CHECK-NEXT: call void @consume(i64 [[K]])
; CHECK-NOT: store i64 %tmp
; CHECK-NOT: store i64 %twice
; CHECK: ret void
; CHECK-LABEL: define internal fastcc void @spiller.destroy(ptr {{.*}}%frame) {

; Nowhere in the module is a non-crossing value stored.
; GLOBAL-NOT: store i64 %tmp
; GLOBAL-NOT: store i64 %twice

declare ptr @malloc(i64)
declare void @free(ptr)
declare i64 @compute(i64)
declare void @consume(i64)

define ptr @spiller(i64 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call noalias ptr @llvm.coro.begin(token %id, ptr %mem)
  %keep = call i64 @compute(i64 %n)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %out [ i8 0, label %resumed
                             i8 1, label %cleanup ]
resumed:
  %tmp = call i64 @compute(i64 7)
  %twice = mul i64 %tmp, 2
  call void @consume(i64 %twice)
  call void @consume(i64 %keep)
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
