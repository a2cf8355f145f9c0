; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; An array alloca (`alloca T, iN count`) of the entry block used only after
; a suspend stays on the stack, so each split function that uses it makes
; its own copy: with its element count, whatever the ABI. swiftc -O emits
; these for stack-promoted objects (`alloca i8, i32 40` for
; swift_initStackObject) and reference buffers; a first version's copies
; had one element, and the resumed code overran its stack.
;
; CHECK-LABEL: define internal fastcc void @sw.resume(
; CHECK-NEXT: entry:
; CHECK-NEXT: alloca i8, i32 416, align 8
; CHECK: call void @llvm.memset.p0.i64(ptr {{.*}}, i8 1, i64 416, i1 false)
;
; CHECK-LABEL: define internal swiftcc void @once.resume.0(
; CHECK-NEXT: entry:
; CHECK-NEXT: alloca %pair, i64 5, align 16
;
; CHECK-LABEL: define internal swifttailcc void @as.resume.0(
; CHECK: alloca i8, i32 40, align 16
; CHECK: call void @init_object(ptr

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%pair = type { i64, i64 }

declare ptr @malloc(i64)
declare void @free(ptr)
declare void @use(ptr)
declare void @init_object(ptr)

; switched-resume
define ptr @sw() presplitcoroutine {
entry:
  %buf = alloca i8, i32 416, align 8
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %suspend [i8 0, label %resume
                                i8 1, label %cleanup]
resume:
  call void @llvm.memset.p0.i64(ptr %buf, i8 1, i64 416, i1 false)
  call void @use(ptr %buf)
  br label %cleanup
cleanup:
  %m = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %m)
  br label %suspend
suspend:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

; yield-once
declare swiftcc void @once_proto(ptr, i1)
define swiftcc { ptr, ptr } @once(ptr %buffer, ptr %v) presplitcoroutine {
entry:
  %pairs = alloca %pair, i64 5, align 16
  %id = call token @llvm.coro.id.retcon.once(i32 32, i32 8, ptr %buffer, ptr @once_proto, ptr @malloc, ptr @free)
  %h = call ptr @llvm.coro.begin(token %id, ptr null)
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %v)
  call void @llvm.memset.p0.i64(ptr %pairs, i8 0, i64 80, i1 false)
  call void @use(ptr %pairs)
  call void @llvm.coro.end(ptr %h, i1 false, token none)
  unreachable
}

; async
@as_afp = constant <{ i32, i32 }> <{ i32 0, i32 32 }>
declare swifttailcc void @callee(ptr swiftasync)
define ptr @project(ptr %callee) {
  %p = load ptr, ptr %callee
  ret ptr %p
}
define swifttailcc void @fwd(ptr %fn, ptr %ctx) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}
define swifttailcc void @as(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %obj = alloca i8, i32 40, align 16
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @as_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %res = call ptr @llvm.coro.async.resume()
  %cc = getelementptr inbounds i8, ptr %ctx, i64 16
  store ptr %ctx, ptr %cc
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project, ptr @fwd, ptr @callee, ptr %cc)
  call void @init_object(ptr %obj)
  call void @use(ptr %obj)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}

declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
