; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; SSA repair: %v crosses two suspend points on the two arms of a diamond
; and is used after the join. Each resume point gets its own reload, so at
; the join of the resume function two definitions meet: a phi merges them.
; (A third point after the join keeps the three in one resume function:
; with two, the first would get NAME.resume.0 of its own.)
; CHECK-LABEL: define ptr @diamond(i64 %n, i1 %c) {
; CHECK: %v = call i64 @compute(i64 %n)
; CHECK-LABEL: define internal fastcc void @diamond.resume(ptr {{.*}}%frame) {
; CHECK-DAG: [[A:%.*]] = load i64, ptr
; CHECK-DAG: [[B:%.*]] = load i64, ptr
; CHECK: [[P:%.*]] = phi i64 [ [[X:%.*]], %{{.*}} ], [ [[Y:%.*]], %{{.*}} ]
; CHECK-NEXT: call void @consume(i64 [[P]])
; CHECK-LABEL: define internal fastcc void @diamond.destroy(ptr {{.*}}%frame) {

declare ptr @malloc(i64)
declare void @free(ptr)
declare i64 @compute(i64)
declare void @consume(i64)

define ptr @diamond(i64 %n, i1 %c) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call noalias ptr @llvm.coro.begin(token %id, ptr %mem)
  %v = call i64 @compute(i64 %n)
  br i1 %c, label %a, label %b
a:
  %sa = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %sa, label %ret [ i8 0, label %join
                              i8 1, label %cleanup ]
b:
  call void @consume(i64 0)
  %sb = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %sb, label %ret [ i8 0, label %join
                              i8 1, label %cleanup ]
join:
  call void @consume(i64 %v)
  %s3 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s3, label %ret [ i8 0, label %last
                              i8 1, label %cleanup ]
last:
  %s2 = call i8 @llvm.coro.suspend(token none, i1 true)
  switch i8 %s2, label %ret [ i8 0, label %cleanup
                              i8 1, label %cleanup ]
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
