; Frame size, not correctness (found by gen_retcon.py, bench/RESULTS.md#differential-fuzzing):
; %d = add %n, -1 is defined before the first suspend and used only after
; the second, %n after the first. LLVM 22 rematerializes %d from %n's
; frame slot: frame { i64 }, 8 bytes, inline in the 8-byte buffer.
; corolower (4164535) keeps both: 16 bytes, so the frame is allocated
; (`corolower --frame-report=text` shows spills %n and %d).
;   opt-22 -S -passes='coro-early,cgscc(coro-split),coro-cleanup' THIS | grep Frame
;   corolower THIS -S -o /dev/null --frame-report=text
declare void @use(i64)
declare ptr @alloc(i64)
declare void @dealloc(ptr)
declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare ptr @proto(ptr, i1)
define ptr @f(ptr %buffer, i64 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 8, i32 8, ptr %buffer, ptr @proto, ptr @alloc, ptr @dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %d = add i64 %n, -1
  call void @use(i64 %d)
  %ab = call i1 (...) @llvm.coro.suspend.retcon.i1()
  call void @use(i64 %n)
  br i1 %ab, label %x, label %y
y:
  %ab2 = call i1 (...) @llvm.coro.suspend.retcon.i1()
  call void @use(i64 %d)
  br label %x
x:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
