; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Three coroutines name one async function pointer, @shared (its field 0
; points to @b). Their contexts need 48 (@a: one i64 across its yield),
; 64 (@b: three) and 40 (@c: one i64, context alignment 8): the pointer
; holds one size, callers may start any of them with it, so it gets the
; largest, 64 (not the first's, not the last's). llvm.coro.async.resume
; calls no suspend names are null, used or not, before or after a suspend.
; GLOBAL: @shared = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @b to i64), i64 ptrtoint (ptr @shared to i64)) to i32), i32 64 }>
; GLOBAL-NOT: call {{.*}}@llvm.coro

; CHECK-LABEL: define swifttailcc void @a(
; CHECK: call void @usep(ptr null)
; CHECK: musttail call swifttailcc void @fwd(ptr @a.resume.0, ptr %ctx)
; CHECK-LABEL: define internal swifttailcc void @a.resume.0(
; CHECK: call void @usep(ptr null)
; CHECK: call void @usep(ptr null)

@shared = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @b to i64), i64 ptrtoint (ptr @shared to i64)) to i32), i32 32 }>

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare void @use(i64)
declare void @usep(ptr)
declare i64 @get()

define ptr @project(ptr %ctx) {
  ret ptr %ctx
}

define swifttailcc void @fwd(ptr %fn, ptr %ctx) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}

define swifttailcc void @a(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @shared)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %x = call i64 @get()
  %unused = call ptr @llvm.coro.async.resume()
  %early = call ptr @llvm.coro.async.resume()
  call void @usep(ptr %early)
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project, ptr @fwd, ptr %res, ptr %ctx)
  call void @use(i64 %x)
  call void @usep(ptr %early)
  %late = call ptr @llvm.coro.async.resume()
  call void @usep(ptr %late)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}

define swifttailcc void @b(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @shared)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %x = call i64 @get()
  %y = call i64 @get()
  %z = call i64 @get()
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project, ptr @fwd, ptr %res, ptr %ctx)
  call void @use(i64 %x)
  call void @use(i64 %y)
  call void @use(i64 %z)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}

define swifttailcc void @c(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 8, i32 0, ptr @shared)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %x = call i64 @get()
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project, ptr @fwd, ptr %res, ptr %ctx)
  call void @use(i64 %x)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}
