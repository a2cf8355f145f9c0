; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Before the frame is planned, folds a front end's own pipeline would have
; done keep values out of the async context (swiftc -emit-irgen output has
; all of these; swiftc's splitter sees them folded):
;  - @branch: `br i1 true` cuts a block off, and the phis it fed are the
;    constants: only %n crosses the suspend (8 bytes, context 48; 24 bytes
;    and context 64 otherwise);
;  - @overflow: add and mul with overflow whose bit is unused are plain
;    arithmetic, recomputed after the suspend from %n;
;  - @vector: elements read back from an insertelement chain are the
;    values inserted (or the constant's): %m crosses, not the vector;
;  - @aggregate: the same for insertvalue chains, nested paths included.
; GLOBAL: @branch_afp = constant <{ i32, i32 }> <{ i32 0, i32 48 }>
; GLOBAL: @overflow_afp = constant <{ i32, i32 }> <{ i32 0, i32 48 }>
; GLOBAL: @vector_afp = constant <{ i32, i32 }> <{ i32 0, i32 48 }>
; GLOBAL: @aggregate_afp = constant <{ i32, i32 }> <{ i32 0, i32 48 }>

; CHECK-LABEL: define internal swifttailcc void @branch.resume.0(
; CHECK: add i64 %{{.*}}, 7
; CHECK-LABEL: define internal swifttailcc void @overflow.resume.0(
; CHECK-NOT: with.overflow
; CHECK: ret void
; CHECK-LABEL: define internal swifttailcc void @vector.resume.0(
; CHECK-NOT: <2 x i64>
; CHECK: ret void
; CHECK-LABEL: define internal swifttailcc void @aggregate.resume.0(
; CHECK-NOT: load { i64
; CHECK: ret void

@branch_afp = constant <{ i32, i32 }> <{ i32 0, i32 32 }>
@overflow_afp = constant <{ i32, i32 }> <{ i32 0, i32 32 }>
@vector_afp = constant <{ i32, i32 }> <{ i32 0, i32 40 }>
@aggregate_afp = constant <{ i32, i32 }> <{ i32 0, i32 32 }>

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr, i64 } @llvm.coro.suspend.async.sl_p0i64s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare { i64, i1 } @llvm.sadd.with.overflow.i64(i64, i64)
declare { i64, i1 } @llvm.umul.with.overflow.i64(i64, i64)
declare ptr @new_ctx(ptr, ptr)
declare i64 @opaque()
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

define swifttailcc void @branch(ptr swiftasync %ctx, i64 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @branch_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br i1 true, label %const, label %dead

dead:
  %x = call i64 @opaque()
  br label %merge

const:
  br label %merge

merge:
  %p = phi i64 [ 0, %const ], [ %x, %dead ]
  %q = phi i64 [ 7, %const ], [ %x, %dead ]
  %res = call ptr @llvm.coro.async.resume()
  %cc = call ptr @new_ctx(ptr %ctx, ptr %res)
  %r = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res, ptr @project, ptr @fwd, ptr @callee, ptr %cc)
  %a = extractvalue { ptr, i64 } %r, 1
  %s = add i64 %a, %n
  %s2 = add i64 %s, %p
  %s3 = add i64 %s2, %q
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_ret, ptr %rp, ptr %ctx, i64 %s3)
  unreachable
}

define swifttailcc void @overflow(ptr swiftasync %ctx, i64 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @overflow_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %o1 = call { i64, i1 } @llvm.sadd.with.overflow.i64(i64 %n, i64 1)
  %n1 = extractvalue { i64, i1 } %o1, 0
  %f1 = extractvalue { i64, i1 } %o1, 1
  %o3 = call { i64, i1 } @llvm.umul.with.overflow.i64(i64 %n, i64 3)
  %n3 = extractvalue { i64, i1 } %o3, 0
  %res = call ptr @llvm.coro.async.resume()
  %cc = call ptr @new_ctx(ptr %ctx, ptr %res)
  %r = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res, ptr @project, ptr @fwd, ptr @callee, ptr %cc)
  %a = extractvalue { ptr, i64 } %r, 1
  %s = add i64 %a, %n
  %s2 = add i64 %s, %n1
  %s3 = add i64 %s2, %n3
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_ret, ptr %rp, ptr %ctx, i64 %s3)
  unreachable
}

define swifttailcc void @vector(ptr swiftasync %ctx, i64 %n, i64 %m) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 40, i32 16, i32 0, ptr @vector_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %v1 = insertelement <2 x i64> <i64 5, i64 6>, i64 %n, i32 0
  %v2 = insertelement <2 x i64> %v1, i64 %m, i32 1
  %v3 = insertelement <2 x i64> <i64 5, i64 6>, i64 %n, i32 1
  %res = call ptr @llvm.coro.async.resume()
  %cc = call ptr @new_ctx(ptr %ctx, ptr %res)
  %r = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res, ptr @project, ptr @fwd, ptr @callee, ptr %cc)
  %a = extractvalue { ptr, i64 } %r, 1
  %e1 = extractelement <2 x i64> %v2, i32 1
  %e0 = extractelement <2 x i64> %v3, i32 0
  %s = add i64 %a, %e1
  %s2 = add i64 %s, %e0
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_ret, ptr %rp, ptr %ctx, i64 %s2)
  unreachable
}

define swifttailcc void @aggregate(ptr swiftasync %ctx, i64 %n, i64 %m, i64 %k) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @aggregate_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %g1 = insertvalue { i64, { i64, i64 } } undef, i64 %n, 0
  %g2 = insertvalue { i64, { i64, i64 } } %g1, i64 %m, 1, 0
  %g3 = insertvalue { i64, { i64, i64 } } %g2, i64 %k, 1, 1
  %res = call ptr @llvm.coro.async.resume()
  %cc = call ptr @new_ctx(ptr %ctx, ptr %res)
  %r = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res, ptr @project, ptr @fwd, ptr @callee, ptr %cc)
  %a = extractvalue { ptr, i64 } %r, 1
  %e = extractvalue { i64, { i64, i64 } } %g3, 1, 1
  %s = add i64 %a, %e
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_ret, ptr %rp, ptr %ctx, i64 %s)
  unreachable
}
