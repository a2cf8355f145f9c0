; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; A yield-once coroutine (llvm.coro.id.retcon.once) whose prototype returns
; {i32, i1}: the continuation returns the values of llvm.coro.end.results.
; Its three non-unwind coro.end calls (which LLVM 22 rejects) are merged
; into one return, the results meeting in phis. The ramp returns the
; continuation with the yielded address; the continuation never returns a
; continuation (nor void).
;
; CHECK-LABEL: define { ptr, ptr } @update(ptr %buffer, ptr %cell, i32 %limit) {
; CHECK: [[Y:%.*]] = insertvalue { ptr, ptr } poison, ptr %cell, 1
; CHECK: [[R:%.*]] = insertvalue { ptr, ptr } [[Y]], ptr @update.resume.0, 0
; CHECK-NEXT: ret { ptr, ptr } [[R]]
;
; CHECK-LABEL: define internal { i32, i1 } @update.resume.0(ptr noalias noundef nonnull align 8 dereferenceable(32) %buffer, i1 %0) {
; CHECK-NOT: ret
; CHECK: [[A:%.*]] = phi i32 [ {{%.*}}, %clamp ], [ %new, %fine ], [ {{%.*}}, %undo ]
; CHECK-NEXT: [[B:%.*]] = phi i1 [ true, %clamp ], [ false, %fine ], [ false, %undo ]
; CHECK-NEXT: [[S:%.*]] = insertvalue { i32, i1 } poison, i32 [[A]], 0
; CHECK-NEXT: [[T:%.*]] = insertvalue { i32, i1 } [[S]], i1 [[B]], 1
; CHECK-NEXT: ret { i32, i1 } [[T]]
; CHECK-NEXT: }
;
; GLOBAL-NOT: ret void
; GLOBAL-NOT: ptr null

declare ptr @alloc(i64)
declare void @dealloc(ptr)
declare void @note(i32)

define {i32, i1} @proto(ptr, i1) {
  unreachable
}

define {ptr, ptr} @update(ptr %buffer, ptr %cell, i32 %limit) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon.once(i32 32, i32 8, ptr %buffer, ptr @proto, ptr @alloc, ptr @dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %old = load i32, ptr %cell
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %cell)
  br i1 %abort, label %undo, label %check
check:
  %new = load i32, ptr %cell
  %over = icmp sgt i32 %new, %limit
  br i1 %over, label %clamp, label %fine
clamp:
  store i32 %limit, ptr %cell
  %r1 = call token (...) @llvm.coro.end.results(i32 %limit, i1 true)
  call void @llvm.coro.end(ptr %hdl, i1 false, token %r1)
  unreachable
fine:
  %r2 = call token (...) @llvm.coro.end.results(i32 %new, i1 false)
  call void @llvm.coro.end(ptr %hdl, i1 false, token %r2)
  unreachable
undo:
  store i32 %old, ptr %cell
  call void @note(i32 %old)
  %r3 = call token (...) @llvm.coro.end.results(i32 %old, i1 false)
  call void @llvm.coro.end(ptr %hdl, i1 false, token %r3)
  unreachable
}

declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
declare token @llvm.coro.end.results(...)
