; A caller written in IR that gets the ramp through
; llvm.coro.prepare.retcon (which must become the coroutine function
; itself) and drives the coroutine with its own stack buffer; a second
; caller hands the prepared pointer to C, which calls it.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

@s.sum = private unnamed_addr constant [4 x i8] c"sum\00"

define {ptr, i32} @odds_proto(ptr, i1) {
  unreachable
}

define {ptr, i32} @odds(ptr %buffer, i32 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @odds_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %resume ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %end

body:
  %i2 = shl i32 %i, 1
  %odd = add i32 %i2, 1
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i32 %odd)
  br i1 %abort, label %end, label %resume

resume:
  %i1 = add i32 %i, 1
  br label %loop

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

; Sums the first n odd numbers by driving @odds; stops early (abnormal
; resume) once the sum exceeds %cap.
define i32 @sum_odds(i32 %n, i32 %cap) {
entry:
  %buf = alloca [16 x i8], align 8
  %ramp = call ptr @llvm.coro.prepare.retcon(ptr @odds)
  %first = call {ptr, i32} %ramp(ptr %buf, i32 %n)
  br label %loop

loop:
  %r = phi {ptr, i32} [ %first, %entry ], [ %next, %step ]
  %sum = phi i32 [ 0, %entry ], [ %sum1, %step ]
  %k = extractvalue {ptr, i32} %r, 0
  %done = icmp eq ptr %k, null
  br i1 %done, label %exit, label %step

step:
  %v = extractvalue {ptr, i32} %r, 1
  %sum1 = add i32 %sum, %v
  %over = icmp sgt i32 %sum1, %cap
  %next = call {ptr, i32} %k(ptr %buf, i1 %over)
  br label %loop

exit:
  %s64 = sext i32 %sum to i64
  call void @note(ptr @s.sum, i64 %s64)
  ret i32 %sum
}

; Returns the prepared ramp to C.
define ptr @get_odds_ramp() {
  %ramp = call ptr @llvm.coro.prepare.retcon(ptr @odds)
  ret ptr %ramp
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
declare ptr @llvm.coro.prepare.retcon(ptr)
