; llvm.coro.size / llvm.coro.align read inside retcon coroutines (i32 and
; i64 forms), yielded to the caller. The driver checks what any layout must
; satisfy (the size covers the values kept across suspends, the alignment is
; a power of two covering theirs, the frame was allocated exactly when it
; cannot fit the buffer) and logs the exact numbers on stderr only.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @use(ptr)

define {ptr, i64} @proto(ptr, i1) {
  unreachable
}

; Keeps an i64 and an i32 across the suspend: at least 12 bytes, aligned as
; an i64 (8, or 4 on i686).
define {ptr, i64} @sized_small(ptr %buffer, i64 %x, i32 %y) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 32, i32 8, ptr %buffer, ptr @proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %size = call i32 @llvm.coro.size.i32()
  %s64 = zext i32 %size to i64
  %a1 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %s64)
  br i1 %a1, label %end, label %r1

r1:
  %align = call i32 @llvm.coro.align.i32()
  %al64 = zext i32 %align to i64
  %a2 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %al64)
  br i1 %a2, label %end, label %r2

r2:
  %y64 = sext i32 %y to i64
  %xy = add i64 %x, %y64
  %a3 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %xy)
  br label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

; Keeps a 320-byte array across the suspends: allocated (buffer 16).
define {ptr, i64} @sized_big(ptr %buffer, i64 %x) presplitcoroutine {
entry:
  %arr = alloca [40 x i64], align 8
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  store i64 %x, ptr %arr
  call void @use(ptr %arr)
  %size = call i64 @llvm.coro.size.i64()
  %a1 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %size)
  br i1 %a1, label %end, label %r1

r1:
  %align = call i64 @llvm.coro.align.i64()
  %a2 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %align)
  br i1 %a2, label %end, label %r2

r2:
  %v = load i64, ptr %arr
  %a3 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %v)
  br label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
declare i32 @llvm.coro.size.i32()
declare i32 @llvm.coro.align.i32()
declare i64 @llvm.coro.size.i64()
declare i64 @llvm.coro.align.i64()
