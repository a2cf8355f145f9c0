; Typed frame allocation (swiftc's EmitTypeMallocForCoroFrame): the type id
; after llvm.coro.id.retcon.once's deallocation function (LLVM 21's
; variadic form) is a constant that the allocation function takes after
; the size. Here it is an argument. (LLVM 22 aborts on any type id: its
; intrinsic has no such operand.)
; EXPECT-FUNCTION: acc
; EXPECT-ERROR: must be one integer constant: the type id of typed frame allocation
declare swiftcc void @proto(ptr, i1)
declare ptr @swift_coroFrameAlloc(i64, i64)
declare void @free(ptr)
declare void @use(ptr)
define swiftcc { ptr, ptr } @acc(ptr %buffer, ptr %value, i64 %tid) presplitcoroutine {
entry:
  %id = call token (i32, i32, ptr, ptr, ptr, ptr, ...) @llvm.coro.id.retcon.once(i32 32, i32 8, ptr %buffer, ptr @proto, ptr @swift_coroFrameAlloc, ptr @free, i64 %tid)
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
