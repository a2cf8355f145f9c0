; Values passed in on resume (the suspend's result, here a single i32
; continuation parameter) used after later suspends, merged by phis and a
; switch: the coroutine collects three inputs, then yields the
; combinations in an order chosen by the first input. Every input must
; survive the later suspends.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

@s.mode = private unnamed_addr constant [5 x i8] c"mode\00"

define {ptr, i32} @proto(ptr, i32) {
  unreachable
}

define {ptr, i32} @collector(ptr %buffer, i32 %base) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 64, i32 8, ptr %buffer, ptr @proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %x = call i32 (...) @llvm.coro.suspend.retcon.i32(i32 %base)
  %b1 = add i32 %base, 1
  %y = call i32 (...) @llvm.coro.suspend.retcon.i32(i32 %b1)
  %b2 = add i32 %base, 2
  %z = call i32 (...) @llvm.coro.suspend.retcon.i32(i32 %b2)
  %mode = and i32 %x, 3
  %m64 = sext i32 %mode to i64
  call void @note(ptr @s.mode, i64 %m64)
  switch i32 %mode, label %m0 [ i32 1, label %m1
                                i32 2, label %m2 ]

m0:
  br label %emit

m1:
  br label %emit

m2:
  %yz = mul i32 %y, %z
  br label %emit

emit:
  %first = phi i32 [ %x, %m0 ], [ %z, %m1 ], [ %yz, %m2 ]
  %second = phi i32 [ %y, %m0 ], [ %y, %m1 ], [ %x, %m2 ]
  %third = phi i32 [ %z, %m0 ], [ %x, %m1 ], [ %base, %m2 ]
  %u1 = call i32 (...) @llvm.coro.suspend.retcon.i32(i32 %first)
  %u2 = call i32 (...) @llvm.coro.suspend.retcon.i32(i32 %second)
  %u3 = call i32 (...) @llvm.coro.suspend.retcon.i32(i32 %third)
  %s1 = add i32 %x, %y
  %s2 = add i32 %s1, %z
  %s3 = add i32 %s2, %u1
  %s4 = add i32 %s3, %u2
  %s5 = add i32 %s4, %u3
  %u4 = call i32 (...) @llvm.coro.suspend.retcon.i32(i32 %s5)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i32 @llvm.coro.suspend.retcon.i32(...)
declare void @llvm.coro.end(ptr, i1, token)
