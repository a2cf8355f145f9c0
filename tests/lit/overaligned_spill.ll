; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; A vector value (32-byte ABI alignment) live across the suspend, in a frame
; whose allocator guarantees 16 (coro.id's first operand). Unlike an alloca,
; a spilled value has no address anyone sees: it needs no realignment, only
; loads and stores that claim no more than the allocation gives. The frame
; keeps alignment 16 and every access to the slot says align 16 (an
; `align 32` store to 16-aligned memory would be undefined behaviour).
; CHECK-LABEL: define ptr @vec(<8 x float> %x) {
; CHECK: store <8 x float> %{{.*}}, ptr %{{.*}}, align 16
; CHECK-LABEL: define internal fastcc void @vec.resume(ptr nonnull align 16
; CHECK: load <8 x float>, ptr %{{.*}}, align 16
; GLOBAL-NOT: align 32
; GLOBAL-NOT: llvm.ptrmask

declare ptr @malloc(i64)
declare void @free(ptr)
declare void @use(<8 x float>)

define ptr @vec(<8 x float> %x) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %v = fadd <8 x float> %x, %x
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %suspend [ i8 0, label %resume
                                 i8 1, label %cleanup ]
resume:
  call void @use(<8 x float> %v)
  br label %cleanup
cleanup:
  %mem2 = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %mem2)
  br label %suspend
suspend:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
