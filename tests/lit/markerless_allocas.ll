; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Allocas without lifetime markers (what clang emits at -O0, and for its
; exn.slot / ehselector.slot at every level) go into the frame only when
; one of their users reaches another through a suspend (LLVM's rule):
;   %between  written and read between the two suspends, handed only to a
;             captures(none) parameter: stays on the stack;
;   %slot     written on the shared exit path and read after coro.free has
;             freed the frame (in the ramp, before any suspend, and in the
;             clones after one): stays on the stack, or the ramp would
;             read freed memory;
;   %kept     written before the first suspend, read after it: in the frame.
; Frame: resume, destroy, %kept (i64) = 24 (no index: the first suspend
; is reached from the ramp alone, so NAME.resume.0 resumes there and the
; resume pointer tells the two apart).
; CHECK-LABEL: define ptr @markerless(i64 %n, i1 %quit) {
; CHECK-DAG: %slot = alloca i64
; CHECK-DAG: %between = alloca i64
; CHECK: call ptr @malloc(i64 24)
; CHECK-LABEL: define internal fastcc void @markerless.resume.0(
; CHECK: alloca i64
; CHECK: alloca i64
; CHECK: ret void

declare ptr @malloc(i64)
declare void @free(ptr)
declare void @use(ptr captures(none))
declare void @trace(i64)

define ptr @markerless(i64 %n, i1 %quit) presplitcoroutine {
entry:
  %kept = alloca i64
  %between = alloca i64
  %slot = alloca i64
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call noalias ptr @llvm.coro.begin(token %id, ptr %mem)
  store i64 %n, ptr %kept
  br i1 %quit, label %exit, label %go
go:
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %ret [ i8 0, label %r1
                              i8 1, label %cleanup ]
r1:
  store i64 5, ptr %between
  call void @use(ptr %between)
  %k = load i64, ptr %kept
  %bad = icmp eq i64 %k, 0
  br i1 %bad, label %exit, label %s2
s2:
  %s2r = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2r, label %ret [ i8 0, label %cleanup
                               i8 1, label %cleanup ]
exit:
  store i64 7, ptr %slot
  %f0 = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %f0)
  %v = load i64, ptr %slot
  call void @trace(i64 %v)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
