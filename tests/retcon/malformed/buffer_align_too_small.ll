; EXPECT: buffer align
; Rule: the buffer must be aligned at least as a pointer (an allocated
; frame's address is stored in it). Here the alignment is 4 (16 bytes);
; the frame keeps a 64-byte array across the suspend, so it is allocated
; and its address is stored into the 4-aligned buffer.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

define {ptr, i32} @proto(ptr, i1) {
  unreachable
}

define {ptr, i32} @gen(ptr %buffer, i32 %n) presplitcoroutine {
entry:
  %arr = alloca [16 x i32], align 4
  %id = call token @llvm.coro.id.retcon(i32 16, i32 4, ptr %buffer, ptr @proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %resume ]
  %slot = getelementptr [16 x i32], ptr %arr, i32 0, i32 %i
  store i32 %i, ptr %slot
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i32 %i)
  br i1 %abort, label %end, label %resume

resume:
  %v = load i32, ptr %arr
  %v64 = sext i32 %v to i64
  call void @note(ptr null, i64 %v64)
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
