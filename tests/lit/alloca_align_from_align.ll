; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; An alloca is as aligned as its `align` says, not as its type: swiftc
; -Onone copies a SIMD8<Double> parameter into `alloca <8 x double>,
; align 8`. Such an alloca in the frame takes an 8-aligned field, as in
; LLVM 22's frames, whatever the ABI. A first version took the vector's
; 64 from the type: the async coroutine was refused (64 above the
; context's 16), the others realigned a 64-byte region at run time, and a
; promise aligned below its type sat where coro.promise does not look.
;
; Async: 32 bytes of header, then the 64-byte field: context size 96.
; GLOBAL: @as_afp = constant <{ i32, i32 }> <{ i32 0, i32 96 }>
;
; Switched-resume: two pointers, then the vector at 16 (8-aligned), and
; no room for realignment: 80 bytes.
; CHECK-LABEL: define ptr @sw(
; CHECK: call ptr @malloc(i64 80)
;
; The promise at alignTo(16, 8) = 16, where coro.promise(h, 8) finds it.
; CHECK-LABEL: define ptr @prom(
; CHECK: [[M:%.*]] = call ptr @malloc(i64 48)
; CHECK: [[P:%.*]] = getelementptr inbounds i8, ptr [[M]], i64 16
; CHECK-NEXT: store <4 x double> %v, ptr [[P]], align 8
; CHECK-LABEL: define void @prom_caller(
; CHECK: getelementptr i8, ptr %h, i64 16
;
; Yield-once: the 64-byte field needs no more than the allocator's 16.
; CHECK-LABEL: define swiftcc { ptr, ptr } @once(
; CHECK: call ptr @malloc(i64 64)

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare ptr @malloc(i64)
declare void @free(ptr)
declare void @use(ptr)

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
define swifttailcc void @as(ptr swiftasync %ctx, <8 x double> %v) presplitcoroutine {
entry:
  %v.debug = alloca <8 x double>, align 8
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @as_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  store <8 x double> %v, ptr %v.debug, align 8
  %res = call ptr @llvm.coro.async.resume()
  %cc = getelementptr inbounds i8, ptr %ctx, i64 16
  store ptr %ctx, ptr %cc
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project, ptr @fwd, ptr @callee, ptr %cc)
  call void @use(ptr %v.debug)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}

define ptr @sw(<8 x double> %v) presplitcoroutine {
entry:
  %v.debug = alloca <8 x double>, align 8
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  store <8 x double> %v, ptr %v.debug, align 8
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %suspend [i8 0, label %resume
                                i8 1, label %cleanup]
resume:
  call void @use(ptr %v.debug)
  br label %cleanup
cleanup:
  %m = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %m)
  br label %suspend
suspend:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

define ptr @prom(<4 x double> %v) presplitcoroutine {
entry:
  %promise = alloca <4 x double>, align 8
  %id = call token @llvm.coro.id(i32 8, ptr %promise, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  store <4 x double> %v, ptr %promise, align 8
  %s = call i8 @llvm.coro.suspend(token none, i1 true)
  switch i8 %s, label %suspend [i8 0, label %cleanup
                                i8 1, label %cleanup]
cleanup:
  %m = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %m)
  br label %suspend
suspend:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

define void @prom_caller() {
  %h = call ptr @prom(<4 x double> zeroinitializer)
  %p = call ptr @llvm.coro.promise(ptr %h, i32 8, i1 false)
  call void @use(ptr %p)
  ret void
}

declare swiftcc void @once_proto(ptr, i1)
define swiftcc { ptr, ptr } @once(ptr %buffer, <8 x double> %v) presplitcoroutine {
entry:
  %v.debug = alloca <8 x double>, align 8
  %id = call token @llvm.coro.id.retcon.once(i32 32, i32 8, ptr %buffer, ptr @once_proto, ptr @malloc, ptr @free)
  %h = call ptr @llvm.coro.begin(token %id, ptr null)
  store <8 x double> %v, ptr %v.debug, align 8
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %v.debug)
  call void @use(ptr %v.debug)
  call void @llvm.coro.end(ptr %h, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
declare ptr @llvm.coro.promise(ptr, i32, i1)
declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
