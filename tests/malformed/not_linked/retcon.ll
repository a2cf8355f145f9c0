; A returned-continuation coroutine (llvm.coro.id.retcon) lowered with only
; the switched-resume lowering given (crl_options.lowerings): it must say
; the ABI is not available instead of passing the coroutine through.
; EXPECT-FUNCTION: retcon_gen
; EXPECT-ERROR: retcon
; EXPECT-ERROR: not available
declare ptr @allocate(i32)
declare void @deallocate(ptr)
declare void @print(i32)

define ptr @prototype(ptr, i1) {
  unreachable
}

define { ptr, i32 } @retcon_gen(ptr %buffer, i32 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 8, i32 4, ptr %buffer, ptr @prototype, ptr @allocate, ptr @deallocate)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop
loop:
  %n.val = phi i32 [ %n, %entry ], [ %inc, %resume ]
  %unwind = call i1 (...) @llvm.coro.suspend.retcon.i1(i32 %n.val)
  br i1 %unwind, label %cleanup, label %resume
resume:
  %inc = add i32 %n.val, 1
  br label %loop
cleanup:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
