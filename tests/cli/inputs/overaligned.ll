; Three over-aligned allocas across a suspend; the index sits in the slack of
; their realigned region (see tests/lit/overaligned_region.ll).
declare ptr @malloc(i64)
declare void @free(ptr)
declare void @use(ptr)

define ptr @aligned(i64 %n) presplitcoroutine {
entry:
  %a = alloca [128 x i8], align 128
  %b = alloca [64 x i8], align 64
  %c = alloca [64 x i8], align 64
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  call void @use(ptr %a)
  call void @use(ptr %b)
  call void @use(ptr %c)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %suspend [ i8 0, label %resume
                                 i8 1, label %cleanup ]
resume:
  call void @use(ptr %a)
  call void @use(ptr %b)
  call void @use(ptr %c)
  br label %cleanup
cleanup:
  %mem2 = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %mem2)
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
