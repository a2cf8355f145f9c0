; ACCEPTED: LLVM 22 lowers this: an llvm.coro.async.resume that no suspend names (its
; ACCEPTED: value stored into the callee context) stands for no resume function, and
; ACCEPTED: coro-cleanup makes it null; corolower does the same. Executable:
; ACCEPTED: cases/resume_orphan.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@f_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @f to i64), i64 ptrtoint (ptr @f_afp to i64)) to i32), i32 32 }>, align 8

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare void @use(i64)

define ptr @project(ptr %callee) {
  %caller = load ptr, ptr %callee, align 8
  ret ptr %caller
}

define swifttailcc void @fwd(ptr %fn, ptr %ctx) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}

declare swifttailcc void @callee(ptr swiftasync)

define swifttailcc void @f(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @f_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %xp = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %xp, align 8
  %res = call ptr @llvm.coro.async.resume()
  %stray = call ptr @llvm.coro.async.resume()
  %sp = getelementptr inbounds i8, ptr %ctx, i64 24
  store ptr %stray, ptr %sp, align 8
  %cc = call ptr @alloc_ctx(ptr %ctx, ptr %res)
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project, ptr @fwd, ptr @callee, ptr %cc)
  call void @use(i64 %x)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}

declare ptr @alloc_ctx(ptr, ptr)
