; EXPECT: coro.alloca
; Rule: llvm.coro.alloca.alloc/get/free are for returned-continuation
; coroutines only. Here a switched-resume coroutine uses them across a
; suspend.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)
declare ptr @malloc(i64)
declare void @free(ptr)

define ptr @gen(i64 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %tok = call token @llvm.coro.alloca.alloc.i64(i64 %n, i32 8)
  %p = call ptr @llvm.coro.alloca.get(token %tok)
  store i64 1, ptr %p
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %suspend [ i8 0, label %resume
                                 i8 1, label %cleanup ]

resume:
  %v = load i64, ptr %p
  call void @note(ptr null, i64 %v)
  br label %cleanup

cleanup:
  call void @llvm.coro.alloca.free(token %tok)
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %f)
  br label %suspend

suspend:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.free(token, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare void @llvm.coro.end(ptr, i1, token)
declare token @llvm.coro.alloca.alloc.i64(i64, i32)
declare ptr @llvm.coro.alloca.get(token)
declare void @llvm.coro.alloca.free(token)
