; EXPECT: coro.alloca
; Rule: llvm.coro.alloca.alloc's alignment must be a constant. Here it is
; the argument %align.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

define {ptr, ptr} @proto(ptr, i1) {
  unreachable
}

define {ptr, ptr} @gen(ptr %buffer, i64 %n, i32 %align) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %tok = call token @llvm.coro.alloca.alloc.i64(i64 %n, i32 %align)
  %p = call ptr @llvm.coro.alloca.get(token %tok)
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %p)
  call void @llvm.coro.alloca.free(token %tok)
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
