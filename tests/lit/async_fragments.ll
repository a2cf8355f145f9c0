; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Async fragments: the ramp and each resume function end in a musttail call
; of the suspend's function (or coro.end.async's) followed by `ret void`;
; each resume function takes the suspend's struct elements with the
; coroutine's calling convention and attributes, swiftasync on its context
; parameter, and finds the frame through the projection function; the
; context size in the async function pointer is patched.
; GLOBAL: @f_afp = constant <{ i32, i32 }> <{ i32 trunc {{.*}}, i32 48 }>
; GLOBAL-NOT: presplitcoroutine

; CHECK-LABEL: define swifttailcc void @f(
; CHECK-SAME: ptr swiftasync %ctx, i64 %n) [[ATTRS:#[0-9]+]] {
; The frame is stored before @new_ctx is given the resume function (which
; may start it at once), not just before the tail call.
; CHECK: [[FP:%.*]] = getelementptr inbounds i8, ptr %ctx, i64 32
; CHECK: store i64 %n, ptr [[FP]]
; CHECK: call ptr @new_ctx(ptr %ctx, ptr @f.resume.0)
; CHECK: musttail call swifttailcc void @fwd(ptr @callee, ptr %cc)
; CHECK-NEXT: ret void
; CHECK-NEXT: }

; CHECK-LABEL: define internal swifttailcc void @f.resume.0(
; CHECK-SAME: ptr swiftasync %0, i64 %1) [[ATTRS]] {
; CHECK: [[CTX:%.*]] = call ptr @project(ptr %0)
; CHECK: [[FP2:%.*]] = getelementptr inbounds i8, ptr [[CTX]], i64 32
; CHECK: [[N:%.*]] = load i64, ptr [[FP2]]
; CHECK: add i64 %1, [[N]]
; CHECK: call ptr @new_ctx(ptr [[CTX]], ptr @f.resume.1)
; CHECK: musttail call swifttailcc void @fwd(ptr @callee, ptr %{{.*}})
; CHECK-NEXT: ret void
; CHECK-NEXT: }

; The second resume function ends in coro.end.async's call. The
; coroutine's own context comes from the projection (never from the frame).
; CHECK-LABEL: define internal swifttailcc void @f.resume.1(
; CHECK-SAME: ptr swiftasync %0, i64 %1) [[ATTRS]] {
; CHECK: [[CTX2:%.*]] = call ptr @project(ptr %0)
; CHECK-NOT: load ptr, ptr %async.ctx.frameptr
; CHECK: musttail call swifttailcc void @fwd_ret(ptr %{{.*}}, ptr [[CTX2]], i64 %{{.*}})
; CHECK-NEXT: ret void
; CHECK-NEXT: }

; Function attributes are the coroutine's, without presplitcoroutine.
; GLOBAL: attributes #{{[0-9]+}} = { nounwind "frame-pointer"="all" }

@f_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @f to i64), i64 ptrtoint (ptr @f_afp to i64)) to i32), i32 32 }>

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr, i64 } @llvm.coro.suspend.async.sl_p0i64s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare ptr @new_ctx(ptr, ptr)
declare swifttailcc void @callee(ptr swiftasync)

define ptr @project(ptr %callee) {
  %p = load ptr, ptr %callee
  ret ptr %p
}

define swifttailcc void @fwd(ptr %fn, ptr %ctx) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}

define swifttailcc void @fwd_ret(ptr %fn, ptr %ctx, i64 %v) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx, i64 %v)
  ret void
}

define swifttailcc void @f(ptr swiftasync %ctx, i64 %n) presplitcoroutine nounwind "frame-pointer"="all" {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @f_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %res = call ptr @llvm.coro.async.resume()
  %cc = call ptr @new_ctx(ptr %ctx, ptr %res)
  %r = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res, ptr @project, ptr @fwd, ptr @callee, ptr %cc)
  %a = extractvalue { ptr, i64 } %r, 1
  %s = add i64 %a, %n
  %res1 = call ptr @llvm.coro.async.resume()
  %cc1 = call ptr @new_ctx(ptr %ctx, ptr %res1)
  %r1 = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res1, ptr @project, ptr @fwd, ptr @callee, ptr %cc1)
  %b = extractvalue { ptr, i64 } %r1, 1
  %t = add i64 %b, %s
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_ret, ptr %rp, ptr %ctx, i64 %t)
  unreachable
}
