; Seed: llvm-coroutines.rst, "Avoiding Heap Allocations": the counter of
; "Coroutine Representation" with the entry block and cleanup block the
; section gives (coro.alloc deciding whether to call @CustomAlloc, coro.free
; deciding whether to call @CustomFree), driven by the Introduction's main.
;
; corolower does not do CoroElide's job (heap elision happens when the ramp
; is inlined into a caller and LLVM's coro-elide runs); without elision the
; frame comes from CustomAlloc and goes back through CustomFree exactly once,
; which is what heap_elision_form.c checks. The document's "after elision"
; main (print 4 5 6 with no allocation) is not reachable through corolower:
; its --keep-elision-markers is not implemented yet (it warns and lowers
; without the markers).
;
; Changes to the document's text: the section's
; `if.end: ...` becomes `br label %suspend`; the rest of the function and
; main come from the previous section; `@main` is renamed `@doc_main`; the
; declarations.
; No presplitcoroutine attribute, as in the document: in the old dialect
; corolower marks switched-resume coroutines itself, as old CoroEarly did.

define i8* @f(i32 %n) {
entry:
  %id = call token @llvm.coro.id(i32 0, i8* null, i8* null, i8* null)
  %need.dyn.alloc = call i1 @llvm.coro.alloc(token %id)
  br i1 %need.dyn.alloc, label %dyn.alloc, label %coro.begin
dyn.alloc:
  %size = call i32 @llvm.coro.size.i32()
  %alloc = call i8* @CustomAlloc(i32 %size)
  br label %coro.begin
coro.begin:
  %phi = phi i8* [ null, %entry ], [ %alloc, %dyn.alloc ]
  %hdl = call noalias i8* @llvm.coro.begin(token %id, i8* %phi)
  br label %loop
loop:
  %n.val = phi i32 [ %n, %coro.begin ], [ %inc, %loop ]
  %inc = add nsw i32 %n.val, 1
  call void @print(i32 %n.val)
  %0 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %0, label %suspend [i8 0, label %loop
                                i8 1, label %cleanup]
cleanup:
  %mem = call i8* @llvm.coro.free(token %id, i8* %hdl)
  %need.dyn.free = icmp ne i8* %mem, null
  br i1 %need.dyn.free, label %dyn.free, label %if.end
dyn.free:
  call void @CustomFree(i8* %mem)
  br label %if.end
if.end:
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

declare token @llvm.coro.id(i32, i8*, i8*, i8*)
declare i1 @llvm.coro.alloc(token)
declare i32 @llvm.coro.size.i32()
declare i8* @llvm.coro.begin(token, i8*)
declare i8 @llvm.coro.suspend(token, i1)
declare i8* @llvm.coro.free(token, i8*)
declare i1 @llvm.coro.end(i8*, i1)
declare void @llvm.coro.resume(i8*)
declare void @llvm.coro.destroy(i8*)
declare i8* @CustomAlloc(i32)
declare void @CustomFree(i8*)
declare void @print(i32)
