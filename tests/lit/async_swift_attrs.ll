; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Resume functions' swiftasync and swiftself, as LLVM 22 places them: the
; context parameter the suspend's leading i32 names (low byte) is
; swiftasync, and the parameter its second byte names is swiftself, but
; only when the coroutine's own context parameter is swiftasync.

; CHECK-LABEL: define internal swifttailcc void @g.resume.0(
; CHECK-SAME: ptr swiftasync %0, ptr swiftself %1)
; CHECK: call ptr @project(ptr %0)
; CHECK: musttail call swifttailcc void @fwd(

; The context is the second element: the projection applies to it.
; CHECK-LABEL: define internal swifttailcc void @g.resume.1(
; CHECK-SAME: i64 %0, ptr swiftasync %1)
; CHECK: call ptr @project(ptr %1)

; Without swiftasync on the coroutine's context, neither attribute.
; CHECK-LABEL: define internal tailcc void @h.resume.0(
; CHECK-SAME: ptr %0, ptr %1)
; GLOBAL-LABEL: define tailcc void @h(ptr %ctx)
; GLOBAL: musttail call tailcc void @fwd_t(ptr @callee_t, ptr %cc)
; GLOBAL-NEXT: ret void

@g_afp = constant <{ i32, i32 }> <{ i32 0, i32 32 }>
@h_afp = constant <{ i32, i32 }> <{ i32 0, i32 32 }>

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr, ptr } @llvm.coro.suspend.async.sl_p0p0s(i32, ptr, ptr, ...)
declare { i64, ptr } @llvm.coro.suspend.async.sl_i64p0s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare ptr @new_ctx(ptr, ptr)
declare void @use(ptr)
declare swifttailcc void @callee(ptr swiftasync)
declare tailcc void @callee_t(ptr)

define ptr @project(ptr %callee) {
  %p = load ptr, ptr %callee
  ret ptr %p
}

define swifttailcc void @fwd(ptr %fn, ptr %ctx) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}

define tailcc void @fwd_t(ptr %fn, ptr %ctx) {
  musttail call tailcc void %fn(ptr %ctx)
  ret void
}

define swifttailcc void @g(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @g_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %res = call ptr @llvm.coro.async.resume()
  %cc = call ptr @new_ctx(ptr %ctx, ptr %res)
  %r = call { ptr, ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0p0s(i32 256, ptr %res, ptr @project, ptr @fwd, ptr @callee, ptr %cc)
  %self = extractvalue { ptr, ptr } %r, 1
  call void @use(ptr %self)
  %res1 = call ptr @llvm.coro.async.resume()
  %cc1 = call ptr @new_ctx(ptr %ctx, ptr %res1)
  %r1 = call { i64, ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_i64p0s(i32 1, ptr %res1, ptr @project, ptr @fwd, ptr @callee, ptr %cc1)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}

define tailcc void @h(ptr %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @h_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %res = call ptr @llvm.coro.async.resume()
  %cc = call ptr @new_ctx(ptr %ctx, ptr %res)
  %r = call { ptr, ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0p0s(i32 256, ptr %res, ptr @project, ptr @fwd_t, ptr @callee_t, ptr %cc)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}
