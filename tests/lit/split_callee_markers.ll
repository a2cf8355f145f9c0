; RUN: corolower -S --keep-elision-markers %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: grep -E 'call .*@llvm\.coro\.' %t \
; RUN:   | not grep -vE '@llvm\.coro\.(id|begin|alloc|free|subfn\.addr)\('
; RUN: FileCheck %S/Inputs/lowered.check --check-prefix=SPLIT --input-file=%t
; RUN: opt -passes=verify -disable-output %t
; RUN: opt -S -passes='function(coro-elide),coro-cleanup' %t \
; RUN:   | FileCheck %S/Inputs/lowered.check --check-prefix=CALLS

; A coroutine split before (by LLVM's CoroSplit earlier in its O2 pipeline,
; or by corolower with the elision markers kept) keeps coro.id (with its
; clone array), coro.alloc, coro.begin and coro.free in its ramp for
; CoroElide, and the inliner copies them into callers, presplit coroutines
; among them. They are the callee's, not the caller's second id or begin.
; With the markers kept they stay in the ramp @once. In @outer, which keeps
; its own coro.begin, they go as CoroCleanup would take them (allocated,
; the frame is coro.begin's memory): LLVM's CoroEarly, which a full
; pipeline runs again on this output, aborts on a function holding two
; coro.begin calls. The runner then has LLVM's coro-elide and coro-cleanup
; remove what is left.
; CHECK-LABEL: define ptr @once(i64 %v) {
; CHECK: %id = call token @llvm.coro.id(i32 0, ptr null, ptr @once, ptr @once.resumers)
; CHECK: %need = call i1 @llvm.coro.alloc(token %id)
; CHECK: %h = call ptr @llvm.coro.begin(token %id, ptr %mem)
; CHECK: %fr = call ptr @llvm.coro.free(token %id, ptr %h)
; CHECK-LABEL: define ptr @outer(i64 %n) {
; CHECK: %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr @outer.resumers)
; CHECK: %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
; CHECK-NOT: @once.resumers
; CHECK: %cm = call ptr @alloc_frame(i64 24)
; CHECK: store ptr @once.resume, ptr %cm
; CHECK: call void @free_frame(ptr %cm)
; CHECK-LABEL: define internal fastcc void @outer.resume(
; CHECK: call ptr @llvm.coro.subfn.addr(ptr {{%.*}}, i8 0)
; CHECK: call ptr @llvm.coro.subfn.addr(ptr {{%.*}}, i8 1)

@once.resumers = private constant [3 x ptr] [ptr @once.resume, ptr @once.destroy, ptr @once.cleanup]
define internal fastcc void @once.resume(ptr %f) {
  %v.addr = getelementptr i8, ptr %f, i64 16
  %v = load i64, ptr %v.addr
  call void @trace(i64 %v)
  store ptr null, ptr %f
  ret void
}
define internal fastcc void @once.destroy(ptr %f) {
  call void @trace(i64 -2)
  call void @free_frame(ptr %f)
  ret void
}
define internal fastcc void @once.cleanup(ptr %f) {
  ret void
}
define ptr @once(i64 %v) {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr @once, ptr @once.resumers)
  %need = call i1 @llvm.coro.alloc(token %id)
  br i1 %need, label %alloc, label %begin
alloc:
  %m = call ptr @alloc_frame(i64 24)
  br label %begin
begin:
  %mem = phi ptr [ null, %entry ], [ %m, %alloc ]
  %h = call ptr @llvm.coro.begin(token %id, ptr %mem)
  store ptr @once.resume, ptr %h
  %d = getelementptr i8, ptr %h, i64 8
  store ptr @once.destroy, ptr %d
  %v.addr = getelementptr i8, ptr %h, i64 16
  store i64 %v, ptr %v.addr
  %neg = icmp slt i64 %v, 0
  br i1 %neg, label %gone, label %out
gone:
  %fr = call ptr @llvm.coro.free(token %id, ptr %h)
  call void @free_frame(ptr %fr)
  ret ptr null
out:
  ret ptr %h
}

define ptr @outer(i64 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @alloc_frame(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %cid = call token @llvm.coro.id(i32 0, ptr null, ptr @once, ptr @once.resumers)
  %need = call i1 @llvm.coro.alloc(token %cid)
  br i1 %need, label %calloc, label %cbegin
calloc:
  %cm = call ptr @alloc_frame(i64 24)
  br label %cbegin
cbegin:
  %cmem = phi ptr [ null, %entry ], [ %cm, %calloc ]
  %ch = call ptr @llvm.coro.begin(token %cid, ptr %cmem)
  store ptr @once.resume, ptr %ch
  %d = getelementptr i8, ptr %ch, i64 8
  store ptr @once.destroy, ptr %d
  %v.addr = getelementptr i8, ptr %ch, i64 16
  store i64 %n, ptr %v.addr
  %neg = icmp slt i64 %n, 0
  br i1 %neg, label %gone, label %go
gone:
  %fr = call ptr @llvm.coro.free(token %cid, ptr %ch)
  call void @free_frame(ptr %fr)
  call void @trace(i64 -3)
  br label %go
go:
  %child = phi ptr [ %ch, %cbegin ], [ null, %gone ]
  call void @trace(i64 1)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %suspend [ i8 0, label %resume
                                 i8 1, label %cleanup ]
resume:
  %live = icmp ne ptr %child, null
  br i1 %live, label %run, label %after
run:
  call void @llvm.coro.resume(ptr %child)
  call void @llvm.coro.destroy(ptr %child)
  br label %after
after:
  call void @trace(i64 2)
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free_frame(ptr %f)
  br label %suspend
suspend:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

declare void @trace(i64)
declare ptr @alloc_frame(i64)
declare void @free_frame(ptr)
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare i1 @llvm.coro.alloc(token)
declare ptr @llvm.coro.begin(token, ptr)
declare token @llvm.coro.save(ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
declare void @llvm.coro.resume(ptr)
declare void @llvm.coro.destroy(ptr)
declare i1 @llvm.coro.done(ptr)
declare ptr @llvm.coro.promise(ptr, i32, i1)
declare ptr @llvm.coro.noop()
declare i1 @llvm.coro.is_in_ramp()
declare void @llvm.coro.await.suspend.void(ptr, ptr, ptr)
declare i1 @llvm.coro.await.suspend.bool(ptr, ptr, ptr)
declare void @llvm.coro.await.suspend.handle(ptr, ptr, ptr)
