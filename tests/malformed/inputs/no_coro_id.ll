; A presplit coroutine with a suspend but no llvm.coro.id at all.
; EXPECT-FUNCTION: no_id
; EXPECT-ERROR: no coroutine id
define void @no_id() presplitcoroutine {
entry:
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %out [ i8 0, label %out
                             i8 1, label %out ]
out:
  ret void
}
declare i8 @llvm.coro.suspend(token, i1)
