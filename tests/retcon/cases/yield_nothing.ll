; Coroutines that yield no values: the coroutine returns just the
; continuation pointer and suspends take no arguments.
; - steps: prototype ptr(ptr, i8): the resume flag is an i8 (any integer
;   type may carry the flag), nonzero meaning abnormal; 32-byte buffer;
; - blink: prototype ptr(ptr): no flag at all, the suspend returns void;
;   it stops by itself after %n resumes.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

@s.step = private unnamed_addr constant [5 x i8] c"step\00"
@s.flag = private unnamed_addr constant [5 x i8] c"flag\00"
@s.blink = private unnamed_addr constant [6 x i8] c"blink\00"

define ptr @steps_proto(ptr, i8) {
  unreachable
}

define ptr @blink_proto(ptr) {
  unreachable
}

define ptr @steps(ptr %buffer, i64 %id) presplitcoroutine {
entry:
  %cid = call token @llvm.coro.id.retcon(i32 32, i32 8, ptr %buffer, ptr @steps_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %cid, ptr null)
  br label %loop

loop:
  %k = phi i64 [ 1, %entry ], [ %k1, %resume ]
  %tag = mul i64 %id, 100
  %t = add i64 %tag, %k
  call void @note(ptr @s.step, i64 %t)
  %flag = call i8 (...) @llvm.coro.suspend.retcon.i8()
  %ab = icmp ne i8 %flag, 0
  br i1 %ab, label %stop, label %resume

resume:
  %k1 = add i64 %k, 1
  br label %loop

stop:
  %f64 = zext i8 %flag to i64
  call void @note(ptr @s.flag, i64 %f64)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

define ptr @blink(ptr %buffer, i32 %n) presplitcoroutine {
entry:
  %cid = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @blink_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %cid, ptr null)
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %k64 = sext i32 %k to i64
  call void @note(ptr @s.blink, i64 %k64)
  call void (...) @llvm.coro.suspend.retcon.isVoid()
  %k1 = add i32 %k, 1
  %more = icmp slt i32 %k1, %n
  br i1 %more, label %loop, label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend.retcon.i8(...)
declare void @llvm.coro.suspend.retcon.isVoid(...)
declare void @llvm.coro.end(ptr, i1, token)
