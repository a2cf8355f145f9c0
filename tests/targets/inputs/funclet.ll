; Windows' funclet exception handling in a coroutine (i686-pc-windows-msvc,
; as MSVC-compatible front ends emit it): after the suspend, a call that
; may throw is caught by a catchswitch whose handler uses a value kept in
; the frame; an unwinding cleanup runs a cleanuppad before the coroutine's
; own end.
target triple = "i686-pc-windows-msvc"

declare ptr @malloc(i32)
declare void @free(ptr)
declare void @may_throw(i32)
declare void @caught(i32)
declare void @unwound(i32)
declare i32 @__CxxFrameHandler3(...)

define ptr @guarded(i32 %n) presplitcoroutine personality ptr @__CxxFrameHandler3 {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i32 @llvm.coro.size.i32()
  %mem = call ptr @malloc(i32 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %out [ i8 0, label %resumed
                             i8 1, label %cleanup ]
resumed:
  invoke void @may_throw(i32 %n)
          to label %second unwind label %dispatch
dispatch:
  %cs = catchswitch within none [label %handler] unwind label %unwind
handler:
  %cp = catchpad within %cs [ptr null, i32 64, ptr null]
  call void @caught(i32 %n) [ "funclet"(token %cp) ]
  catchret from %cp to label %second
second:
  invoke void @may_throw(i32 %n)
          to label %cleanup unwind label %unwind
unwind:
  %pad = cleanuppad within none []
  call void @unwound(i32 %n) [ "funclet"(token %pad) ]
  call void @llvm.coro.end(ptr null, i1 true, token none) [ "funclet"(token %pad) ]
  cleanupret from %pad unwind to caller
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i32 @llvm.coro.size.i32()
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
