; llvm.coro.prepare.retcon in callers: an IR function sums what a
; generator yields, calling the coroutine through the pointer that
; coro.prepare.retcon gives for it (the coroutine itself once lowered) and
; resuming it through the continuations it returns; a second one passes a
; prepared pointer to C, which drives the generator itself. The
; generator's buffer is an alloca of the plain function that drives it.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

@s.sum = private unnamed_addr constant [4 x i8] c"sum\00"

define {ptr, i32} @evens_proto(ptr, i1) {
  unreachable
}

define {ptr, i32} @evens(ptr %buffer, i32 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @evens_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i2, %resume ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %yield, label %end
yield:
  %a = call i1 (...) @llvm.coro.suspend.retcon.i1(i32 %i)
  br i1 %a, label %end, label %resume
resume:
  %i2 = add i32 %i, 2
  br label %loop
end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

define i64 @sum_evens(i32 %n) {
entry:
  %buf = alloca [16 x i8], align 8
  %f = call ptr @llvm.coro.prepare.retcon(ptr @evens)
  %r0 = call {ptr, i32} %f(ptr %buf, i32 %n)
  br label %loop
loop:
  %r = phi {ptr, i32} [ %r0, %entry ], [ %rn, %body ]
  %acc = phi i64 [ 0, %entry ], [ %acc1, %body ]
  %k = extractvalue {ptr, i32} %r, 0
  %fin = icmp eq ptr %k, null
  br i1 %fin, label %out, label %body
body:
  %v = extractvalue {ptr, i32} %r, 1
  %v64 = sext i32 %v to i64
  %acc1 = add i64 %acc, %v64
  %rn = call {ptr, i32} %k(ptr %buf, i1 false)
  br label %loop
out:
  call void @note(ptr @s.sum, i64 %acc)
  ret i64 %acc
}

define ptr @evens_entry() {
  %f = call ptr @llvm.coro.prepare.retcon(ptr @evens)
  ret ptr %f
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
declare ptr @llvm.coro.prepare.retcon(ptr)
