; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; An llvm.coro.end.results that no coro.end takes, on a path that ends in
; `unreachable` (found by tests/fuzz/mutate.py): it has no effect and goes
; before the frame is planned (frame/simplify.c), in any ABI; it was left
; in f.resume.0 ("internal error: llvm.coro.end.results left after
; lowering"). LLVM 22 lowers this input too.
; CHECK-LABEL: define {{.*}}swifttailcc void @f.resume.0(
; CHECK: call void @use(i64
; CHECK-NOT: coro.end.results
; CHECK: unreachable

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@f_afp = constant <{ i32, i32 }> <{ i32 0, i32 32 }>, align 8
declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare void @llvm.coro.end(ptr, i1, token)
declare void @use(i64)
declare ptr @alloc_ctx(ptr, ptr)
declare swifttailcc void @callee(ptr swiftasync)

define ptr @project(ptr %callee) {
  %caller = load ptr, ptr %callee, align 8
  ret ptr %caller
}

define swifttailcc void @fwd(ptr %fn, ptr %ctx) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}
declare token @llvm.coro.end.results(...)

define swifttailcc void @f(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @f_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %xp = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %xp, align 8
  %res = call ptr @llvm.coro.async.resume()
  %cc = call ptr @alloc_ctx(ptr %ctx, ptr %res)
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project, ptr @fwd, ptr @callee, ptr %cc)
  call void @use(i64 %x)
  %t = call token (...) @llvm.coro.end.results(i64 %x)
  unreachable
}
