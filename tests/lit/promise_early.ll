; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; The promise sits at alignTo(16, promise alignment) from the handle, where
; LLVM's coro-early expects it; coro.promise, coro.done, coro.resume and
; coro.destroy in ordinary callers become frame accesses; the final suspend
; stores a null resume pointer (what coro.done reads).
; The promise lives at offset 16 of the frame: the ramp's store goes there.
; CHECK-LABEL: define ptr @gen() {
; CHECK: [[M:%.*]] = call ptr @malloc(i64 {{[1-9][0-9]*}})
; CHECK: store ptr @gen.resume, ptr [[M]]
; CHECK: [[P:%.*]] = getelementptr inbounds i8, ptr [[M]], i64 16
; CHECK: store i64 41, ptr [[P]]
; CHECK: ret ptr [[M]]

; Callers: coro.promise is handle + 16, coro.resume calls word 0, coro.done
; compares word 0 with null, coro.destroy calls word 1 (offset 8).
; CHECK-LABEL: define void @caller() {
; CHECK: %h = call ptr @gen()
; CHECK-NEXT: [[PR:%.*]] = getelementptr i8, ptr %h, i64 16
; CHECK-NEXT: %v = load i64, ptr [[PR]]
; CHECK: [[R:%.*]] = load ptr, ptr %h
; CHECK-NEXT: call fastcc void [[R]](ptr %h)
; CHECK-NEXT: [[D:%.*]] = load ptr, ptr %h
; CHECK-NEXT: icmp eq ptr [[D]], null
; CHECK: [[DA:%.*]] = getelementptr i8, ptr %h, i64 8
; CHECK-NEXT: [[DF:%.*]] = load ptr, ptr [[DA]]
; CHECK-NEXT: call fastcc void [[DF]](ptr %h)

; Resume: the promise is addressed in the frame; the final suspend stores
; a null resume pointer and no index (the null pointer identifies it).
; CHECK-LABEL: define internal fastcc void @gen.resume(ptr {{.*}}%frame) {
; CHECK: [[PP:%.*]] = getelementptr inbounds i8, ptr %frame, i64 16
; CHECK: store i64 42, ptr [[PP]]
; CHECK-NEXT: store ptr null, ptr %frame
; CHECK-NOT: store i8 1, ptr
; CHECK-LABEL: define internal fastcc void @gen.destroy(ptr {{.*}}%frame) {
; CHECK-LABEL: define internal fastcc void @gen.cleanup(ptr {{.*}}%frame) {
; CHECK: call void @free(ptr null)

; coro.id and all its users (coro.alloc, coro.begin, coro.free) are gone.
; GLOBAL-NOT: call {{.*}}@llvm.coro.
; GLOBAL-NOT: presplitcoroutine

declare ptr @malloc(i64)
declare void @free(ptr)
declare void @use(i64)

define ptr @gen() presplitcoroutine {
entry:
  %promise = alloca i64, align 8
  %id = call token @llvm.coro.id(i32 16, ptr %promise, ptr null, ptr null)
  %need = call i1 @llvm.coro.alloc(token %id)
  br i1 %need, label %alloc, label %begin
alloc:
  %size = call i64 @llvm.coro.size.i64()
  %m = call ptr @malloc(i64 %size)
  br label %begin
begin:
  %mem = phi ptr [ null, %entry ], [ %m, %alloc ]
  %hdl = call noalias ptr @llvm.coro.begin(token %id, ptr %mem)
  store i64 41, ptr %promise
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %out [ i8 0, label %more
                             i8 1, label %cleanup ]
more:
  store i64 42, ptr %promise
  %fs = call i8 @llvm.coro.suspend(token none, i1 true)
  switch i8 %fs, label %out [ i8 0, label %trap
                              i8 1, label %cleanup ]
trap:
  unreachable
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

define void @caller() {
entry:
  %h = call ptr @gen()
  %p = call ptr @llvm.coro.promise(ptr %h, i32 8, i1 false)
  %v = load i64, ptr %p
  call void @use(i64 %v)
  call void @llvm.coro.resume(ptr %h)
  %d = call i1 @llvm.coro.done(ptr %h)
  br i1 %d, label %done, label %exit
done:
  call void @llvm.coro.destroy(ptr %h)
  br label %exit
exit:
  ret void
}

declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i1 @llvm.coro.alloc(token)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
declare ptr @llvm.coro.promise(ptr, i32, i1)
declare void @llvm.coro.resume(ptr)
declare void @llvm.coro.destroy(ptr)
declare i1 @llvm.coro.done(ptr)
