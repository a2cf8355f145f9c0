; Storage from llvm.coro.alloca.alloc that lives across a suspend comes from
; the allocation function and must be freed on every path to coro.end: the
; abort path skips the free.
; EXPECT-FUNCTION: gen
; EXPECT-ERROR: llvm.coro.alloca.alloc (tok)
; EXPECT-ERROR: without llvm.coro.alloca.free
; EXPECT-ERROR: leak
define {ptr, i32} @proto(ptr, i1) {
  unreachable
}
define {ptr, i32} @gen(ptr %buffer, i32 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @proto, ptr @alloc, ptr @dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %tok = call token @llvm.coro.alloca.alloc.i64(i64 64, i32 8)
  %p = call ptr @llvm.coro.alloca.get(token %tok)
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i32 %n)
  br i1 %abort, label %done, label %more
more:
  store i32 1, ptr %p
  call void @llvm.coro.alloca.free(token %tok)
  call void @use(i32 %n)
  br label %done
done:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
declare token @llvm.coro.alloca.alloc.i64(i64, i32)
declare ptr @llvm.coro.alloca.get(token)
declare void @llvm.coro.alloca.free(token)
declare ptr @alloc(i64)
declare void @dealloc(ptr)
declare void @use(i32)
declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
declare token @llvm.coro.end.results(...)
