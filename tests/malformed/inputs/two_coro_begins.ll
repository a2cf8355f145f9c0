; Two llvm.coro.begin calls in one coroutine.
; EXPECT-FUNCTION: two_begins
; EXPECT-ERROR: exactly one llvm.coro.begin
define ptr @two_begins() presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %hdl2 = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %out [ i8 0, label %cleanup
                             i8 1, label %cleanup ]
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl2, i1 false, token none)
  ret ptr %hdl
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
