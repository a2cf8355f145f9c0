; EXPECT: coro.suspend.retcon
; Rule: llvm.coro.suspend.retcon only appears in a coroutine (a function
; with a coro.id of a returned-continuation kind). Here an ordinary
; function calls it.

declare void @note(ptr, i64)

define i32 @plain(i32 %n) {
entry:
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i32 %n)
  br i1 %abort, label %a, label %b

a:
  ret i32 1

b:
  ret i32 0
}

declare i1 @llvm.coro.suspend.retcon.i1(...)
