; llvm.coro.alloca.* in a switched-resume coroutine: dynamically sized frame
; storage comes from a returned-continuation id's allocation function,
; which llvm.coro.id has not (LLVM 22 segfaults).
; EXPECT-FUNCTION: sw
; EXPECT-ERROR: llvm.coro.alloca.alloc in a switched-resume coroutine
define ptr @sw(ptr %mem, i64 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %tok = call token @llvm.coro.alloca.alloc.i64(i64 %n, i32 8)
  %p = call ptr @llvm.coro.alloca.get(token %tok)
  store i8 0, ptr %p
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %out [ i8 0, label %out
                             i8 1, label %out ]
out:
  call void @llvm.coro.alloca.free(token %tok)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare void @llvm.coro.end(ptr, i1, token)
declare token @llvm.coro.alloca.alloc.i64(i64, i32)
declare ptr @llvm.coro.alloca.get(token)
declare void @llvm.coro.alloca.free(token)
