; EXPECT-FUNCTION: f
; EXPECT-ERROR: async coroutines are not lowered for i686
; EXPECT-ERROR: llvm/llvm-project#199224
; A valid async coroutine for 32-bit x86 (its await a swifttailcc musttail
; call, which i386 passes on the stack): refused, since LLVM 22's x86-32
; backend gets the stack arguments of such calls wrong and the program
; would fail at run time. LLVM 22's passes lower it, and llc-22 compiles
; their output; run, it fails (tests/async/cases on i686).

target datalayout = "e-m:e-p:32:32-p270:32:32-p271:32:32-p272:64:64-i128:128-f64:32:64-f80:32-n8:16:32-S128"
target triple = "i686-unknown-linux-gnu"

@f_afp = constant <{ i32, i32 }> <{ i32 0, i32 32 }>, align 8
declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
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
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}
