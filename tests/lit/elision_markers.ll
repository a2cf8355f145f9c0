; RUN: corolower -S --keep-elision-markers %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: grep -E 'call .*@llvm\.coro\.' %t \
; RUN:   | not grep -vE '@llvm\.coro\.(id|begin|alloc|free|subfn\.addr)\('
; RUN: FileCheck %S/Inputs/lowered.check --check-prefix=SPLIT --input-file=%t
; RUN: opt -passes=verify -disable-output %t
; RUN: opt -S -passes='function(coro-elide),coro-cleanup' %t \
; RUN:   | FileCheck %S/Inputs/lowered.check --check-prefix=CALLS

; --keep-elision-markers: the split is done, but what LLVM's CoroElide needs
; stays: coro.id pointing at the array of the three clones, coro.begin,
; coro.alloc and coro.free in the ramp, llvm.coro.subfn.addr for resume and
; destroy in callers, and the frame's size and alignment on each clone's
; parameter. The runner then has LLVM's coro-elide and coro-cleanup finish.
; CHECK: @gen.resumers = private constant [3 x ptr] [ptr @gen.resume, ptr @gen.destroy, ptr @gen.cleanup]
; CHECK-LABEL: define ptr @gen(i64 %n) {
; CHECK: %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr @gen.resumers)
; CHECK: %need = call i1 @llvm.coro.alloc(token %id)
; CHECK: %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
; CHECK: select i1 %need, ptr @gen.destroy, ptr @gen.cleanup
; CHECK-LABEL: define void @user() {
; CHECK: [[R:%.*]] = call ptr @llvm.coro.subfn.addr(ptr %h, i8 0)
; CHECK-NEXT: call fastcc void [[R]](ptr %h)
; CHECK: [[D:%.*]] = call ptr @llvm.coro.subfn.addr(ptr %h, i8 1)
; CHECK-NEXT: call fastcc void [[D]](ptr %h)
; One suspend point to resume at: no suspend index (24 bytes, not 32), so
; the destroy pointer the ramp chose (cleanup for an elided frame) stays.
; CHECK-LABEL: define internal fastcc void @gen.resume(ptr nonnull align 8 dereferenceable(24) %frame)

declare ptr @malloc(i64)
declare void @free(ptr)
declare void @print(i64)

define ptr @gen(i64 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %need = call i1 @llvm.coro.alloc(token %id)
  br i1 %need, label %dyn, label %begin
dyn:
  %size = call i64 @llvm.coro.size.i64()
  %m = call ptr @malloc(i64 %size)
  br label %begin
begin:
  %mem = phi ptr [ null, %entry ], [ %m, %dyn ]
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  br label %loop
loop:
  %v = phi i64 [ %n, %begin ], [ %inc, %loop ]
  call void @print(i64 %v)
  %inc = add i64 %v, 1
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %loop
                             i8 1, label %cleanup ]
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

define void @user() {
  %h = call ptr @gen(i64 4)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.resume(ptr %h)
  call void @llvm.coro.destroy(ptr %h)
  ret void
}
