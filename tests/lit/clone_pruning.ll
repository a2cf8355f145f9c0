; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Each clone keeps only the blocks it can run. A resume clone enters every
; suspend point with 0 and a destroy or cleanup clone with 1; those results
; flow through the landing phis and, as in clang's output, through a
; cleanup-destination phi (%dest) that decides where a scope's exit goes.
; Propagating them prunes the destroy-only paths from the resume clone and
; the resume paths from the destroy and cleanup clones, instead of cloning
; the whole body three times.

; The first suspend is reached from the ramp alone: NAME.resume.0 resumes
; there (work 1 up to the second suspend), NAME.resume at the second.
; CHECK-LABEL: define internal fastcc void @pruned.resume(ptr {{.*}}%frame) {
; CHECK-NOT: @work(i64 1)
; CHECK: call void @work(i64 2)
; CHECK: call void @drop_local()
; %dest is 0 here: its switch folded into a branch to the final suspend.
; CHECK-NOT: switch i32
; CHECK: call void @work(i64 3)
; Resuming never reaches the free (the final suspend has no resume entry).
; CHECK-NOT: @free
; CHECK: ret void
; CHECK: }

; CHECK-LABEL: define internal fastcc void @pruned.destroy(ptr {{.*}}%frame) {
; CHECK-NOT: @work
; CHECK: call void @drop_local()
; CHECK-NOT: @work
; CHECK: call void @free(ptr
; CHECK-NOT: @work
; CHECK: }

; CHECK-LABEL: define internal fastcc void @pruned.cleanup(ptr {{.*}}%frame) {
; CHECK-NOT: @work
; CHECK: call void @drop_local()
; CHECK-NOT: @work
; CHECK: }

; CHECK-LABEL: define internal fastcc void @pruned.resume.0(ptr {{.*}}%frame) {
; CHECK-NOT: @drop_local
; CHECK: call void @work(i64 1)
; CHECK-NEXT: store ptr @pruned.resume, ptr %frame
; CHECK-NOT: @work
; CHECK-NOT: @drop_local
; CHECK: }

declare ptr @malloc(i64)
declare void @free(ptr)
declare void @work(i64)
declare void @drop_local()

define ptr @pruned(i64 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call noalias ptr @llvm.coro.begin(token %id, ptr %mem)
  %s0 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s0, label %ret [ i8 0, label %body
                              i8 1, label %cleanup ]
body:
  call void @work(i64 1)
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %ret [ i8 0, label %resumed
                              i8 1, label %exit1 ]
resumed:
  call void @work(i64 2)
  br label %scope
exit1:
  br label %scope
scope:
  %dest = phi i32 [ 0, %resumed ], [ 2, %exit1 ]
  call void @drop_local()
  switch i32 %dest, label %cleanup [ i32 0, label %final ]
final:
  call void @work(i64 3)
  %s2 = call i8 @llvm.coro.suspend(token none, i1 true)
  switch i8 %s2, label %ret [ i8 0, label %cleanup
                              i8 1, label %cleanup ]
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
