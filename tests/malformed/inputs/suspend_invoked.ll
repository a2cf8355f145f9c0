; llvm.coro.suspend called through invoke: LLVM's verifier already rejects
; it, so the tool must stop there with the verifier's message.
; EXPECT-STAGE: verify
; EXPECT-ERROR: Cannot invoke an intrinsic
declare i32 @__gxx_personality_v0(...)
define ptr @invoked(ptr %mem) presplitcoroutine personality ptr @__gxx_personality_v0 {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %s = invoke i8 @llvm.coro.suspend(token none, i1 false) to label %cont unwind label %lp
cont:
  switch i8 %s, label %out [ i8 0, label %out
                             i8 1, label %out ]
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare void @llvm.coro.end(ptr, i1, token)
