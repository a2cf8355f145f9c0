; llvm.coro.await.suspend.void with no suspend point after it.
; EXPECT-FUNCTION: lonely_await
; EXPECT-ERROR: not followed by a suspend point
define internal void @wrapper(ptr %awaiter, ptr %frame) {
  ret void
}
define ptr @lonely_await(ptr %mem) presplitcoroutine {
entry:
  %a = alloca i8
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  call void @llvm.coro.await.suspend.void(ptr %a, ptr %hdl, ptr @wrapper)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare void @llvm.coro.await.suspend.void(ptr, ptr, ptr)
declare void @llvm.coro.end(ptr, i1, token)
