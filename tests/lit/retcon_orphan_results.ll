; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; llvm.coro.end.results that no coro.end takes (its path ends in
; `unreachable`) means nothing and goes; the one a coro.end takes becomes
; the continuation's return value. (Found by coro_mutate, which deleted a
; coro.end: the results call was left behind, an internal error.)
;
; CHECK-LABEL: define internal i32 @pick.resume.0(
; CHECK-NOT: llvm.coro.end.results
; CHECK: ret i32 %v
; CHECK-NOT: llvm.coro.end.results
; CHECK: }

declare ptr @alloc(i64)
declare void @dealloc(ptr)

define i32 @proto(ptr, i1) {
  unreachable
}

define {ptr, ptr} @pick(ptr %buffer, ptr %cell) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon.once(i32 16, i32 8, ptr %buffer, ptr @proto, ptr @alloc, ptr @dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %cell)
  br i1 %abort, label %never, label %read
read:
  %v = load i32, ptr %cell
  %r = call token (...) @llvm.coro.end.results(i32 %v)
  call void @llvm.coro.end(ptr %hdl, i1 false, token %r)
  unreachable
never:
  %dead = call token (...) @llvm.coro.end.results(i32 -1)
  unreachable
}

declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
declare token @llvm.coro.end.results(...)
