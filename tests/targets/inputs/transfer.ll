; A coroutine whose awaiter hands it the coroutine to run next (symmetric
; transfer) at its first and final suspend points; no target lines: the
; tests give it one with --target and, for WebAssembly, the tail-call
; feature through @@FEATURES@@ (else nounwind).
declare ptr @malloc(i64)
declare void @free(ptr)
declare void @trace(i32)

define internal ptr @next_of(ptr %awaiter, ptr %frame) {
entry:
  %h = load ptr, ptr %awaiter
  ret ptr %h
}

define ptr @relay(ptr %peer, i32 %tag) presplitcoroutine #0 {
entry:
  %awaiter = alloca ptr
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  store ptr %peer, ptr %awaiter
  %save = call token @llvm.coro.save(ptr null)
  call void @llvm.coro.await.suspend.handle(ptr %awaiter, ptr %hdl, ptr @next_of)
  %s = call i8 @llvm.coro.suspend(token %save, i1 false)
  switch i8 %s, label %out [ i8 0, label %again
                             i8 1, label %cleanup ]
again:
  call void @trace(i32 %tag)
  %save2 = call token @llvm.coro.save(ptr null)
  call void @llvm.coro.await.suspend.handle(ptr %awaiter, ptr %hdl, ptr @next_of)
  %s2 = call i8 @llvm.coro.suspend(token %save2, i1 true)
  switch i8 %s2, label %out [ i8 0, label %never
                              i8 1, label %cleanup ]
never:
  unreachable
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %f)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

attributes #0 = { @@FEATURES@@ }

declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare token @llvm.coro.save(ptr)
declare void @llvm.coro.await.suspend.handle(ptr, ptr, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
