; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; A phi in a landing pad, live across more suspends than SSA repair takes
; (kept in memory: stored where it is defined). instrprof's counter
; promotion leaves such phis (a loop's count merged where an invoke in the
; loop unwinds; gen_cpp.py 98 through loop-rotate, licm and instrprof with
; -do-counter-promotion). The store went right after the phis, ahead of the
; landingpad, which must come first: "internal error: lowered module fails
; the verifier". It goes after the landingpad.

declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
declare ptr @malloc(i64)
declare void @free(ptr)
declare void @may_throw()
declare void @use(i64)
declare i32 @__gxx_personality_v0(...)

; CHECK-LABEL: define ptr @f(
; CHECK: %cnt = phi i64 [ %c1, %loop ], [ %c2, %mid ]
; CHECK-NEXT: landingpad
; CHECK-NEXT: catch ptr null
; CHECK-NEXT: store i64 %cnt, ptr
define ptr @f(i64 %n) presplitcoroutine personality ptr @__gxx_personality_v0 {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  br label %loop
loop:
  %c = phi i64 [ 0, %entry ], [ %c1, %cont ]
  %c1 = add i64 %c, 1
  invoke void @may_throw() to label %mid unwind label %lpad
mid:
  %c2 = add i64 %c1, 10
  invoke void @may_throw() to label %cont unwind label %lpad
cont:
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %loop
                             i8 1, label %cleanup ]
lpad:
  %cnt = phi i64 [ %c1, %loop ], [ %c2, %mid ]
  %lp = landingpad { ptr, i32 }
          catch ptr null
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %ret [ i8 0, label %a
                              i8 1, label %cleanup ]
a:
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %ret [ i8 0, label %b
                              i8 1, label %cleanup ]
b:
  %s3 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s3, label %ret [ i8 0, label %d
                              i8 1, label %cleanup ]
d:
  call void @use(i64 %cnt)
  br label %cleanup
cleanup:
  %fm = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %fm)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
