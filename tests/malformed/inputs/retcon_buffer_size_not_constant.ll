; The buffer's size must be a constant (the frame is checked against it).
; EXPECT-FUNCTION: gen
; EXPECT-ERROR: size and alignment
; EXPECT-ERROR: must be constant integers
define {ptr, i32} @proto(ptr, i1) {
  unreachable
}
define {ptr, i32} @gen(ptr %buffer, i32 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 %n, i32 8, ptr %buffer, ptr @proto, ptr @alloc, ptr @dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i32 %n)
  br i1 %abort, label %done, label %more
more:
  call void @use(i32 %n)
  br label %done
done:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
declare ptr @alloc(i64)
declare void @dealloc(ptr)
declare void @use(i32)
declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
declare token @llvm.coro.end.results(...)
