; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Once a part may have handed its continuation to another thread (any call
; after llvm.coro.async.resume: here @publish, or a store of the resume
; function then a call), it neither reads nor writes the frame: the
; continuation may be running, or done with the context.
;  - @f's values live across its suspend are stored before @publish gets
;    @f.resume.0, not just before the suspend's tail call;
;  - @g's %x crosses four suspends (kept in memory, stored where it is
;    made): the part after the third yield loads it before @publish gets
;    @g.resume.3, and uses that value after;
;  - @h hands its resume function over through memory: the frame is
;    stored before that store;
;  - @k gets its resume function before coro.begin, where there is no
;    frame yet: the frame is stored right after coro.begin, still before
;    @publish;
;  - @m uses two values kept in memory in the arms of a diamond after
;    @publish: both are loaded before @publish (LLVM 22 loads each in its
;    arm).

; CHECK-LABEL: define swifttailcc void @f(
; CHECK: store i64 %x, ptr %async.ctx.frameptr
; CHECK: store i64 %y, ptr
; CHECK: call void @publish(ptr @f.resume.0, ptr %ctx)
; CHECK-NOT: store
; CHECK-NOT: load
; CHECK: musttail call swifttailcc void @fwd_nothing(ptr %ctx)
; CHECK-NEXT: ret void

; CHECK-LABEL: define swifttailcc void @h(
; CHECK: store i64 %x, ptr %async.ctx.frameptr
; CHECK: store ptr @h.resume.0, ptr @pending
; CHECK-NOT: store i64
; CHECK: musttail call

; CHECK-LABEL: define swifttailcc void @k(
; CHECK: store i64 %x, ptr %async.ctx.frameptr
; CHECK: call void @publish(ptr @k.resume.0, ptr %ctx)
; CHECK-NOT: store
; CHECK: musttail call

; CHECK-LABEL: define swifttailcc void @m(

; CHECK-LABEL: define internal swifttailcc void @g.resume.2(
; CHECK: [[X:%.*]] = load i64, ptr %async.ctx.frameptr
; CHECK-NEXT: call void @publish(ptr @g.resume.3, ptr %async.ctx)
; CHECK-NEXT: call void @use(i64 [[X]])
; CHECK-NEXT: musttail call swifttailcc void @fwd_nothing(ptr %async.ctx)

; CHECK-LABEL: define internal swifttailcc void @m.resume.2(
; CHECK: [[A:%.*]] = load i64, ptr
; CHECK: [[B:%.*]] = load i64, ptr
; CHECK: call void @publish(ptr @m.resume.3, ptr %async.ctx)
; CHECK-NOT: load
; CHECK: call void @use(i64 [[A]])
; CHECK-NOT: load
; CHECK: call void @use(i64 [[B]])
; CHECK-NOT: load
; CHECK: musttail call swifttailcc void @fwd_nothing(ptr %async.ctx)

@f_afp = constant <{ i32, i32 }> <{ i32 0, i32 32 }>
@g_afp = constant <{ i32, i32 }> <{ i32 0, i32 32 }>
@h_afp = constant <{ i32, i32 }> <{ i32 0, i32 32 }>
@k_afp = constant <{ i32, i32 }> <{ i32 0, i32 32 }>
@m_afp = constant <{ i32, i32 }> <{ i32 0, i32 32 }>
@pending = global ptr null

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare void @use(i64)
declare void @publish(ptr, ptr)
declare void @enqueue(ptr, ptr)
declare void @run_pending()

define ptr @project_self(ptr %c) {
  ret ptr %c
}

define swifttailcc void @fwd_nothing(ptr %ctx) {
  ret void
}

define swifttailcc void @fwd_yield(ptr %r, ptr %ctx) {
  call void @enqueue(ptr %r, ptr %ctx)
  ret void
}

define swifttailcc void @f(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @f_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %xp = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %xp, align 8
  %y = call i64 @llvm.umax.i64(i64 %x, i64 99)
  %res = call ptr @llvm.coro.async.resume()
  call void @publish(ptr %res, ptr %ctx)
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_nothing, ptr %ctx)
  call void @use(i64 %x)
  call void @use(i64 %y)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}

define swifttailcc void @g(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @g_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %xp = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %xp, align 8
  %res0 = call ptr @llvm.coro.async.resume()
  %r0 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res0, ptr @project_self, ptr @fwd_yield, ptr %res0, ptr %ctx)
  %res1 = call ptr @llvm.coro.async.resume()
  %r1 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res1, ptr @project_self, ptr @fwd_yield, ptr %res1, ptr %ctx)
  %res2 = call ptr @llvm.coro.async.resume()
  %r2 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res2, ptr @project_self, ptr @fwd_yield, ptr %res2, ptr %ctx)
  %res3 = call ptr @llvm.coro.async.resume()
  call void @publish(ptr %res3, ptr %ctx)
  call void @use(i64 %x)
  %r3 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res3, ptr @project_self, ptr @fwd_nothing, ptr %ctx)
  call void @use(i64 7)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}

define swifttailcc void @h(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @h_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %xp = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %xp, align 8
  %res = call ptr @llvm.coro.async.resume()
  store ptr %res, ptr @pending
  call void @run_pending()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_nothing, ptr %ctx)
  call void @use(i64 %x)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}

define swifttailcc void @k(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @k_afp)
  %res = call ptr @llvm.coro.async.resume()
  %xp = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %xp, align 8
  br label %begin
begin:
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  call void @publish(ptr %res, ptr %ctx)
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_nothing, ptr %ctx)
  call void @use(i64 %x)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}

define swifttailcc void @m(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @m_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %xp = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %xp, align 8
  %yp = getelementptr inbounds i8, ptr %ctx, i64 24
  %y = load i64, ptr %yp, align 8
  %res0 = call ptr @llvm.coro.async.resume()
  %r0 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res0, ptr @project_self, ptr @fwd_yield, ptr %res0, ptr %ctx)
  %res1 = call ptr @llvm.coro.async.resume()
  %r1 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res1, ptr @project_self, ptr @fwd_yield, ptr %res1, ptr %ctx)
  %res2 = call ptr @llvm.coro.async.resume()
  %r2 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res2, ptr @project_self, ptr @fwd_yield, ptr %res2, ptr %ctx)
  %res3 = call ptr @llvm.coro.async.resume()
  call void @publish(ptr %res3, ptr %ctx)
  %c = call i1 @flip()
  br i1 %c, label %a, label %b
a:
  call void @use(i64 %x)
  br label %j
b:
  call void @use(i64 %y)
  br label %j
j:
  %r3 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res3, ptr @project_self, ptr @fwd_nothing, ptr %ctx)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}

declare i1 @flip()
declare i64 @llvm.umax.i64(i64, i64)
