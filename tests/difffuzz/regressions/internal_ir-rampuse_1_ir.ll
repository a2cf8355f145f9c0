; internal_ir-rampuse_1_ir: corolower internal in mode ir (LLVM's lowering matches the native reference)
; corolower: error: ir.presplit.ll: internal error: lowered module fails the verifier: Instruction does not dominate all uses!
; reduced from seed 1 by run_diff.py --reduce (38 tests); regenerate with: gen_ir.py 1 --size 6 --disable handoff,plain,awaitbool --skip 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,45,46,49,50
; check with: run_diff.py --lower CMD --files THIS_FILE --asan
; gen_ir.py 1 --size 6 --disable awaitbool,handoff,plain --asan
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.B = type { i64, i64, i64 }
%struct.P = type { i64, i64 }

@g_kind = external global i32

declare void @trace(i32, i64)
declare ptr @drv_alloc(i64)
declare void @drv_free(ptr)
declare void @note_addr(ptr, i32, ptr)
declare void @publish(ptr, i32, ptr)
declare i64 @peek(ptr, i32)
declare void @poke(ptr, i32, i64)
declare i64 @mix(i64, i64)
declare token @llvm.coro.id(i32, ptr readnone, ptr readonly captures(none), ptr)
declare i1 @llvm.coro.alloc(token)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr writeonly)
declare token @llvm.coro.save(ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr readonly captures(none))
declare void @llvm.coro.end(ptr, i1, token)
declare i1 @llvm.coro.is_in_ramp()
declare i1 @llvm.coro.await.suspend.bool(ptr, ptr, ptr)
declare i32 @drv_decide()
declare void @llvm.coro.resume(ptr)
declare void @llvm.coro.destroy(ptr)
declare i1 @llvm.coro.done(ptr readonly captures(none))
declare ptr @llvm.coro.promise(ptr readnone, i32, i1)
declare void @llvm.lifetime.start.p0(ptr captures(none))
declare void @llvm.lifetime.end.p0(ptr captures(none))
declare void @llvm.trap()

define internal i1 @aw_decide(ptr %awaiter, ptr %frame) {
  %d = call i32 @drv_decide()
  %go = icmp ne i32 %d, 0
  ret i1 %go
}
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
define i64 @drv_promise(ptr %h, i32 %k) {
  %p = call ptr @llvm.coro.promise(ptr %h, i32 8, i1 false)
  %f = getelementptr inbounds i64, ptr %p, i32 %k
  %v = load i64, ptr %f, align 8
  ret i64 %v
}

define ptr @f3(i64 %a, ptr byval(%struct.B) align 8 %b) presplitcoroutine sanitize_address {
entry:
  %promise = alloca %struct.P, align 8
  %es0 = alloca i64, align 8
  %es1 = alloca i64, align 8
  %as0 = alloca i64, align 8, addrspace(1)
  %pgep = getelementptr inbounds %struct.P, ptr %promise, i64 0
  %id = call token @llvm.coro.id(i32 16, ptr %pgep, ptr null, ptr null)
  %need = call i1 @llvm.coro.alloc(token %id)
  br i1 %need, label %alloc, label %begin
alloc:
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @drv_alloc(i64 %size)
  br label %begin
begin:
  %phimem = phi ptr [ null, %entry ], [ %mem, %alloc ]
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %phimem)
  store i64 %a, ptr %promise, align 8
  %p1 = getelementptr inbounds %struct.P, ptr %promise, i32 0, i32 1
  store i64 0, ptr %p1, align 8
  store i64 %a, ptr %es0, align 8
  call void @publish(ptr %hdl, i32 0, ptr %es0)
  store i64 %a, ptr %es1, align 8
  call void @publish(ptr %hdl, i32 1, ptr %es1)
  store i64 5, ptr addrspace(1) %as0, align 8
  %v1 = call i64 @mix(i64 %a, i64 %a)
  %v2 = lshr i64 %v1, 56
  call void @trace(i32 115, i64 %a)
  store i32 1, ptr @g_kind, align 4
  %sb1 = call i8 @llvm.coro.suspend(token none, i1 false)
  %rb1 = call i1 @llvm.coro.is_in_ramp()
  br i1 %rb1, label %ret, label %b1
b1:
  call void @trace(i32 117, i64 %a)
  store i32 1, ptr @g_kind, align 4
  %sb2 = call i8 @llvm.coro.suspend(token none, i1 false)
  %rb2 = call i1 @llvm.coro.is_in_ramp()
  br i1 %rb2, label %ret, label %b2
b2:
  %v4.u = urem i64 %v2, 5
  %v4 = icmp eq i64 %v4.u, 0
  br i1 %v4, label %b3, label %b4
b3:
  %v5 = add i64 %v1, 0
  br label %b5
b4:
  %v6 = mul i64 1, 255
  br label %b5
b5:
  %v7 = phi i64 [ %v5, %b3 ], [ %v6, %b4 ]
  br label %fin
fin:
  store i32 2, ptr @g_kind, align 4
  %fs = call i8 @llvm.coro.suspend(token none, i1 true)
  switch i8 %fs, label %ret [ i8 0, label %trap
                              i8 1, label %cleanup ]
trap:
  call void @llvm.trap()
  unreachable
cleanup:
  call void @trace(i32 9003, i64 %a)
  %fm = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @drv_free(ptr %fm)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  %tail = call i64 @mix(i64 %a, i64 %v1)
  call void @trace(i32 9503, i64 %tail)
  ret ptr %hdl
}

