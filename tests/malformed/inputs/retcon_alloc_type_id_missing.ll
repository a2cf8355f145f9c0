; An allocation function taking the size and a type id
; (swift_coroFrameAlloc) without the type id of typed frame allocation
; (swiftc's EmitTypeMallocForCoroFrame) after llvm.coro.id.retcon.once's
; deallocation function: nothing to pass it.
; EXPECT-FUNCTION: acc
; EXPECT-ERROR: taking one integer (the size)
; EXPECT-ERROR: needs the type id of typed frame allocation
declare swiftcc void @proto(ptr, i1)
declare ptr @swift_coroFrameAlloc(i64, i64)
declare void @free(ptr)
declare void @use(ptr)
define swiftcc { ptr, ptr } @acc(ptr %buffer, ptr %value) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon.once(i32 32, i32 8, ptr %buffer, ptr @proto, ptr @swift_coroFrameAlloc, ptr @free)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %value)
  call void @use(ptr %value)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
