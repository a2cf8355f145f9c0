; llvm.coro.suspend (switched-resume) in a returned-continuation coroutine.
; EXPECT-FUNCTION: gen
; EXPECT-ERROR: may only suspend with llvm.coro.suspend.retcon
define {ptr, i32} @proto(ptr, i1) {
  unreachable
}
define {ptr, i32} @gen(ptr %buffer, i32 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @proto, ptr @alloc, ptr @dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  %abort = icmp ne i8 %s, 0
  br i1 %abort, label %done, label %more
more:
  call void @use(i32 %n)
  br label %done
done:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @alloc(i64)
declare void @dealloc(ptr)
declare void @use(i32)
declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
declare token @llvm.coro.end.results(...)
