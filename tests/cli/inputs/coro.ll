; A valid switched-resume coroutine for the CLI's output-format checks.
define ptr @gen(i64 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call noalias ptr @llvm.coro.begin(token %id, ptr %mem)
  br label %loop
loop:
  %v = phi i64 [ %n, %entry ], [ %next, %resume ]
  call void @yield(i64 %v)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %out [ i8 0, label %resume
                             i8 1, label %cleanup ]
resume:
  %next = add i64 %v, 1
  br label %loop
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

declare void @yield(i64)
declare ptr @malloc(i64)
declare void @free(ptr)
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
