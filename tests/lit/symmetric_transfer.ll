; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Symmetric transfer: llvm.coro.await.suspend.handle hands back the coroutine
; to run next. In the resume clone that is a musttail call of the handle's
; resume function followed by `ret void`; in the ramp an ordinary call.
; The ramp runs the first transfer as an ordinary (non-tail) call.
; CHECK-LABEL: define ptr @task(ptr %other) {
; CHECK: [[H:%.*]] = call ptr @await_suspend_wrapper(
; CHECK-NEXT: [[FN:%.*]] = load ptr, ptr [[H]]
; CHECK-NEXT: call fastcc void [[FN]](ptr [[H]])
; CHECK-NOT: musttail
; CHECK: ret ptr

; The resume clone: no dispatch (resuming at the final suspend is
; undefined, so there is one suspend point to resume at, and no suspend
; index), then at the final suspend a null resume pointer, the wrapper
; call, and the symmetric transfer as a musttail call of the handle's
; resume function right before `ret void`.
; CHECK-LABEL: define internal fastcc void @task.resume(ptr {{.*}}%frame) {
; CHECK-NOT: switch
; CHECK-NOT: load i8
; CHECK: call void @log(i64 1)
; CHECK: store ptr null, ptr %frame
; CHECK: [[H2:%.*]] = call ptr @await_suspend_wrapper(ptr {{.*}}, ptr %frame)
; CHECK-NEXT: [[FN2:%.*]] = load ptr, ptr [[H2]]
; CHECK-NEXT: musttail call fastcc void [[FN2]](ptr [[H2]])
; CHECK-NEXT: ret void
; Destroy: a null resume pointer means the final suspend; otherwise the
; coroutine is at its one other suspend point.
; CHECK-LABEL: define internal fastcc void @task.destroy(ptr {{.*}}%frame) {
; CHECK: [[RF:%.*]] = load ptr, ptr %frame
; CHECK-NEXT: [[AT:%.*]] = icmp eq ptr [[RF]], null
; CHECK-NEXT: br i1 [[AT]]
; CHECK-NOT: musttail
; CHECK: call void @free(ptr {{.*}}%frame)
; CHECK-LABEL: define internal fastcc void @task.cleanup(ptr {{.*}}%frame) {

; GLOBAL-NOT: presplitcoroutine
; GLOBAL-NOT: call {{.*}}@llvm.coro.

declare ptr @malloc(i64)
declare void @free(ptr)
declare void @log(i64)

; The await_suspend wrapper: returns the handle stored in the awaiter.
define internal ptr @await_suspend_wrapper(ptr %awaiter, ptr %frame) {
entry:
  %next = load ptr, ptr %awaiter
  ret ptr %next
}

define ptr @task(ptr %other) presplitcoroutine {
entry:
  %awaiter = alloca ptr
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call noalias ptr @llvm.coro.begin(token %id, ptr %mem)
  store ptr %other, ptr %awaiter
  %save = call token @llvm.coro.save(ptr null)
  call void @llvm.coro.await.suspend.handle(ptr %awaiter, ptr %hdl, ptr @await_suspend_wrapper)
  %s = call i8 @llvm.coro.suspend(token %save, i1 false)
  switch i8 %s, label %out [ i8 0, label %resumed
                             i8 1, label %cleanup ]
resumed:
  call void @log(i64 1)
  %save2 = call token @llvm.coro.save(ptr null)
  call void @llvm.coro.await.suspend.handle(ptr %awaiter, ptr %hdl, ptr @await_suspend_wrapper)
  %s2 = call i8 @llvm.coro.suspend(token %save2, i1 true)
  switch i8 %s2, label %out [ i8 0, label %trap
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

declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare token @llvm.coro.save(ptr)
declare void @llvm.coro.await.suspend.handle(ptr, ptr, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
