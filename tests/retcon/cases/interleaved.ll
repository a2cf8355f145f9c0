; Several live instances at once, each in its own buffer, resumed in
; round-robin order: three Fibonacci generators (frame fits inline in 32
; bytes) and two taggers whose 40-byte string alloca lives across every
; suspend, so their frames cannot fit the 16-byte buffer and are allocated
; (one allocation each, freed when each finishes). A tagger yields a
; pointer to its string, which lives in its frame.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)

define {ptr, i64} @fib_proto(ptr, i1) {
  unreachable
}

define {ptr, ptr} @tagger_proto(ptr, i1) {
  unreachable
}

define {ptr, i64} @fib(ptr %buffer, i64 %a0, i64 %b0, i32 %count) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 32, i32 8, ptr %buffer, ptr @fib_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop

loop:
  %a = phi i64 [ %a0, %entry ], [ %b, %resume ]
  %b = phi i64 [ %b0, %entry ], [ %ab, %resume ]
  %k = phi i32 [ 0, %entry ], [ %k1, %resume ]
  %more = icmp slt i32 %k, %count
  br i1 %more, label %body, label %end

body:
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %a)
  br i1 %abort, label %end, label %resume

resume:
  %ab = add i64 %a, %b
  %k1 = add i32 %k, 1
  br label %loop

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

define {ptr, ptr} @tagger(ptr %buffer, i32 %tag) presplitcoroutine {
entry:
  %str = alloca [40 x i8], align 1
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @tagger_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  store i8 84, ptr %str
  %digit = add i32 %tag, 48
  %d8 = trunc i32 %digit to i8
  %s1 = getelementptr i8, ptr %str, i32 1
  store i8 %d8, ptr %s1
  %s2 = getelementptr i8, ptr %str, i32 2
  store i8 58, ptr %s2
  %s3 = getelementptr i8, ptr %str, i32 3
  store i8 0, ptr %s3
  br label %loop

loop:
  %len = phi i32 [ 3, %entry ], [ %len1, %resume ]
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %str)
  br i1 %abort, label %end, label %resume

resume:
  %step = sub i32 %len, 3
  %chr = add i32 %step, 97
  %c8 = trunc i32 %chr to i8
  %at = getelementptr i8, ptr %str, i32 %len
  store i8 %c8, ptr %at
  %len1 = add i32 %len, 1
  %term = getelementptr i8, ptr %str, i32 %len1
  store i8 0, ptr %term
  %done = icmp eq i32 %len1, 7
  br i1 %done, label %end, label %loop

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
