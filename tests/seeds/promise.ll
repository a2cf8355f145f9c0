; Seed: llvm-coroutines.rst, "Coroutine Promise": the counter stores the
; current value in a 32-bit promise instead of printing it; main reads it
; through llvm.coro.promise after the ramp and after each resume. The
; document gives the result: print 4, 5, 6.
;
; The promise reaches coro.id as `bitcast i32* %promise to i8*`, which LLVM
; 22 parses as a (no-op) ptr-to-ptr bitcast instruction: the promise must be
; found through the cast, as LLVM's CoroIdInst::getPromise does.
;
; @promise_roundtrip (not in the document) uses the other direction,
; coro.promise(promise, 4, true), to get the handle back, and writes to the
; promise from outside.
;
; Changes to the document's text: `@main` is renamed
; `@doc_main`; the declarations.
; No presplitcoroutine attribute, as in the document: in the old dialect
; corolower marks switched-resume coroutines itself, as old CoroEarly did.

define i8* @f(i32 %n) {
entry:
  %promise = alloca i32
  %pv = bitcast i32* %promise to i8*
  %id = call token @llvm.coro.id(i32 0, i8* %pv, i8* null, i8* null)
  %need.dyn.alloc = call i1 @llvm.coro.alloc(token %id)
  br i1 %need.dyn.alloc, label %dyn.alloc, label %coro.begin
dyn.alloc:
  %size = call i32 @llvm.coro.size.i32()
  %alloc = call i8* @malloc(i32 %size)
  br label %coro.begin
coro.begin:
  %phi = phi i8* [ null, %entry ], [ %alloc, %dyn.alloc ]
  %hdl = call noalias i8* @llvm.coro.begin(token %id, i8* %phi)
  br label %loop
loop:
  %n.val = phi i32 [ %n, %coro.begin ], [ %inc, %loop ]
  %inc = add nsw i32 %n.val, 1
  store i32 %n.val, i32* %promise
  %0 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %0, label %suspend [i8 0, label %loop
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
  %promise.addr.raw = call i8* @llvm.coro.promise(i8* %hdl, i32 4, i1 false)
  %promise.addr = bitcast i8* %promise.addr.raw to i32*
  %val0 = load i32, i32* %promise.addr
  call void @print(i32 %val0)
  call void @llvm.coro.resume(i8* %hdl)
  %val1 = load i32, i32* %promise.addr
  call void @print(i32 %val1)
  call void @llvm.coro.resume(i8* %hdl)
  %val2 = load i32, i32* %promise.addr
  call void @print(i32 %val2)
  call void @llvm.coro.destroy(i8* %hdl)
  ret i32 0
}

; f(7); overwrite the promise with 100 and read it back; resume through the
; handle recovered from the promise (the coroutine stores 8); destroy.
; Returns whether the recovered handle is the ramp's.
define i32 @promise_roundtrip() {
entry:
  %hdl = call i8* @f(i32 7)
  %p = call i8* @llvm.coro.promise(i8* %hdl, i32 4, i1 false)
  %back = call i8* @llvm.coro.promise(i8* %p, i32 4, i1 true)
  %same = icmp eq i8* %back, %hdl
  %pi = bitcast i8* %p to i32*
  store i32 100, i32* %pi
  %v = load i32, i32* %pi
  call void @print(i32 %v)
  call void @llvm.coro.resume(i8* %back)
  %v2 = load i32, i32* %pi
  call void @print(i32 %v2)
  call void @llvm.coro.destroy(i8* %back)
  %r = zext i1 %same to i32
  ret i32 %r
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
declare i8* @llvm.coro.promise(i8*, i32, i1)
declare noalias i8* @malloc(i32)
declare void @free(i8*)
declare void @print(i32)
