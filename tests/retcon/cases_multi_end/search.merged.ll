; search.ll with its three exits merged by hand into a single non-unwind
; coro.end (what LLVM 22 requires); same behaviour, same driver, same
; expected output.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

@s.found = private unnamed_addr constant [6 x i8] c"found\00"
@s.abort = private unnamed_addr constant [6 x i8] c"abort\00"
@s.exhausted = private unnamed_addr constant [10 x i8] c"exhausted\00"

define {ptr, i32} @search_proto(ptr, i1, i1) {
  unreachable
}

define {ptr, i32} @search(ptr %buffer, ptr %arr, i32 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 32, i32 8, ptr %buffer, ptr @search_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %next ]
  %p = getelementptr i32, ptr %arr, i32 %i
  %v = load i32, ptr %p
  %in = call {i1, i1} (...) @llvm.coro.suspend.retcon.sl_i1i1s(i32 %v)
  %abort = extractvalue {i1, i1} %in, 0
  br i1 %abort, label %exit.abort, label %check

check:
  %match = extractvalue {i1, i1} %in, 1
  br i1 %match, label %exit.found, label %next

next:
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %exit.exhausted

exit.found:
  %i64 = sext i32 %i to i64
  call void @note(ptr @s.found, i64 %i64)
  br label %exit

exit.abort:
  %ia64 = sext i32 %i to i64
  call void @note(ptr @s.abort, i64 %ia64)
  br label %exit

exit.exhausted:
  %n64 = sext i32 %n to i64
  call void @note(ptr @s.exhausted, i64 %n64)
  br label %exit

exit:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare {i1, i1} @llvm.coro.suspend.retcon.sl_i1i1s(...)
declare void @llvm.coro.end(ptr, i1, token)
