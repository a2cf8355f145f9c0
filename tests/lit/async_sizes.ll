; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Context sizes and the module-level async intrinsics.
;  - @plain has no suspend: its size is still patched, alignTo(20, 8) = 24;
;  - @odd keeps an i64 in its frame after a 20-byte header: the frame is at
;    alignTo(20, 8) = 24 and the size alignTo(24 + 8, 16) = 32;
;  - llvm.coro.async.size.replace gives @thunk_afp @odd's final size, its
;    relative pointer kept;
;  - llvm.coro.prepare.async(@odd) is @odd;
;  - llvm.coro.async.context.alloc(afp, task) calls swift_task_alloc(task,
;    size) with the size loaded from the afp at run time; dealloc calls
;    swift_task_dealloc.
; GLOBAL: @plain_afp = constant <{ i32, i32 }> <{ i32 0, i32 24 }>
; GLOBAL: @odd_afp = constant <{ i32, i32 }> <{ i32 0, i32 32 }>
; GLOBAL: @thunk_afp = constant <{ i32, i32 }> <{ i32 5, i32 32 }>
; GLOBAL-NOT: call {{.*}}@llvm.coro

; CHECK-LABEL: define swifttailcc void @odd(
; CHECK: [[FP:%.*]] = getelementptr inbounds i8, ptr %ctx, i64 24
; CHECK: [[SZ:%.*]] = load i32, ptr getelementptr inbounds (i8, ptr @plain_afp, i64 4), align 4
; CHECK-NEXT: [[SZ64:%.*]] = zext i32 [[SZ]] to i64
; CHECK-NEXT: [[CC:%.*]] = call ptr @swift_task_alloc(ptr %task, i64 [[SZ64]])
; CHECK: store i64 %x, ptr [[FP]]
; CHECK: musttail call swifttailcc void @fwd(ptr @plain, ptr [[CC]])

; CHECK-LABEL: define void @user(
; CHECK-NEXT: call void @keep(ptr @odd)
; CHECK-NEXT: ret void

; CHECK-LABEL: define internal swifttailcc void @odd.resume.0(
; CHECK: call void @swift_task_dealloc(ptr %0)

@plain_afp = constant <{ i32, i32 }> <{ i32 0, i32 20 }>
@odd_afp = constant <{ i32, i32 }> <{ i32 0, i32 20 }>
@thunk_afp = constant <{ i32, i32 }> <{ i32 5, i32 0 }>

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare ptr @llvm.coro.async.context.alloc(ptr, ptr)
declare void @llvm.coro.async.context.dealloc(ptr)
declare void @llvm.coro.async.size.replace(ptr, ptr)
declare ptr @llvm.coro.prepare.async(ptr)
declare void @use(i64)
declare void @keep(ptr)

define ptr @project(ptr %callee) {
  %p = load ptr, ptr %callee
  ret ptr %p
}

define swifttailcc void @fwd(ptr %fn, ptr %ctx) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}

define swifttailcc void @plain(ptr swiftasync %ctx) {
entry:
  %id = call token @llvm.coro.id.async(i32 20, i32 8, i32 0, ptr @plain_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  call void @use(i64 1)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}

define swifttailcc void @odd(ptr swiftasync %ctx, i64 %x, ptr %task) {
entry:
  %id = call token @llvm.coro.id.async(i32 20, i32 16, i32 0, ptr @odd_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %cc = call ptr @llvm.coro.async.context.alloc(ptr @plain_afp, ptr %task)
  %res = call ptr @llvm.coro.async.resume()
  store ptr %ctx, ptr %cc
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project, ptr @fwd, ptr @plain, ptr %cc)
  %c1 = extractvalue { ptr } %r, 0
  call void @llvm.coro.async.context.dealloc(ptr %c1)
  call void @use(i64 %x)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}

define void @user() {
  call void @llvm.coro.async.size.replace(ptr @thunk_afp, ptr @odd_afp)
  %f = call ptr @llvm.coro.prepare.async(ptr @odd)
  call void @keep(ptr %f)
  ret void
}
