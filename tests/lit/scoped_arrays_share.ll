; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Two 256-byte arrays in consecutive scopes, each alive across its own
; suspend point. The destroy path out of each suspend ends that array's
; lifetime in cleanup code placed after everything else, so their live-range
; hulls nest; their exact lifetimes (from lifetime.start, not past
; lifetime.end) never meet, so they share one 256-byte slot:
; 16 (resume, destroy), 256 at offset 16, %n at 272 = 280 (no index: the
; first suspend is reached from the ramp alone, the resume pointer tells).
; CHECK-LABEL: define ptr @scoped(i64 %n) {
; CHECK: call ptr @malloc(i64 280)

declare ptr @malloc(i64)
declare void @free(ptr)
declare void @fill(ptr, i64)
declare void @use(ptr)

define ptr @scoped(i64 %n) presplitcoroutine {
entry:
  %a = alloca [256 x i8], align 16
  %b = alloca [256 x i8], align 16
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call noalias ptr @llvm.coro.begin(token %id, ptr %mem)
  call void @llvm.lifetime.start.p0(ptr %a)
  call void @fill(ptr %a, i64 %n)
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %ret [ i8 0, label %r1
                              i8 1, label %destroy_a ]
r1:
  call void @use(ptr %a)
  call void @llvm.lifetime.end.p0(ptr %a)
  call void @llvm.lifetime.start.p0(ptr %b)
  call void @fill(ptr %b, i64 %n)
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %ret [ i8 0, label %r2
                              i8 1, label %destroy_b ]
r2:
  call void @use(ptr %b)
  call void @llvm.lifetime.end.p0(ptr %b)
  br label %cleanup
destroy_a:
  call void @llvm.lifetime.end.p0(ptr %a)
  br label %cleanup
destroy_b:
  call void @llvm.lifetime.end.p0(ptr %b)
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
