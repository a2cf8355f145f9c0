; A dynamic alloca of the entry block (its element count an argument) used
; only after the suspend: the resumed code would need its own copy, of a
; size it cannot compute (the argument is the ramp's). A first version
; gave the copy one element, silently (LLVM 22 reads the count from an
; argument the resume function does not have).
; EXPECT-FUNCTION: dyn_after
; EXPECT-ERROR: the alloca's element count is computed at run time
define ptr @dyn_after(i64 %n) presplitcoroutine {
entry:
  %buf = alloca i8, i64 %n, align 8
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %out [ i8 0, label %resume
                             i8 1, label %cleanup ]
resume:
  call void @llvm.memset.p0.i64(ptr %buf, i8 1, i64 %n, i1 false)
  call void @use(ptr %buf)
  br label %cleanup
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
declare void @use(ptr)
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
