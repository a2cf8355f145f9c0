; EXPECT: coro.alloca
; Rule: every llvm.coro.alloca.alloc that lives across a suspend is freed
; by llvm.coro.alloca.free on every path to coro.end (otherwise its memory,
; which comes from the allocation function, leaks). Here the abort path
; skips the free.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

define {ptr, ptr} @proto(ptr, i1) {
  unreachable
}

define {ptr, ptr} @gen(ptr %buffer, i64 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %tok = call token @llvm.coro.alloca.alloc.i64(i64 %n, i32 8)
  %p = call ptr @llvm.coro.alloca.get(token %tok)
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %p)
  br i1 %abort, label %end, label %free

free:
  call void @llvm.coro.alloca.free(token %tok)
  br label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
declare token @llvm.coro.alloca.alloc.i64(i64, i32)
declare ptr @llvm.coro.alloca.get(token)
declare void @llvm.coro.alloca.free(token)
