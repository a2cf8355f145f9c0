; A generator yielding a struct: consecutive Fibonacci pairs {F(k), F(k+1)}
; below a limit, as one {i64, i64} value next to the continuation. C cannot
; call a function returning {ptr, {i64, i64}} as the IR does (its ABI
; returns such a struct through memory), so the module carries C-ABI
; wrappers (fib_start, fib_next) that store the results into the caller's
; record. The frame (a, b, limit, step count) fits the 32-byte buffer. An
; abort reports how many pairs were produced.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

@s.pairs = private unnamed_addr constant [6 x i8] c"pairs\00"
@s.abort = private unnamed_addr constant [6 x i8] c"abort\00"

%pair = type {i64, i64}
%yield = type {ptr, %pair}

define %yield @fib_proto(ptr, i1) {
  unreachable
}

define %yield @fib(ptr %buffer, i64 %limit) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 32, i32 8, ptr %buffer, ptr @fib_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop

loop:
  %a = phi i64 [ 0, %entry ], [ %b, %next ]
  %b = phi i64 [ 1, %entry ], [ %ab, %next ]
  %k = phi i64 [ 0, %entry ], [ %k1, %next ]
  %below = icmp ult i64 %b, %limit
  br i1 %below, label %yield, label %done

yield:
  %p0 = insertvalue %pair poison, i64 %a, 0
  %p = insertvalue %pair %p0, i64 %b, 1
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(%pair %p)
  br i1 %abort, label %aborted, label %next

next:
  %ab = add i64 %a, %b
  %k1 = add i64 %k, 1
  br label %loop

aborted:
  call void @note(ptr @s.abort, i64 %k)
  br label %end

done:
  call void @note(ptr @s.pairs, i64 %k)
  br label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

; C: struct fib_out { void *k; int64_t a, b; }, laid out as {ptr, i64, i64}
; (field offsets from the target's data layout, as C's)
define void @fib_store(%yield %r, ptr %out) {
  %k = extractvalue %yield %r, 0
  %a = extractvalue %yield %r, 1, 0
  %b = extractvalue %yield %r, 1, 1
  store ptr %k, ptr %out
  %pa = getelementptr inbounds {ptr, i64, i64}, ptr %out, i32 0, i32 1
  store i64 %a, ptr %pa
  %pb = getelementptr inbounds {ptr, i64, i64}, ptr %out, i32 0, i32 2
  store i64 %b, ptr %pb
  ret void
}

define void @fib_start(ptr %buf, i64 %limit, ptr %out) {
  %r = call %yield @fib(ptr %buf, i64 %limit)
  call void @fib_store(%yield %r, ptr %out)
  ret void
}

define void @fib_next(ptr %k, ptr %buf, i1 zeroext %abort, ptr %out) {
  %r = call %yield %k(ptr %buf, i1 %abort)
  call void @fib_store(%yield %r, ptr %out)
  ret void
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
