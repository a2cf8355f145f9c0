; Frames that fit the caller's buffer (64 bytes, 16-aligned) must live in
; it: no allocation at all, and a local alloca kept across suspends lies
; inside the buffer. window keeps a 4-element sliding window (an alloca)
; plus a few scalars across suspends and yields the window's address.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)

define {ptr, ptr} @window_proto(ptr, i1) {
  unreachable
}

define {ptr, ptr} @window(ptr %buffer, i32 %start, i32 %count) presplitcoroutine {
entry:
  %win = alloca [4 x i32], align 4
  %id = call token @llvm.coro.id.retcon(i32 64, i32 16, ptr %buffer, ptr @window_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  store [4 x i32] zeroinitializer, ptr %win
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %resume ]
  %more = icmp slt i32 %k, %count
  br i1 %more, label %body, label %end

body:
  %w1p = getelementptr [4 x i32], ptr %win, i32 0, i32 1
  %w2p = getelementptr [4 x i32], ptr %win, i32 0, i32 2
  %w3p = getelementptr [4 x i32], ptr %win, i32 0, i32 3
  %w1 = load i32, ptr %w1p
  %w2 = load i32, ptr %w2p
  %w3 = load i32, ptr %w3p
  store i32 %w1, ptr %win
  store i32 %w2, ptr %w1p
  store i32 %w3, ptr %w2p
  %kk = mul i32 %k, %k
  %v = add i32 %start, %kk
  store i32 %v, ptr %w3p
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %win)
  br i1 %abort, label %end, label %resume

resume:
  %k1 = add i32 %k, 1
  br label %loop

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
