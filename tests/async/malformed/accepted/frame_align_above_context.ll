; ACCEPTED: LLVM 22 lowers this correctly: an alloca aligned above the context
; ACCEPTED: alignment gets (alloca align - context align) bytes of padding in the frame
; ACCEPTED: and its address is realigned at run time in the ramp and in every resume
; ACCEPTED: function (add 63, and -64). Executable: cases/realigned_frame.
; (corolower does the same by default, in less space: see LLVM22.md; with
; --no-async-realign-overaligned the same input is an error,
; ../frame_align_above_context.ll.)
;
; An alloca of align 64 lives across a suspend, but the context alignment
; given to coro.id.async is 16.

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

declare void @use_ptr(ptr)

define swifttailcc void @f(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %buf = alloca [8 x i64], align 64
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @f_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %xp = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %xp, align 8
  call void @use_ptr(ptr %buf)
  %res = call ptr @llvm.coro.async.resume()
  %cc = call ptr @alloc_ctx(ptr %ctx, ptr %res)
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project, ptr @fwd, ptr @callee, ptr %cc)
  call void @use(i64 %x)
  %b = ptrtoint ptr %buf to i64
  call void @use(i64 %b)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}

declare ptr @alloc_ctx(ptr, ptr)
