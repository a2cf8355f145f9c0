; Parses, but fails the verifier: %v does not dominate its use after the
; suspend's switch.
; EXPECT-STAGE: verify
; EXPECT-ERROR: does not dominate all uses
define ptr @bad_dom(i1 %c) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br i1 %c, label %def, label %susp
def:
  %v = add i64 1, 2
  br label %susp
susp:
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %out [ i8 0, label %use
                             i8 1, label %out ]
use:
  call void @sink(i64 %v)
  br label %out
out:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
declare void @sink(i64)
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare void @llvm.coro.end(ptr, i1, token)
