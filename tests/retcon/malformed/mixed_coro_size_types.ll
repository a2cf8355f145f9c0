; EXPECT: coro.size
; Rule: within one coroutine every llvm.coro.size (and llvm.coro.align)
; call has the same result type (or a lowering must give each call its own
; type). Here one coroutine calls both llvm.coro.size.i32 and .i64.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

define {ptr, i64} @proto(ptr, i1) {
  unreachable
}

define {ptr, i64} @gen(ptr %buffer, i32 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %s32 = call i32 @llvm.coro.size.i32()
  %s64 = call i64 @llvm.coro.size.i64()
  %w = zext i32 %s32 to i64
  %sum = add i64 %w, %s64
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %sum)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
declare i32 @llvm.coro.size.i32()
declare i64 @llvm.coro.size.i64()
