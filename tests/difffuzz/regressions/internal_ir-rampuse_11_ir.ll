; internal_ir-rampuse_11_ir: corolower internal in mode ir (LLVM's lowering matches the native reference)
; corolower: error: ir.presplit.ll: in function 'f0': internal error: a value used after a suspend was not kept in the frame:   %14 = phi i64 [ %v1, %begin ], [ %12, %b1 ]
; reduced from seed 11 by run_diff.py --reduce (33 tests); regenerate with: gen_ir.py 11 --size 2 --disable handoff,byval,branch,plain --skip 2,6,7,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25
; check with: run_diff.py --lower CMD --files THIS_FILE --asan
; gen_ir.py 11 --size 2 --disable branch,byval,handoff,plain --asan
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

define ptr @f0(i64 %a) presplitcoroutine sanitize_address {
entry:
  %promise = alloca %struct.P, align 8
  %lt0 = alloca i64, align 8
  %lt1 = alloca i64, align 8
  %es0 = alloca i64, align 8
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
  store i64 5, ptr addrspace(1) %as0, align 8
  %v1 = call i64 @mix(i64 %a, i64 %a)
  br label %b1
b1:
  %v2 = phi i64 [ 0, %begin ], [ %v7, %b3 ]
  %v3 = phi i64 [ %a, %begin ], [ %v6, %b3 ]
  %v4 = call i64 @mix(i64 0, i64 1)
  call void @trace(i32 101, i64 %v3)
  store i32 0, ptr @g_kind, align 4
  %svb3 = call token @llvm.coro.save(ptr %hdl)
  %abb3 = call i1 @llvm.coro.await.suspend.bool(ptr %promise, ptr %hdl, ptr @aw_decide)
  br i1 %abb3, label %sbb3, label %fin
sbb3:
  %sb3 = call i8 @llvm.coro.suspend(token %svb3, i1 false)
  switch i8 %sb3, label %ret [ i8 0, label %b3
                              i8 1, label %cleanup ]
b3:
  %v6 = call i64 @mix(i64 %v3, i64 %v3)
  %v7 = add i64 %v2, 1
  %v8 = icmp ult i64 %v7, 1
  br i1 %v8, label %b1, label %b2
b2:
  %v9 = phi i64 [ %v6, %b3 ]
  call void @poke(ptr %hdl, i32 0, i64 %v1)
  %ew9 = load i64, ptr %es0, align 8
  %ex9 = xor i64 %ew9, %v1
  store i64 %ex9, ptr %es0, align 8
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
  call void @trace(i32 9000, i64 %a)
  %fm = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @drv_free(ptr %fm)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  %tail = call i64 @mix(i64 %a, i64 %v1)
  call void @trace(i32 9500, i64 %tail)
  ret ptr %hdl
}

