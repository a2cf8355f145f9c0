; A frame too large for the caller's buffer: a 256-byte histogram alloca
; lives across every suspend, the buffer is 16 bytes, so the frame comes
; from rt_alloc and must be returned to rt_dealloc exactly once, whether
; the coroutine runs to completion or is aborted at any suspend. With
; steps = 0 it never suspends: at most one allocation, balanced.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

@s.abort = private unnamed_addr constant [6 x i8] c"abort\00"
@s.finished = private unnamed_addr constant [9 x i8] c"finished\00"

define {ptr, i64} @histogram_proto(ptr, i1) {
  unreachable
}

define {ptr, i64} @histogram(ptr %buffer, i32 %seed, i32 %steps) presplitcoroutine {
entry:
  %h = alloca [64 x i32], align 4
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @histogram_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  call void @llvm.memset.p0.i64(ptr %h, i8 0, i64 256, i1 false)
  br label %step

step:
  %k = phi i32 [ 1, %entry ], [ %k1, %resume ]
  %go = icmp sle i32 %k, %steps
  br i1 %go, label %body, label %finished

body:
  %sk = mul i32 %seed, %k
  %sk13 = mul i32 %sk, 13
  %slot = and i32 %sk13, 63
  %p = getelementptr [64 x i32], ptr %h, i32 0, i32 %slot
  %old = load i32, ptr %p
  %new = add i32 %old, %k
  store i32 %new, ptr %p
  br label %sum

sum:
  %j = phi i32 [ 0, %body ], [ %j1, %sum ]
  %acc = phi i64 [ 0, %body ], [ %acc1, %sum ]
  %pj = getelementptr [64 x i32], ptr %h, i32 0, i32 %j
  %v = load i32, ptr %pj
  %v64 = zext i32 %v to i64
  %j64 = zext i32 %j to i64
  %w = add i64 %j64, 1
  %t = mul i64 %v64, %w
  %acc1 = add i64 %acc, %t
  %j1 = add i32 %j, 1
  %more = icmp ult i32 %j1, 64
  br i1 %more, label %sum, label %yield

yield:
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %acc1)
  br i1 %abort, label %aborted, label %resume

resume:
  %k1 = add i32 %k, 1
  br label %step

aborted:
  %k64 = sext i32 %k to i64
  call void @note(ptr @s.abort, i64 %k64)
  br label %end

finished:
  %st64 = sext i32 %steps to i64
  call void @note(ptr @s.finished, i64 %st64)
  br label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
