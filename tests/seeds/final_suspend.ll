; Seed: llvm-coroutines.rst, "Final Suspend": main resumes the coroutine
; until llvm.coro.done says it is at its final suspend point, then destroys
; it. The coroutine is the section's Python generator
;     def coroutine(n): for i in range(n): yield i
; in the shape the section describes: current_value is the promise, an
; injected initial suspend, one suspend per yield, an injected final
; suspend (written as the section's "final suspend point" example, whose
; resume case traps). Each yield also prints the value, so the document's
; main, with f(4), prints 0 1 2 3.
;
; @next is the section's `__next__`: resume; if done, StopIteration (false);
; otherwise the value in the promise. @done and @destroy (not in the
; document) let the C driver query and destroy a handle.
;
; Changes: the coroutine body is composed from the section's pieces (above);
; `@main` is renamed `@doc_main`; the declarations.
; No presplitcoroutine attribute, as in the document: in the old dialect
; corolower marks switched-resume coroutines itself, as old CoroEarly did.

define i8* @f(i32 %n) {
entry:
  %current_value = alloca i32
  %pv = bitcast i32* %current_value to i8*
  %id = call token @llvm.coro.id(i32 0, i8* %pv, i8* null, i8* null)
  %size = call i32 @llvm.coro.size.i32()
  %alloc = call i8* @malloc(i32 %size)
  %hdl = call noalias i8* @llvm.coro.begin(token %id, i8* %alloc)
  %s.init = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s.init, label %suspend [i8 0, label %for.cond
                                     i8 1, label %cleanup]
for.cond:
  %i = phi i32 [ 0, %entry ], [ %i.next, %for.inc ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %for.body, label %while.end
for.body:
  store i32 %i, i32* %current_value
  call void @print(i32 %i)
  %s.yield = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s.yield, label %suspend [i8 0, label %for.inc
                                      i8 1, label %cleanup]
for.inc:
  %i.next = add nsw i32 %i, 1
  br label %for.cond
while.end:
  %s.final = call i8 @llvm.coro.suspend(token none, i1 true)
  switch i8 %s.final, label %suspend [i8 0, label %trap
                                      i8 1, label %cleanup]
trap:
  call void @llvm.trap()
  unreachable
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
  br label %while
while:
  call void @llvm.coro.resume(i8* %hdl)
  %done = call i1 @llvm.coro.done(i8* %hdl)
  br i1 %done, label %end, label %while
end:
  call void @llvm.coro.destroy(i8* %hdl)
  ret i32 0
}

define i1 @next(i8* %hdl, i32* %out) {
entry:
  call void @llvm.coro.resume(i8* %hdl)
  %done = call i1 @llvm.coro.done(i8* %hdl)
  br i1 %done, label %stop, label %value
stop:
  ret i1 false
value:
  %p = call i8* @llvm.coro.promise(i8* %hdl, i32 4, i1 false)
  %pi = bitcast i8* %p to i32*
  %v = load i32, i32* %pi
  store i32 %v, i32* %out
  ret i1 true
}

define i1 @done(i8* %hdl) {
entry:
  %d = call i1 @llvm.coro.done(i8* %hdl)
  ret i1 %d
}

define void @destroy(i8* %hdl) {
entry:
  call void @llvm.coro.destroy(i8* %hdl)
  ret void
}

declare token @llvm.coro.id(i32, i8*, i8*, i8*)
declare i32 @llvm.coro.size.i32()
declare i8* @llvm.coro.begin(token, i8*)
declare i8 @llvm.coro.suspend(token, i1)
declare i8* @llvm.coro.free(token, i8*)
declare i1 @llvm.coro.end(i8*, i1)
declare void @llvm.coro.resume(i8*)
declare void @llvm.coro.destroy(i8*)
declare i1 @llvm.coro.done(i8*)
declare i8* @llvm.coro.promise(i8*, i32, i1)
declare void @llvm.trap()
declare noalias i8* @malloc(i32)
declare void @free(i8*)
declare void @print(i32)
