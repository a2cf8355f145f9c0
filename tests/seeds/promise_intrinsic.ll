; Seed: llvm-coroutines.rst, the Example of "'llvm.coro.promise' Intrinsic":
; the coroutine stores 42 into its promise; main reads it through
; coro.promise, prints it and destroys the coroutine.
;
; The document elides parts of @f with `...`; they are filled in with the
; counter's allocation and a single suspend point, reached after the store,
; whose resume and destroy both lead to the cleanup. Also
; `@main` renamed `@doc_main`, the declarations.
; No presplitcoroutine attribute, as in the document: in the old dialect
; corolower marks switched-resume coroutines itself, as old CoroEarly did.

define i8* @f(i32 %n) {
entry:
  %promise = alloca i32
  %pv = bitcast i32* %promise to i8*
  ; the second argument to coro.id points to the coroutine promise.
  %id = call token @llvm.coro.id(i32 0, i8* %pv, i8* null, i8* null)
  %size = call i32 @llvm.coro.size.i32()
  %alloc = call i8* @malloc(i32 %size)
  %hdl = call noalias i8* @llvm.coro.begin(token %id, i8* %alloc)
  store i32 42, i32* %promise ; store something into the promise
  %0 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %0, label %suspend [i8 0, label %cleanup
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
  %hdl = call i8* @f(i32 4) ; starts the coroutine and returns its handle
  %promise.addr.raw = call i8* @llvm.coro.promise(i8* %hdl, i32 4, i1 false)
  %promise.addr = bitcast i8* %promise.addr.raw to i32*
  %val = load i32, i32* %promise.addr ; load a value from the promise
  call void @print(i32 %val)
  call void @llvm.coro.destroy(i8* %hdl)
  ret i32 0
}

declare token @llvm.coro.id(i32, i8*, i8*, i8*)
declare i32 @llvm.coro.size.i32()
declare i8* @llvm.coro.begin(token, i8*)
declare i8 @llvm.coro.suspend(token, i1)
declare i8* @llvm.coro.free(token, i8*)
declare i1 @llvm.coro.end(i8*, i1)
declare void @llvm.coro.destroy(i8*)
declare i8* @llvm.coro.promise(i8*, i32, i1)
declare noalias i8* @malloc(i32)
declare void @free(i8*)
declare void @print(i32)
