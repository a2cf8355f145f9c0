; Abort at every suspend, cleanups newest first: a coroutine acquires
; %n resources one per resume, keeping their handles in a stack array
; (an alloca living across the suspends), and yields after each. When
; resumed abnormally it releases what it holds from the newest down; when
; all are acquired it uses them and releases them the same way. The
; release loop reads the array, so the alloca must be in the frame.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

@s.acquire = private unnamed_addr constant [8 x i8] c"acquire\00"
@s.release = private unnamed_addr constant [8 x i8] c"release\00"
@s.use = private unnamed_addr constant [4 x i8] c"use\00"

define {ptr, i64} @holder_proto(ptr, i1) {
  unreachable
}

define {ptr, i64} @holder(ptr %buffer, i64 %base, i64 %n) presplitcoroutine {
entry:
  %handles = alloca [8 x i64], align 8
  %id = call token @llvm.coro.id.retcon(i32 96, i32 8, ptr %buffer, ptr @holder_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %acquire

acquire:
  %i = phi i64 [ 0, %entry ], [ %i1, %next ]
  %more = icmp ult i64 %i, %n
  br i1 %more, label %take, label %use

take:
  %h = add i64 %base, %i
  call void @note(ptr @s.acquire, i64 %h)
  %slot = getelementptr [8 x i64], ptr %handles, i64 0, i64 %i
  store i64 %h, ptr %slot
  %i1 = add i64 %i, 1
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %i1)
  br i1 %abort, label %release, label %next

next:
  br label %acquire

use:
  call void @note(ptr @s.use, i64 %n)
  br label %release

release:
  %held = phi i64 [ %i1, %take ], [ %n, %use ]
  br label %rloop

rloop:
  %k = phi i64 [ %held, %release ], [ %k1, %rbody ]
  %left = icmp ne i64 %k, 0
  br i1 %left, label %rbody, label %end

rbody:
  %k1 = sub i64 %k, 1
  %rs = getelementptr [8 x i64], ptr %handles, i64 0, i64 %k1
  %rh = load i64, ptr %rs
  call void @note(ptr @s.release, i64 %rh)
  br label %rloop

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
