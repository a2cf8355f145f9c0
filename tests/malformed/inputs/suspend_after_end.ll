; A non-unwind coro.end right after coro.begin, ahead of the body: the
; coroutine has ended there, yet its loop still suspends. LLVM 22 aborts on
; this ("Only one coro.end can be marked as fallthrough"); corolower's
; analyses would take the loop for ramp-only code and lose the values
; crossing the suspend.
; EXPECT-FUNCTION: f
; EXPECT-ERROR: a suspend point can be reached after a non-unwind llvm.coro.end
define ptr @f(i32 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i32 @llvm.coro.size.i32()
  %alloc = call ptr @malloc(i32 %size)
  %hdl = call noalias ptr @llvm.coro.begin(token %id, ptr %alloc)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  br label %loop
loop:
  %n.val = phi i32 [ %n, %entry ], [ %inc, %loop.resume ]
  call void @print(i32 %n.val)
  %0 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %0, label %suspend [ i8 0, label %loop.resume
                                 i8 1, label %cleanup ]
loop.resume:
  %inc = add nsw i32 %n.val, 1
  br label %loop
cleanup:
  %mem = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %mem)
  br label %suspend
suspend:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i32 @llvm.coro.size.i32()
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
declare void @print(i32)
declare noalias ptr @malloc(i32)
declare void @free(ptr)
