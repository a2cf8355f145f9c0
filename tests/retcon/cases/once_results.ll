; Yield-once coroutines whose continuation returns values
; (llvm.coro.end.results on the single non-unwind coro.end; the
; prototype's return type is the results' type). checked_write yields a
; cell's address and its continuation returns one i32 (the final value,
; or -1 when resumed abnormally). txn yields a preview and its
; continuation returns { i64 value, i32 status }, the values merged by phis
; from the commit and rollback paths.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

@s.commit = private unnamed_addr constant [7 x i8] c"commit\00"
@s.rollback = private unnamed_addr constant [9 x i8] c"rollback\00"

define i32 @checked_proto(ptr, i1) {
  unreachable
}

define {i64, i32} @txn_proto(ptr, i1) {
  unreachable
}

define {ptr, ptr} @checked_write(ptr %buffer, ptr %cell, i32 %limit) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon.once(i32 32, i32 8, ptr %buffer, ptr @checked_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %old = load i32, ptr %cell
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %cell)
  br i1 %abort, label %aborted, label %check

check:
  %new = load i32, ptr %cell
  %over = icmp sgt i32 %new, %limit
  br i1 %over, label %clamp, label %end

clamp:
  store i32 %limit, ptr %cell
  br label %end

aborted:
  store i32 %old, ptr %cell
  br label %end

end:
  %r = phi i32 [ -1, %aborted ], [ %new, %check ], [ %limit, %clamp ]
  %res = call token (...) @llvm.coro.end.results(i32 %r)
  call void @llvm.coro.end(ptr %hdl, i1 false, token %res)
  unreachable
}

define {ptr, i64} @txn(ptr %buffer, i64 %start) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon.once(i32 32, i32 8, ptr %buffer, ptr @txn_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %preview = mul i64 %start, 2
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %preview)
  br i1 %abort, label %rollback, label %commit

commit:
  %v = add i64 %preview, 1
  call void @note(ptr @s.commit, i64 %v)
  br label %end

rollback:
  call void @note(ptr @s.rollback, i64 %start)
  br label %end

end:
  %value = phi i64 [ %v, %commit ], [ %start, %rollback ]
  %status = phi i32 [ 0, %commit ], [ 1, %rollback ]
  %res = call token (...) @llvm.coro.end.results(i64 %value, i32 %status)
  call void @llvm.coro.end(ptr %hdl, i1 false, token %res)
  unreachable
}

declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
declare token @llvm.coro.end.results(...)
