; RUN: corolower -S --keep-elision-markers %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; --keep-elision-markers keeps coro.id and coro.begin for LLVM's CoroElide,
; which needs the clones they name. A coroutine that never suspends has no
; clones: its markers go, as without the option. Kept, with no clone array
; on coro.id, they look like a presplit coroutine's, and a presplit
; coroutine the ramp is inlined into then has two coroutine ids (clang -O2
; with the pass plugin, tests/plugin/regressions/nosuspend_ramp_inlined.cpp).
; CHECK-LABEL: define ptr @once(i32 %v)
; CHECK-NOT: @llvm.coro.
; CHECK: call void @print(i32 %v)
; CHECK-NOT: @llvm.coro.
; CHECK: ret ptr

declare void @print(i32)
declare ptr @malloc(i64)
declare void @free(ptr)

define ptr @once(i32 %v) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %need = call i1 @llvm.coro.alloc(token %id)
  br i1 %need, label %alloc, label %begin

alloc:
  %size = call i64 @llvm.coro.size.i64()
  %m = call ptr @malloc(i64 %size)
  br label %begin

begin:
  %mem = phi ptr [ null, %entry ], [ %m, %alloc ]
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  call void @print(i32 %v)
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %f)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}
