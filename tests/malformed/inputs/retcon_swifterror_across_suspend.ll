; A value the continuation receives in a swifterror parameter (element 0 of
; the suspend's result) is loaded through after the next suspend: it would
; have to be kept in the frame, and a swifterror value can only be loaded
; from, stored through or passed as a swifterror argument. LLVM 22 stores
; it into the frame and its verifier aborts (Broken module found).
; EXPECT-FUNCTION: gen
; EXPECT-ERROR: swifterror value %err is used after a later suspend
declare ptr @alloc(i64)
declare void @dealloc(ptr)
declare void @use(ptr)
declare swiftcc {ptr, i32} @proto(ptr swiftself, ptr swifterror, i1 zeroext)
define swiftcc {ptr, i32} @gen(ptr %buffer, i32 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @proto, ptr @alloc, ptr @dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %in = call {ptr, i1} (...) @llvm.coro.suspend.retcon.sl_p0i1s(i32 %n)
  %err = extractvalue {ptr, i1} %in, 0
  %e = load ptr, ptr %err
  store ptr null, ptr %err
  %in2 = call {ptr, i1} (...) @llvm.coro.suspend.retcon.sl_p0i1s(i32 %n)
  %late = load ptr, ptr %err
  call void @use(ptr %e)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare {ptr, i1} @llvm.coro.suspend.retcon.sl_p0i1s(...)
declare void @llvm.coro.end(ptr, i1, token)
