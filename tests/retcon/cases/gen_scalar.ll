; Multi-suspend generators yielding one scalar each: squares (i32) and a
; countdown of large i64 values. Both frames (two or three integers) fit in
; the caller's 16-byte buffer, so no allocation may happen. A generator
; that yields nothing (n = 0) finishes in the ramp with a null
; continuation.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

@s.square = private unnamed_addr constant [7 x i8] c"square\00"
@s.finish = private unnamed_addr constant [7 x i8] c"finish\00"
@s.abort = private unnamed_addr constant [6 x i8] c"abort\00"

define {ptr, i32} @squares_proto(ptr, i1) {
  unreachable
}

define {ptr, i64} @countdown_proto(ptr, i1) {
  unreachable
}

define {ptr, i32} @squares(ptr %buffer, i32 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @squares_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %inc, %resume ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %finished

body:
  %sq = mul i32 %i, %i
  %ii = sext i32 %i to i64
  call void @note(ptr @s.square, i64 %ii)
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i32 %sq)
  br i1 %abort, label %aborted, label %resume

resume:
  %inc = add i32 %i, 1
  br label %loop

aborted:
  call void @note(ptr @s.abort, i64 0)
  br label %end

finished:
  %nn = sext i32 %n to i64
  call void @note(ptr @s.finish, i64 %nn)
  br label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

define {ptr, i64} @countdown(ptr %buffer, i64 %from, i64 %step) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 32, i32 8, ptr %buffer, ptr @countdown_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop

loop:
  %v = phi i64 [ %from, %entry ], [ %next, %resume ]
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %v)
  br i1 %abort, label %end, label %resume

resume:
  %next = sub i64 %v, %step
  %pos = icmp sgt i64 %next, 0
  br i1 %pos, label %loop, label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
