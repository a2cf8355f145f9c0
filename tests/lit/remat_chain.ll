; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Chains of cheap operations are recomputed after a suspend from values the
; frame holds anyway (issue 14, class chain):
;   %t = %s * 31 + 7        from %s, which crosses the suspend itself;
;   %u = sext(%k) * 3       from %k (an i32 used only here), kept in the
;                           frame as 4 bytes where %u would take 8;
;   %r = (%s * 13 + 5) srem 97, division included.
; Frame: resume, destroy, %s (i64), %k (i32), index: 8+8+8+4+1 -> 32.
; CHECK-LABEL: define ptr @chain(i64 %s, i32 %k) {
; CHECK: call ptr @malloc(i64 32)
; CHECK-LABEL: define internal fastcc void @chain.resume(
; CHECK-DAG: mul i64 {{.*}}, 31
; CHECK-DAG: srem i64 {{.*}}, 97
; CHECK-DAG: sext i32
; CHECK: call void @use3(
; GLOBAL-NOT: store i64 %t
; GLOBAL-NOT: store i64 %u
; GLOBAL-NOT: store i64 %r

declare ptr @malloc(i64)
declare void @free(ptr)
declare void @use3(i64, i64, i64)
declare void @use1(i64)

define ptr @chain(i64 %s, i32 %k) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call noalias ptr @llvm.coro.begin(token %id, ptr %mem)
  %m = mul i64 %s, 31
  %t = add i64 %m, 7
  %w = sext i32 %k to i64
  %u = mul i64 %w, 3
  %m2 = mul i64 %s, 13
  %a2 = add i64 %m2, 5
  %r = srem i64 %a2, 97
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %ret [ i8 0, label %r1
                              i8 1, label %cleanup ]
r1:
  call void @use3(i64 %t, i64 %u, i64 %r)
  call void @use1(i64 %s)
  br label %cleanup
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
