; An inalloca argument read after a suspend: its memory belongs to the
; caller's call sequence, gone once the ramp returns, and copying it could
; move an object whose address matters. LLVM 22 keeps only its address and
; reads freed stack; corolower refuses (byval is copied into the frame).
; EXPECT-FUNCTION: reader
; EXPECT-ERROR: inalloca memory used after a suspend
%A = type { i64, i64 }
define ptr @reader(ptr inalloca(%A) %a) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %r
                             i8 1, label %cleanup ]
r:
  %x = load i64, ptr %a
  call void @use(i64 %x)
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
declare void @use(i64)
declare ptr @malloc(i64)
declare void @free(ptr)
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
