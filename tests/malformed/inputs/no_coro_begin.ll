; A suspend in a coroutine that never calls llvm.coro.begin.
; EXPECT-FUNCTION: no_begin
; EXPECT-ERROR: never calls llvm.coro.begin
define void @no_begin() presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %out [ i8 0, label %out
                             i8 1, label %out ]
out:
  ret void
}
declare ptr @malloc(i64)
declare void @free(ptr)
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare token @llvm.coro.save(ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
