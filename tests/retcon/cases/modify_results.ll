; Yield-once coroutines whose continuation returns values
; (llvm.coro.end.results): a bank transfer that yields the amount it is
; about to move; a normal resume applies it (unless the source would go
; negative) and returns {i64 old source, i64 new source}; an abnormal
; resume moves nothing and returns {old, old}. Two non-unwind paths reach
; the one coro.end through phis.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

@s.refused = private unnamed_addr constant [8 x i8] c"refused\00"
@s.moved = private unnamed_addr constant [6 x i8] c"moved\00"
@s.cancelled = private unnamed_addr constant [10 x i8] c"cancelled\00"

define {i64, i64} @transfer_proto(ptr, i1) {
  unreachable
}

define {ptr, i64} @transfer(ptr %buffer, ptr %from, ptr %to, i64 %amount) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon.once(i32 32, i32 8, ptr %buffer, ptr @transfer_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %old = load i64, ptr %from
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %amount)
  br i1 %abort, label %cancel, label %check

check:
  %after = sub i64 %old, %amount
  %neg = icmp slt i64 %after, 0
  br i1 %neg, label %refuse, label %move

refuse:
  call void @note(ptr @s.refused, i64 %amount)
  br label %end

move:
  store i64 %after, ptr %from
  %t = load i64, ptr %to
  %t1 = add i64 %t, %amount
  store i64 %t1, ptr %to
  call void @note(ptr @s.moved, i64 %amount)
  br label %end

cancel:
  call void @note(ptr @s.cancelled, i64 %amount)
  br label %end

end:
  %new = phi i64 [ %old, %refuse ], [ %after, %move ], [ %old, %cancel ]
  %res = call token (...) @llvm.coro.end.results(i64 %old, i64 %new)
  call void @llvm.coro.end(ptr %hdl, i1 false, token %res)
  unreachable
}

declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
declare token @llvm.coro.end.results(...)
