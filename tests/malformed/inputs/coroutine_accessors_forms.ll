; The coroutine id of swiftc's experimental CoroutineAccessors feature,
; llvm.coro.id.retcon.once.dynamic (here without the `swiftcoro` attribute
; LLVM 22 cannot parse). Only Swift's own LLVM defines it: the error names
; the feature (a first version said "presplit coroutine has no coroutine
; id"), from the text in the CLI and from the parsed module in the library.
; EXPECT-CLI-STAGE: text
; EXPECT-FUNCTION: acc
; EXPECT-ERROR: llvm.coro.id.retcon.once.dynamic is a form of Swift's experimental CoroutineAccessors feature
declare swiftcc void @proto(ptr noalias, i1)
declare swiftcc ptr @alloc(ptr, ptr, i64, i64)
declare swiftcc void @dealloc(ptr, ptr, ptr)
@desc = constant { i32, i32 } { i32 0, i32 16 }

define swiftcc { ptr, ptr } @acc(ptr noalias %buf, ptr %allocator, ptr %x) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon.once.dynamic(i32 -1, i32 16, ptr @desc, ptr %allocator, ptr %buf, ptr @proto, ptr @alloc, ptr @dealloc, ptr @alloc, ptr @dealloc, i64 0)
  %h = call ptr @llvm.coro.begin(token %id, ptr null)
  %r = call ptr (...) @llvm.coro.suspend.retcon.p0(ptr %x)
  call void @llvm.coro.end(ptr %h, i1 false, token none)
  unreachable
}
declare token @llvm.coro.id.retcon.once.dynamic(i32, i32, ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr, i64)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.suspend.retcon.p0(...)
declare void @llvm.coro.end(ptr, i1, token)
