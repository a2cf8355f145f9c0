; Two suspend points marked final: a coroutine has at most one (its destroy
; function recognises it by the null resume pointer alone).
; EXPECT-FUNCTION: two_finals
; EXPECT-ERROR: more than one final suspend point
define ptr @two_finals(i1 %c) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  br i1 %c, label %a, label %b
a:
  %s1 = call i8 @llvm.coro.suspend(token none, i1 true)
  switch i8 %s1, label %out [ i8 0, label %cleanup
                              i8 1, label %cleanup ]
b:
  %s2 = call i8 @llvm.coro.suspend(token none, i1 true)
  switch i8 %s2, label %out [ i8 0, label %cleanup
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
