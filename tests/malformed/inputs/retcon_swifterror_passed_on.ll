; A value the continuation receives in a swifterror parameter is passed to an
; ordinary call: once it is that parameter the verifier allows only loads
; and stores through it (LLVM 22 writes such a module; its verifier aborts).
; EXPECT-FUNCTION: gen
; EXPECT-ERROR: may only be loaded from or stored through
declare ptr @alloc(i64)
declare void @dealloc(ptr)
declare void @use(ptr)
declare swiftcc void @thrower(ptr swifterror)

declare swiftcc {ptr, i32} @proto(ptr swiftself, ptr swifterror, i1 zeroext)

define swiftcc {ptr, i32} @gen(ptr %buffer, i32 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @proto, ptr @alloc, ptr @dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %in = call {ptr, i1} (...) @llvm.coro.suspend.retcon.sl_p0i1s(i32 %n)
  %err = extractvalue {ptr, i1} %in, 0
  call void @use(ptr %err)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare {ptr, i1} @llvm.coro.suspend.retcon.sl_p0i1s(...)
declare void @llvm.coro.end(ptr, i1, token)
