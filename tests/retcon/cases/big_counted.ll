; A frame far larger than its buffer: a 400-byte histogram lives across
; the suspends, so the frame comes from rt_alloc (an i64-sized allocator)
; and the 16-byte buffer holds only its address. The driver counts the
; allocations and frees on each way the coroutine ends: run to completion,
; aborted at the first and at a later suspend, and finished in the ramp
; without suspending (n = 0). Every instance allocates once and frees once.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

@s.total = private unnamed_addr constant [6 x i8] c"total\00"
@s.abort = private unnamed_addr constant [6 x i8] c"abort\00"

define {ptr, i64} @hist_proto(ptr, i64, i1) {
  unreachable
}

; Resumed with (value, stop): counts value % 100 in the histogram and
; yields that bucket's count so far.
define {ptr, i64} @hist(ptr %buffer, i64 %n) presplitcoroutine {
entry:
  %bins = alloca [100 x i32], align 4
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @hist_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  call void @llvm.memset.p0.i64(ptr %bins, i8 0, i64 400, i1 false)
  %none = icmp eq i64 %n, 0
  br i1 %none, label %finish, label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %count ]
  %last = phi i64 [ 0, %entry ], [ %c1.64, %count ]
  %in = call {i64, i1} (...) @llvm.coro.suspend.retcon.sl_i64i1s(i64 %last)
  %stop = extractvalue {i64, i1} %in, 1
  br i1 %stop, label %aborted, label %count

count:
  %v = extractvalue {i64, i1} %in, 0
  %b = urem i64 %v, 100
  %slot = getelementptr [100 x i32], ptr %bins, i64 0, i64 %b
  %c = load i32, ptr %slot
  %c1 = add i32 %c, 1
  store i32 %c1, ptr %slot
  %c1.64 = zext i32 %c1 to i64
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, %n
  br i1 %more, label %loop, label %finish

aborted:
  call void @note(ptr @s.abort, i64 %i)
  br label %end

finish:
  %t = phi i64 [ 0, %entry ], [ %i1, %count ]
  call void @note(ptr @s.total, i64 %t)
  br label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare {i64, i1} @llvm.coro.suspend.retcon.sl_i64i1s(...)
declare void @llvm.coro.end(ptr, i1, token)
