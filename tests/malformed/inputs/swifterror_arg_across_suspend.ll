; A switched-resume coroutine's swifterror argument is read after a
; suspend: the caller's swifterror slot is gone by then. LLVM 22 accepts it
; and reads a fresh, uninitialized swifterror alloca in the resume function
; (and stores null into the caller's slot in the ramp).
; EXPECT-FUNCTION: f
; EXPECT-ERROR: swifterror value %err is used after a later suspend
declare void @use(ptr)
declare ptr @malloc(i64)
declare void @free(ptr)
define swiftcc ptr @f(ptr swifterror %err) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %suspend [i8 0, label %resume
                                i8 1, label %cleanup]
resume:
  %e = load ptr, ptr %err
  call void @use(ptr %e)
  br label %cleanup
cleanup:
  %m = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %m)
  br label %suspend
suspend:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
