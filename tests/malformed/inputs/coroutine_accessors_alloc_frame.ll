; llvm.coro.alloca.alloc.frame, with which a coroutine of swiftc's
; experimental CoroutineAccessors feature allocates the frame of an
; accessor it calls. LLVM 22's parser silently renames it to
; llvm.coro.alloca.alloc.i64 (an ordinary coro.alloca), so only the text
; shows it: the CLI refuses the text, naming the feature (the library,
; given the parsed module, sees an ordinary coro.alloca).
; EXPECT-CLI-STAGE: text
; EXPECT-ERROR: llvm.coro.alloca.alloc.frame is a form of Swift's experimental CoroutineAccessors feature
declare swiftcc void @proto(ptr noalias, i1)
declare void @use(ptr)
define swiftcc { ptr, ptr } @caller(ptr noalias %buf, ptr %x) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon.once(i32 32, i32 8, ptr %buf, ptr @proto, ptr @malloc, ptr @free)
  %h = call ptr @llvm.coro.begin(token %id, ptr null)
  %f = call token @llvm.coro.alloca.alloc.frame.i64(i64 32, i32 16)
  %m = call ptr @llvm.coro.alloca.get(token %f)
  call void @use(ptr %m)
  call void @llvm.coro.alloca.free(token %f)
  %r = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %x)
  call void @llvm.coro.end(ptr %h, i1 false, token none)
  unreachable
}
declare ptr @malloc(i64)
declare void @free(ptr)
declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare token @llvm.coro.alloca.alloc.frame.i64(i64, i32)
declare ptr @llvm.coro.alloca.get(token)
declare void @llvm.coro.alloca.free(token)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
