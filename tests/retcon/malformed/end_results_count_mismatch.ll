; EXPECT: results
; Rule: llvm.coro.end.results gives exactly the prototype's return values.
; The prototype returns one i32; coro.end.results has two.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

define i32 @proto(ptr, i1) {
  unreachable
}

define {ptr, i32} @gen(ptr %buffer, i32 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon.once(i32 16, i32 8, ptr %buffer, ptr @proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %a1 = call i1 (...) @llvm.coro.suspend.retcon.i1(i32 %n)
  %res = call token (...) @llvm.coro.end.results(i32 %n, i32 7)
  call void @llvm.coro.end(ptr %hdl, i1 false, token %res)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
declare token @llvm.coro.end.results(...)
