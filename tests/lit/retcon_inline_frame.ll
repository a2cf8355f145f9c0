; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; A frame that fits the caller's buffer (16 bytes, align 8) lives there:
; no call of the allocation function anywhere, the ramp stores the values
; that cross the suspend straight into %buffer, and the continuation reads
; them from its buffer parameter (no load of a frame address first).
; Nothing is deallocated either.
;
; CHECK-LABEL: define { ptr, i64 } @counter(ptr %buffer, i64 %start, i64 %step) {
; CHECK: store i64 {{%.*}}, ptr %buffer
; CHECK: ret { ptr, i64 }
; CHECK-LABEL: define internal { ptr, i64 } @counter.resume.0(ptr noalias noundef nonnull align 8 dereferenceable(16) %buffer, i1 %0) {
; CHECK-NOT: load ptr, ptr %buffer
; CHECK: load i64, ptr %buffer
; CHECK: ret { ptr, i64 }
;
; GLOBAL-NOT: call ptr @alloc
; GLOBAL-NOT: call void @dealloc

declare ptr @alloc(i64)
declare void @dealloc(ptr)

define {ptr, i64} @proto(ptr, i1) {
  unreachable
}

define {ptr, i64} @counter(ptr %buffer, i64 %start, i64 %step) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @proto, ptr @alloc, ptr @dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop
loop:
  %v = phi i64 [ %start, %entry ], [ %next, %loop ]
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %v)
  %next = add i64 %v, %step
  br i1 %abort, label %done, label %loop
done:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
