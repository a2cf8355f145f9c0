; llvm.coro.suspend.retcon in a switched-resume coroutine (llvm.coro.id).
; EXPECT-FUNCTION: sw
; EXPECT-ERROR: llvm.coro.suspend.retcon in a switched-resume coroutine
define ptr @sw(ptr %mem) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %a = call i1 (...) @llvm.coro.suspend.retcon.i1()
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
