; EXPECT: coro.end.results
; Rule: only a non-unwind coro.end can carry results. Here an unwind
; coro.end (in a cleanup landing pad) of a yield-once coroutine whose
; prototype returns i32 carries llvm.coro.end.results.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)
declare void @may_throw()
declare i32 @__gxx_personality_v0(...)

define i32 @proto(ptr, i1) {
  unreachable
}

define {ptr, i32} @gen(ptr %buffer, i32 %n) presplitcoroutine personality ptr @__gxx_personality_v0 {
entry:
  %id = call token @llvm.coro.id.retcon.once(i32 16, i32 8, ptr %buffer, ptr @proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %a1 = call i1 (...) @llvm.coro.suspend.retcon.i1(i32 %n)
  invoke void @may_throw() to label %done unwind label %lp

done:
  %res = call token (...) @llvm.coro.end.results(i32 %n)
  call void @llvm.coro.end(ptr %hdl, i1 false, token %res)
  unreachable

lp:
  %ex = landingpad { ptr, i32 } cleanup
  %res2 = call token (...) @llvm.coro.end.results(i32 -1)
  call void @llvm.coro.end(ptr %hdl, i1 true, token %res2)
  resume { ptr, i32 } %ex
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
declare token @llvm.coro.end.results(...)
