; EXPECT: coro.suspend
; Rule: llvm.coro.suspend (switched-resume) does not belong in a
; returned-continuation coroutine. Here a retcon coroutine suspends with it.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

define {ptr, i32} @proto(ptr, i1) {
  unreachable
}

define {ptr, i32} @gen(ptr %buffer, i32 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %end [ i8 0, label %resume
                             i8 1, label %end ]

resume:
  call void @note(ptr null, i64 1)
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
declare i8 @llvm.coro.suspend(token, i1)
