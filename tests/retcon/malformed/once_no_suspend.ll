; EXPECT: suspend
; Rule: a yield-once coroutine must suspend before reaching its
; non-unwind coro.end (the documentation calls the other case undefined
; behaviour). Here the path through %skip reaches coro.end from the ramp.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

define void @proto(ptr, i1) {
  unreachable
}

define {ptr, i32} @gen(ptr %buffer, i32 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon.once(i32 16, i32 8, ptr %buffer, ptr @proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %neg = icmp slt i32 %n, 0
  br i1 %neg, label %end, label %yield

yield:
  %a1 = call i1 (...) @llvm.coro.suspend.retcon.i1(i32 %n)
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
