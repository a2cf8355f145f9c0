; early_exits.ll with the exits of each coroutine merged by hand into a
; single non-unwind coro.end (what LLVM 22 requires); same behaviour, same
; driver, same expected output.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

@s.bad = private unnamed_addr constant [4 x i8] c"bad\00"
@s.abort = private unnamed_addr constant [6 x i8] c"abort\00"
@s.done = private unnamed_addr constant [5 x i8] c"done\00"

define {ptr, i32} @ranged_proto(ptr, i1) {
  unreachable
}

define i64 @decide_proto(ptr, i1) {
  unreachable
}

define {ptr, i32} @ranged(ptr %buffer, i32 %lo, i32 %hi) presplitcoroutine {
entry:
  %seen = alloca [16 x i32], align 4
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @ranged_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  call void @llvm.memset.p0.i64(ptr %seen, i8 0, i64 64, i1 false)
  %bad = icmp sgt i32 %lo, %hi
  br i1 %bad, label %exit.bad, label %loop

loop:
  %i = phi i32 [ %lo, %entry ], [ %i1, %resume ]
  %slot = and i32 %i, 15
  %p = getelementptr [16 x i32], ptr %seen, i32 0, i32 %slot
  %c = load i32, ptr %p
  %c1 = add i32 %c, 1
  store i32 %c1, ptr %p
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i32 %i)
  br i1 %abort, label %exit.abort, label %resume

resume:
  %i1 = add i32 %i, 1
  %more = icmp sle i32 %i1, %hi
  br i1 %more, label %loop, label %exit.done

exit.bad:
  %lo64 = sext i32 %lo to i64
  call void @note(ptr @s.bad, i64 %lo64)
  br label %exit

exit.abort:
  %pa = getelementptr [16 x i32], ptr %seen, i32 0, i32 %slot
  %ca = load i32, ptr %pa
  %ca64 = sext i32 %ca to i64
  call void @note(ptr @s.abort, i64 %ca64)
  br label %exit

exit.done:
  %hi64 = sext i32 %hi to i64
  call void @note(ptr @s.done, i64 %hi64)
  br label %exit

exit:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

define {ptr, i64} @decide_once(ptr %buffer, i64 %x) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon.once(i32 16, i32 8, ptr %buffer, ptr @decide_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %x)
  br i1 %abort, label %no, label %yes

yes:
  %x2 = mul i64 %x, 2
  br label %exit

no:
  br label %exit

exit:
  %r = phi i64 [ %x2, %yes ], [ -1, %no ]
  %res = call token (...) @llvm.coro.end.results(i64 %r)
  call void @llvm.coro.end(ptr %hdl, i1 false, token %res)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
declare token @llvm.coro.end.results(...)
