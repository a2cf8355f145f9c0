; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Async function pointers of an unpacked { i32, i32 } (what C front ends
; and hand-written IR give, as opposed to swiftc's packed <{ i32, i32 }>):
; same layout, the size at offset 4, so the final size goes into field 1
; and the type stays unpacked, literal or named.
;  - @one keeps %x (i64) across its yield: alignTo(32 + 8, 16) = 48, into
;    the literal { i32, i32 } @one_afp;
;  - @two keeps two i64: alignTo(24 + 16, 8) = 40, into the named
;    %afp_t @two_afp, which llvm.coro.async.size.replace then copies into
;    the literal @copy (an unpacked target, from an unpacked source).
; GLOBAL: @one_afp = constant { i32, i32 } { i32 trunc (i64 sub (i64 ptrtoint (ptr @one to i64), i64 ptrtoint (ptr getelementptr inbounds ({ i32, i32 }, ptr @one_afp, i32 0, i32 1) to i64)) to i32), i32 48 }
; GLOBAL: @two_afp = internal global %afp_t { i32 5, i32 40 }
; GLOBAL: @copy = global { i32, i32 } { i32 9, i32 40 }
; GLOBAL-NOT: call {{.*}}@llvm.coro

; CHECK-LABEL: define swifttailcc void @one(
; CHECK: store i64 %x, ptr %async.ctx.frameptr
; CHECK: musttail call swifttailcc void @fwd(ptr @one.resume.0, ptr %ctx)
; CHECK-LABEL: define swifttailcc void @two(
; CHECK: musttail call swifttailcc void @fwd(ptr @two.resume.0, ptr %ctx)

%afp_t = type { i32, i32 }

@one_afp = constant { i32, i32 } { i32 trunc (i64 sub (i64 ptrtoint (ptr @one to i64), i64 ptrtoint (ptr getelementptr inbounds ({ i32, i32 }, ptr @one_afp, i32 0, i32 1) to i64)) to i32), i32 32 }
@two_afp = internal global %afp_t { i32 5, i32 0 }
@copy = global { i32, i32 } { i32 9, i32 1 }

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare void @llvm.coro.async.size.replace(ptr, ptr)
declare void @use(i64)

define ptr @project(ptr %ctx) {
  ret ptr %ctx
}

define swifttailcc void @fwd(ptr %fn, ptr %ctx) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}

define swifttailcc void @one(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @one_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %xp = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %xp, align 8
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project, ptr @fwd, ptr %res, ptr %ctx)
  call void @use(i64 %x)
  call void @llvm.coro.async.size.replace(ptr @copy, ptr @two_afp)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}

define swifttailcc void @two(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 24, i32 8, i32 0, ptr @two_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %xp = getelementptr inbounds i8, ptr %ctx, i64 8
  %x = load i64, ptr %xp, align 8
  %yp = getelementptr inbounds i8, ptr %ctx, i64 16
  %y = load i64, ptr %yp, align 8
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project, ptr @fwd, ptr %res, ptr %ctx)
  call void @use(i64 %x)
  call void @use(i64 %y)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}
