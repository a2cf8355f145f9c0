; RUN: corolower -S %s -o %t
; RUN: not FileCheck %s --input-file=%t
; RUN: not FileCheck %s --check-prefix=GLOBAL --input-file=%t

; A deliberately wrong expectation: FileCheck must report that these checks
; fail (the clones are internal, not external, and there is no @nope), each
; prefix on its own. If this file ever "passes" without the `not`, the lit
; configuration is not running FileCheck on the tests' lines.
; CHECK: define fastcc void @g.resume(ptr
; CHECK: @nope
; GLOBAL-NOT: internal fastcc

define ptr @g() presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call noalias ptr @llvm.coro.begin(token %id, ptr %mem)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %out [ i8 0, label %cleanup
                             i8 1, label %cleanup ]
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

declare ptr @malloc(i64)
declare void @free(ptr)
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
