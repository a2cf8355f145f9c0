; EXPECT: buffer size
; Rule: the buffer size operand of llvm.coro.id.retcon must be a
; constant. Here it is the argument %size.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

define {ptr, i32} @proto(ptr, i1) {
  unreachable
}

define {ptr, i32} @gen(ptr %buffer, i32 %n, i32 %size) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 %size, i32 8, ptr %buffer, ptr @proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %resume ]
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i32 %i)
  br i1 %abort, label %end, label %resume

resume:
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
