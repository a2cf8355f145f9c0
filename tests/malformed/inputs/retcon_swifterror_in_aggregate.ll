; The suspend's result, which holds a swifterror value, is used whole
; (insertvalue, and the aggregate passed on; an unused one is folded away
; before the frame is planned): the lowering would have to build an aggregate from the
; swifterror parameter, which the verifier forbids (LLVM 22 aborts).
; EXPECT-FUNCTION: gen
; EXPECT-ERROR: holds a swifterror value
declare ptr @alloc(i64)
declare void @dealloc(ptr)
declare void @use(ptr)
declare void @use_agg({ptr, i1})
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
  %agg = insertvalue {ptr, i1} %in, i1 true, 1
  call void @use_agg({ptr, i1} %agg)
  call void @use(ptr %e)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare {ptr, i1} @llvm.coro.suspend.retcon.sl_p0i1s(...)
declare void @llvm.coro.end(ptr, i1, token)
