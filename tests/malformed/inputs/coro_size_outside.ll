; llvm.coro.size in a function that is no coroutine: there is no frame
; whose size it could be. (It was left in the output, reported only as an
; internal error.)
; EXPECT-FUNCTION: user
; EXPECT-ERROR: llvm.coro.size outside a presplit coroutine
define i64 @user() {
  %size = call i64 @llvm.coro.size.i64()
  ret i64 %size
}

declare i64 @llvm.coro.size.i64()
