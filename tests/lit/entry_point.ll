; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; A generator: an initial suspend, then a yield in a loop, then a final
; suspend. The initial suspend is reached from the ramp alone, so no index:
; the ramp stores NAME.resume.0 (which resumes there alone and stores
; NAME.resume at the yield), and NAME.resume, entered at the yield alone,
; neither reads nor stores a record. Destroy tells the three points apart
; by the resume pointer: null at the final suspend, NAME.resume.0 at the
; initial one, anything else at the yield.
; Frame: resume, destroy, %n, %i = 32 (40 with the index).

; CHECK-LABEL: define ptr @gen(i64 %n) {
; CHECK: call ptr @malloc(i64 32)
; CHECK: store ptr @gen.resume.0, ptr
; CHECK-NOT: store i8
; CHECK: ret ptr

; CHECK-LABEL: define internal fastcc void @gen.resume(ptr {{.*}}%frame) {
; CHECK-NEXT: entry:
; CHECK-NOT: load ptr, ptr %frame
; CHECK-NOT: store ptr @gen.resume
; CHECK: call void @yield(i64
; CHECK-NOT: store ptr @gen.resume
; CHECK: store ptr null, ptr %frame
; CHECK: }

; CHECK-LABEL: define internal fastcc void @gen.destroy(ptr {{.*}}%frame) {
; CHECK: [[R:%.*]] = load ptr, ptr %frame
; CHECK-NEXT: icmp eq ptr [[R]], null
; CHECK: icmp eq ptr [[R]], @gen.resume.0
; CHECK: }

; CHECK-LABEL: define internal fastcc void @gen.resume.0(ptr {{.*}}%frame) {
; CHECK-NOT: load ptr, ptr %frame
; CHECK: call void @yield(i64 0)
; CHECK: store ptr @gen.resume, ptr %frame
; CHECK: }

declare ptr @malloc(i64)
declare void @free(ptr)
declare void @yield(i64)
declare void @done()

define ptr @gen(i64 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call noalias ptr @llvm.coro.begin(token %id, ptr %mem)
  %s0 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s0, label %ret [ i8 0, label %loop
                              i8 1, label %cleanup ]
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %next ]
  call void @yield(i64 %i)
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %ret [ i8 0, label %next
                              i8 1, label %cleanup ]
next:
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, %n
  br i1 %more, label %loop, label %end
end:
  call void @done()
  %sf = call i8 @llvm.coro.suspend(token none, i1 true)
  switch i8 %sf, label %ret [ i8 0, label %cleanup
                              i8 1, label %cleanup ]
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
