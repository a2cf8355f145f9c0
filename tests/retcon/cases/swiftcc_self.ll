; swiftcc coroutines taking `self` in the swiftself register, as Swift
; emits them: the continuations take the prototype's calling convention
; and attributes (swiftcc, the buffer noalias dereferenceable). counter
; is a multi-suspend generator over self's fields; count_modify is a
; yield-once accessor yielding the address of self's count. The C driver
; calls them with __attribute__((swiftcall)) and swift_context (which
; clang passes as swiftself).

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

@s.modified = private unnamed_addr constant [9 x i8] c"modified\00"
@s.unchanged = private unnamed_addr constant [10 x i8] c"unchanged\00"

%Self = type { i64, i64 }

define swiftcc {ptr, i64} @counter_proto(ptr noalias dereferenceable(32), i1) {
  unreachable
}

define swiftcc void @modify_proto(ptr noalias dereferenceable(32), i1) {
  unreachable
}

define swiftcc {ptr, i64} @counter(ptr noalias dereferenceable(32) %buffer, i64 %times, ptr swiftself %self) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 32, i32 8, ptr %buffer, ptr @counter_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %stepp = getelementptr %Self, ptr %self, i32 0, i32 1
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %resume ]
  %more = icmp slt i64 %i, %times
  br i1 %more, label %body, label %end

body:
  %c = load i64, ptr %self
  %st = load i64, ptr %stepp
  %c1 = add i64 %c, %st
  store i64 %c1, ptr %self
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c1)
  br i1 %abort, label %end, label %resume

resume:
  %i1 = add i64 %i, 1
  br label %loop

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

define swiftcc {ptr, ptr} @count_modify(ptr noalias dereferenceable(32) %buffer, ptr swiftself %self) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon.once(i32 32, i32 8, ptr %buffer, ptr @modify_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %before = load i64, ptr %self
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %self)
  br i1 %abort, label %restore, label %check

check:
  %after = load i64, ptr %self
  %same = icmp eq i64 %after, %before
  br i1 %same, label %same.b, label %diff.b

same.b:
  call void @note(ptr @s.unchanged, i64 %after)
  br label %end

diff.b:
  call void @note(ptr @s.modified, i64 %after)
  br label %end

restore:
  store i64 %before, ptr %self
  br label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
