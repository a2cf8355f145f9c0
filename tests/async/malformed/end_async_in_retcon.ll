; EXPECT: coro.end.async
; EXPECT-FUNCTION: f
; llvm.coro.end.async in a returned-continuation coroutine.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"


declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare void @llvm.coro.end(ptr, i1, token)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare ptr @malloc(i64)
declare void @free(ptr)
declare void @use(i64)

declare ptr @prototype(ptr, i1)
declare i1 @llvm.coro.suspend.retcon.i1(...)

define ptr @f(ptr %buffer, i64 %x) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 8, i32 8, ptr %buffer, ptr @prototype, ptr @malloc, ptr @free)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %unwind = call i1 (...) @llvm.coro.suspend.retcon.i1()
  br i1 %unwind, label %cleanup, label %resume
resume:
  call void @use(i64 %x)
  br label %cleanup
cleanup:
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}
