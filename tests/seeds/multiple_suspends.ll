; Seed: llvm-coroutines.rst, "Multiple Suspend Points": print(n++), suspend,
; print(-n), suspend, in a loop. The section gives the loop; "the rest of the
; code remaining the same as the code in the previous section" (entry,
; cleanup and suspend blocks of "Coroutine Representation"), driven by the
; Introduction's main: f(4) prints 4, the first resume prints -5 (the xor of
; 4 with -1), the second prints 5, then destroy.
;
; @more (not in the document) goes around the loop more times, so that both
; resume points are dispatched more than once and the coroutine is destroyed
; at either suspend point.
;
; Changes to the document's text: attribute group #4,
; which the document's `call ... #4` names, is defined; `@main` is renamed
; `@doc_main`; the declarations.
; No presplitcoroutine attribute, as in the document: in the old dialect
; corolower marks switched-resume coroutines itself, as old CoroEarly did.

define i8* @f(i32 %n) {
entry:
  %id = call token @llvm.coro.id(i32 0, i8* null, i8* null, i8* null)
  %size = call i32 @llvm.coro.size.i32()
  %alloc = call i8* @malloc(i32 %size)
  %hdl = call noalias i8* @llvm.coro.begin(token %id, i8* %alloc)
  br label %loop
loop:
  %n.addr = phi i32 [ %n, %entry ], [ %inc, %loop.resume ]
  call void @print(i32 %n.addr) #4
  %2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %2, label %suspend [i8 0, label %loop.resume
                                i8 1, label %cleanup]
loop.resume:
  %inc = add nsw i32 %n.addr, 1
  %sub = xor i32 %n.addr, -1
  call void @print(i32 %sub)
  %3 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %3, label %suspend [i8 0, label %loop
                                i8 1, label %cleanup]
cleanup:
  %mem = call i8* @llvm.coro.free(token %id, i8* %hdl)
  call void @free(i8* %mem)
  br label %suspend
suspend:
  %unused = call i1 @llvm.coro.end(i8* %hdl, i1 false)
  ret i8* %hdl
}

define i32 @doc_main() {
entry:
  %hdl = call i8* @f(i32 4)
  call void @llvm.coro.resume(i8* %hdl)
  call void @llvm.coro.resume(i8* %hdl)
  call void @llvm.coro.destroy(i8* %hdl)
  ret i32 0
}

; f(10), %k resumes, destroy.
define void @more(i32 %k) {
entry:
  %hdl = call i8* @f(i32 10)
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %again = icmp slt i32 %i, %k
  br i1 %again, label %body, label %done
body:
  call void @llvm.coro.resume(i8* %hdl)
  %i.next = add i32 %i, 1
  br label %head
done:
  call void @llvm.coro.destroy(i8* %hdl)
  ret void
}

attributes #4 = { nounwind }

declare token @llvm.coro.id(i32, i8*, i8*, i8*)
declare i32 @llvm.coro.size.i32()
declare i8* @llvm.coro.begin(token, i8*)
declare i8 @llvm.coro.suspend(token, i1)
declare i8* @llvm.coro.free(token, i8*)
declare i1 @llvm.coro.end(i8*, i1)
declare void @llvm.coro.resume(i8*)
declare void @llvm.coro.destroy(i8*)
declare noalias i8* @malloc(i32)
declare void @free(i8*)
declare void @print(i32)
