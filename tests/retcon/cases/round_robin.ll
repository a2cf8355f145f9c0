; Interleaved instances: one counter coroutine, several live instances in
; separate buffers resumed in turn. Each has its own start, stride and
; length, kept in its own frame; one is aborted midway while the others
; go on. The frame (start, stride, next value, remaining: 32 bytes) does
; not fit the 24-byte buffer, so every instance allocates its own and
; frees it when it finishes or is aborted (the heap is balanced at the end).

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note2(ptr, i64, i64)

@s.done = private unnamed_addr constant [5 x i8] c"done\00"
@s.abort = private unnamed_addr constant [6 x i8] c"abort\00"

define {ptr, i64} @ticker_proto(ptr, i1) {
  unreachable
}

define {ptr, i64} @ticker(ptr %buffer, i64 %start, i64 %stride, i64 %len) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 24, i32 8, ptr %buffer, ptr @ticker_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop

loop:
  %v = phi i64 [ %start, %entry ], [ %v1, %resume ]
  %left = phi i64 [ %len, %entry ], [ %left1, %resume ]
  %any = icmp ne i64 %left, 0
  br i1 %any, label %yield, label %finished

yield:
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %v)
  br i1 %abort, label %aborted, label %resume

resume:
  %v1 = add i64 %v, %stride
  %left1 = sub i64 %left, 1
  br label %loop

aborted:
  call void @note2(ptr @s.abort, i64 %start, i64 %v)
  br label %end

finished:
  call void @note2(ptr @s.done, i64 %start, i64 %v)
  br label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
