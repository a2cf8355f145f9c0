; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Two ways a value crossing a suspend avoids a frame slot.
;
; %wide = sext %n: %n crosses both suspends anyway (it is used at the end),
; so %wide is recomputed after each suspend from the reloaded %n instead of
; getting an 8-byte slot of its own.
;
; %obj is the ramp's return value: it is used only after the non-unwind
; coro.end on the ramp's return path, which runs in the ramp alone, so it is
; never spilled either.
;
; The frame: resume, destroy, %n (i32) and the index: 24 bytes, no i64 slot.
; CHECK-LABEL: define ptr @remat(i32 %n) {
; CHECK: call ptr @malloc(i64 24)
; CHECK-NOT: store i64
; CHECK-NOT: store ptr %obj
; CHECK: ret ptr %obj
; CHECK-LABEL: define internal fastcc void @remat.resume(ptr {{.*}}%frame) {
; CHECK: [[N:%.*]] = load i32, ptr
; CHECK: sext i32 [[N]] to i64
; CHECK: ret void
; GLOBAL-NOT: store i64 %wide

declare ptr @malloc(i64)
declare void @free(ptr)
declare ptr @make_object()
declare void @consume(i64)
declare void @consume32(i32)

define ptr @remat(i32 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call noalias ptr @llvm.coro.begin(token %id, ptr %mem)
  %obj = call ptr @make_object()
  %wide = sext i32 %n to i64
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %ret [ i8 0, label %r1
                              i8 1, label %cleanup ]
r1:
  call void @consume(i64 %wide)
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %ret [ i8 0, label %r2
                              i8 1, label %cleanup ]
r2:
  call void @consume(i64 %wide)
  call void @consume32(i32 %n)
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %obj
}
