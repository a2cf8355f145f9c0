; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; C-convention async functions: musttail between C-convention functions
; needs one prototype (targets/). A forwarder with another prototype is
; inlined, as LLVM does with every forwarder; its own musttail call (same
; prototype as the part) stays one. One with the part's prototype is
; tail-called as it is.

; The ramp: @yield_to (ptr, ptr) cannot be tail-called from @f (ptr):
; its body is here instead, ending in its plain call and `ret void`.
; CHECK-LABEL: define void @f(ptr %ctx)
; CHECK-NOT: @yield_to(
; CHECK: call void @enqueue(ptr @f.resume.0, ptr %ctx)
; CHECK-NEXT: ret void

; The resume function (ptr) ends in coro.end.async's @ret_to (ptr): the
; same prototype, so a musttail call of it.
; CHECK-LABEL: define internal void @f.resume.0(ptr %0)
; CHECK: musttail call void @ret_to(ptr %{{.*}})
; CHECK-NEXT: ret void

@f_afp = constant <{ i32, i32 }> <{ i32 0, i32 32 }>

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare void @enqueue(ptr, ptr)
declare void @use(i64)

define ptr @project(ptr %ctx) {
  ret ptr %ctx
}

define void @yield_to(ptr %resume, ptr %ctx) {
  call void @enqueue(ptr %resume, ptr %ctx)
  ret void
}

define void @ret_to(ptr %ctx) {
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp
  musttail call void %rp(ptr %ctx)
  ret void
}

define void @f(ptr %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @f_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %xp = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %xp
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project, ptr @yield_to, ptr %res, ptr %ctx)
  call void @use(i64 %x)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @ret_to, ptr %ctx)
  unreachable
}
