; Seed: llvm-coroutines.rst, "Distinct Save and Suspend": g() loops; when
; cond() holds it calls async_op1(handle), suspends and then do_one(),
; otherwise async_op2(handle), suspend, do_two(). The coroutine must be
; ready for resumption at coro.save, before async_op1/async_op2 run, because
; the operation "may trigger resumption ... possibly prior to async_op call
; returning control back to the coroutine". distinct_save_suspend.c drives it
; both ways: completions delivered later from an event loop, and completions
; that resume the coroutine inline, inside async_op1/async_op2 (then the
; suspend index must already name the right resume point when async_op
; runs, and the nested resumption's later save must win).
;
; The section gives only the two branches; the rest is the counter's
; structure (entry, cleanup, suspend blocks) with the loop of the section's
; pseudo-code. Fixed document errors (the section's IR does not parse or is
; wrong as printed):
;   - `%suspend1 = call i1 @llvm.coro.suspend(...)`: coro.suspend returns i8
;     (as the section's own `switch i8` assumes); same for %suspend2;
;   - the if.false branch switches on %suspend1; it must be %suspend2.
; Also the declarations. @resume_handle and
; @destroy_handle (not in the document) let the C driver resume or destroy
; a handle: C cannot call the intrinsics.
; No presplitcoroutine attribute, as in the document: in the old dialect
; corolower marks switched-resume coroutines itself, as old CoroEarly did.

define i8* @g() {
entry:
  %id = call token @llvm.coro.id(i32 0, i8* null, i8* null, i8* null)
  %size = call i32 @llvm.coro.size.i32()
  %alloc = call i8* @malloc(i32 %size)
  %hdl = call noalias i8* @llvm.coro.begin(token %id, i8* %alloc)
  br label %for
for:
  %c = call i1 @cond()
  br i1 %c, label %if.true, label %if.false
if.true:
  %save1 = call token @llvm.coro.save(i8* %hdl)
  call void @async_op1(i8* %hdl)
  %suspend1 = call i8 @llvm.coro.suspend(token %save1, i1 false)
  switch i8 %suspend1, label %suspend [i8 0, label %resume1
                                       i8 1, label %cleanup]
if.false:
  %save2 = call token @llvm.coro.save(i8* %hdl)
  call void @async_op2(i8* %hdl)
  %suspend2 = call i8 @llvm.coro.suspend(token %save2, i1 false)
  switch i8 %suspend2, label %suspend [i8 0, label %resume2
                                       i8 1, label %cleanup]
resume1:
  call void @do_one()
  br label %for
resume2:
  call void @do_two()
  br label %for
cleanup:
  %mem = call i8* @llvm.coro.free(token %id, i8* %hdl)
  call void @free(i8* %mem)
  br label %suspend
suspend:
  %unused = call i1 @llvm.coro.end(i8* %hdl, i1 false)
  ret i8* %hdl
}

define void @resume_handle(i8* %h) {
entry:
  call void @llvm.coro.resume(i8* %h)
  ret void
}

define void @destroy_handle(i8* %h) {
entry:
  call void @llvm.coro.destroy(i8* %h)
  ret void
}

declare token @llvm.coro.id(i32, i8*, i8*, i8*)
declare i32 @llvm.coro.size.i32()
declare i8* @llvm.coro.begin(token, i8*)
declare token @llvm.coro.save(i8*)
declare i8 @llvm.coro.suspend(token, i1)
declare i8* @llvm.coro.free(token, i8*)
declare i1 @llvm.coro.end(i8*, i1)
declare void @llvm.coro.resume(i8*)
declare void @llvm.coro.destroy(i8*)
declare noalias i8* @malloc(i32)
declare void @free(i8*)
declare i1 @cond()
declare void @async_op1(i8*)
declare void @async_op2(i8*)
declare void @do_one()
declare void @do_two()
