; internal_retcon_recompute_chain: corolower internal error on a valid
; returned-continuation coroutine (LLVM 22's passes lower it right).
; corolower: error: ...: in function 'f': internal error: a value used after a suspend was not kept in the frame:   %t = trunc i64 %n to i16
;   at: %1 = mul i16 %t, 77
; %x (used after the suspend) is a chain of cheap instructions over %n,
; which is kept in the frame (used after the suspend too): xor <- sub <-
; zext <- mul i16 <- trunc. Spilling %x, or recomputing the whole chain,
; would do; the recomputed chain lacks the trunc. The same chain without
; the i16 mul (trunc then zext) or with i64 adds instead is fine.
; Found by gen_retcon.py 2541 --size 10 (ran by run_diff.py --gen retcon
; --size 10 --modes O2,O0 --seeds 2500:3000), reduced by hand.
; check with: run_diff.py --lower CMD --files THIS_FILE --modes O2
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare void @trace(i32, i64)
declare ptr @fz_alloc(i64)
declare void @fz_dealloc(ptr)
declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare ptr @proto(ptr, i1)

define ptr @f(ptr %buffer, i64 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 8, i32 8, ptr %buffer, ptr @proto, ptr @fz_alloc, ptr @fz_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %t = trunc i64 %n to i16
  %m = mul i16 %t, 77
  %z = zext i16 %m to i64
  %s = sub i64 %n, %z
  %x = xor i64 %s, %n
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1()
  br i1 %abort, label %aborted, label %resumed
resumed:
  call void @trace(i32 1, i64 %x)
  call void @trace(i32 3, i64 %n)
  br label %end
aborted:
  call void @trace(i32 2, i64 0)
  br label %end
end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

; C-ABI wrapper for the driver.
define ptr @f_next(ptr %k, ptr %buf, i32 %ab) {
  %abf = icmp ne i32 %ab, 0
  %r = call ptr %k(ptr %buf, i1 %abf)
  ret ptr %r
}
