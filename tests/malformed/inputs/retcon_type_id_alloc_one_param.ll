; Typed frame allocation (swiftc's EmitTypeMallocForCoroFrame): with a type
; id after llvm.coro.id.retcon.once's deallocation function, the
; allocation function takes the size and the type id, as
; swift_coroFrameAlloc(i64, i64) does. Here it takes the size alone.
; EXPECT-FUNCTION: acc
; EXPECT-ERROR: taking an integer (the size) and i64 (the type id
; EXPECT-ERROR: EmitTypeMallocForCoroFrame
declare swiftcc void @proto(ptr, i1)
declare ptr @malloc(i64)
declare void @free(ptr)
declare void @use(ptr)
define swiftcc { ptr, ptr } @acc(ptr %buffer, ptr %value) presplitcoroutine {
entry:
  %id = call token (i32, i32, ptr, ptr, ptr, ptr, ...) @llvm.coro.id.retcon.once(i32 32, i32 8, ptr %buffer, ptr @proto, ptr @malloc, ptr @free, i64 7)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %value)
  call void @use(ptr %value)
  %e = call i1 @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}
declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr, ...)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare i1 @llvm.coro.end(ptr, i1, token)
