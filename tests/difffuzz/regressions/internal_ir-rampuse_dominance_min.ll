; internal_ir-rampuse_dominance_min: corolower internal in mode ir (LLVM's lowering matches the native reference)
; corolower: error: internal error: lowered module fails the verifier: Instruction does not dominate all uses!
;   %2 = load i64, ptr %0, align 8
;   %3 = phi i64 [ %1, %susp ], [ %2, %body ], [ %2, %fin ]
; internal_ir-rampuse_1_ir.ll (gen_ir.py's rampuse feature) minimized by hand: %v1,
; defined by a call before the first suspend, is used after each of two suspends and
; after the ramp's coro.end (in the block every suspended path and the cleanup reach).
; Failed with corolower at cb43bd1 and at 366af36; lowered right once SSA repair gave
; uses and edges only the ramp runs the ramp's own value (frame/ssa_repair.c).
; check with: run_diff.py --lower CMD --files THIS_FILE --asan
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare void @trace(i32, i64)
declare i64 @mix(i64, i64)
declare ptr @drv_alloc(i64)
declare void @drv_free(ptr)
declare i32 @decide()

define internal i1 @aw_decide(ptr %awaiter, ptr %frame) {
  %d = call i32 @decide()
  %go = icmp ne i32 %d, 0
  ret i1 %go
}

define ptr @f0(i64 %a) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @drv_alloc(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %v1 = call i64 @mix(i64 %a, i64 %a)
  br label %susp
susp:
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %body
                             i8 1, label %cleanup ]
body:
  call void @trace(i32 1, i64 %v1)
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %ret [ i8 0, label %body2
                             i8 1, label %cleanup ]
body2:
  call void @trace(i32 3, i64 %v1)
  br label %fin
fin:
  %fs = call i8 @llvm.coro.suspend(token none, i1 true)
  switch i8 %fs, label %ret [ i8 0, label %trap
                              i8 1, label %cleanup ]
trap:
  call void @llvm.trap()
  unreachable
cleanup:
  %fm = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @drv_free(ptr %fm)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  %tail = call i64 @mix(i64 %a, i64 %v1)
  call void @trace(i32 2, i64 %tail)
  ret ptr %hdl
}
declare token @llvm.coro.id(i32, ptr readnone, ptr readonly captures(none), ptr)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr writeonly)
declare token @llvm.coro.save(ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr readonly captures(none))
declare void @llvm.coro.end(ptr, i1, token)
declare i1 @llvm.coro.await.suspend.bool(ptr, ptr, ptr)
declare void @llvm.trap()
declare void @llvm.coro.resume(ptr)
declare void @llvm.coro.destroy(ptr)
declare i1 @llvm.coro.done(ptr readonly captures(none))
define void @drv_resume(ptr %h) {
  call void @llvm.coro.resume(ptr %h)
  ret void
}
define void @drv_destroy(ptr %h) {
  call void @llvm.coro.destroy(ptr %h)
  ret void
}
define i32 @drv_done(ptr %h) {
  %d = call i1 @llvm.coro.done(ptr %h)
  %r = zext i1 %d to i32
  ret i32 %r
}
