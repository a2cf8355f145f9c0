; llvm.coro.promise with a non-constant alignment.
; EXPECT-FUNCTION: caller
; EXPECT-ERROR: constant alignment
define ptr @caller(ptr %h, i32 %align) {
entry:
  %p = call ptr @llvm.coro.promise(ptr %h, i32 %align, i1 false)
  ret ptr %p
}
declare ptr @llvm.coro.promise(ptr, i32, i1)
