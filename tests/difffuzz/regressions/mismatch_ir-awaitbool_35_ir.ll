; mismatch_ir_35_ir: corolower mismatch in mode ir (LLVM's lowering matches the native reference)
; stdout differs at line 32
; reduced from seed 35 by run_diff.py --reduce (53 tests); regenerate with: gen_ir.py 35 --size 6 --disable plain --skip 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,44,46,48,50,53,57,58,59,60,61,62,63,64
; check with: run_diff.py --lower CMD --files THIS_FILE
; gen_ir.py 35 --size 6 --disable plain
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

define ptr @f3(i64 %a) presplitcoroutine {
entry:
  %promise = alloca %struct.P, align 8
  %lt0 = alloca i64, align 8
  %es0 = alloca i64, align 8
  %es1 = alloca i64, align 8
  %as0 = alloca i64, align 8, addrspace(1)
  %id = call token @llvm.coro.id(i32 16, ptr %promise, ptr null, ptr null)
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
  call void @trace(i32 108, i64 %a)
  store i32 0, ptr @g_kind, align 4
  %svb1 = call token @llvm.coro.save(ptr %hdl)
  %abb1 = call i1 @llvm.coro.await.suspend.bool(ptr %promise, ptr %hdl, ptr @aw_decide)
  br i1 %abb1, label %sbb1, label %altb1
altb1:
  call void @trace(i32 5108, i64 %a)
  store i32 0, ptr @g_kind, align 4
  %sab1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %sab1, label %ret [ i8 0, label %fin
                              i8 1, label %cleanup ]
sbb1:
  %sb1 = call i8 @llvm.coro.suspend(token %svb1, i1 false)
  switch i8 %sb1, label %ret [ i8 0, label %b1
                              i8 1, label %cleanup ]
b1:
  call void @trace(i32 109, i64 %a)
  store i32 0, ptr @g_kind, align 4
  %svb2 = call token @llvm.coro.save(ptr %hdl)
  %sb2 = call i8 @llvm.coro.suspend(token %svb2, i1 false)
  switch i8 %sb2, label %ret [ i8 0, label %b2
                              i8 1, label %cleanup ]
b2:
  %v1.u = urem i64 %a, 2
  %v1 = icmp eq i64 %v1.u, 0
  br i1 %v1, label %b3, label %b4
b3:
  %v2 = add i64 1, 1
  br label %b5
b4:
  %v3 = mul i64 %a, %a
  br label %b5
b5:
  %v4 = phi i64 [ %v2, %b3 ], [ %v3, %b4 ]
  br label %b6
b6:
  %v5 = phi i64 [ 0, %b5 ], [ %v15, %b11 ]
  %v6 = phi i64 [ %v4, %b5 ], [ %v14, %b11 ]
  br label %b8
b8:
  %v8 = phi i64 [ 0, %b6 ], [ %v11, %b10 ]
  %v9 = phi i64 [ 255, %b6 ], [ %v10, %b10 ]
  call void @trace(i32 112, i64 %v9)
  store i32 0, ptr @g_kind, align 4
  %svb10 = call token @llvm.coro.save(ptr %hdl)
  %abb10 = call i1 @llvm.coro.await.suspend.bool(ptr %promise, ptr %hdl, ptr @aw_decide)
  br i1 %abb10, label %sbb10, label %fin
sbb10:
  %sb10 = call i8 @llvm.coro.suspend(token %svb10, i1 false)
  switch i8 %sb10, label %ret [ i8 0, label %b10
                              i8 1, label %cleanup ]
b10:
  %v10 = call i64 @mix(i64 %v9, i64 1)
  %v11 = add i64 %v8, 1
  %v12 = icmp ult i64 %v11, 2
  br i1 %v12, label %b8, label %b9
b9:
  %v13 = phi i64 [ %v10, %b10 ]
  call void @trace(i32 113, i64 %a)
  store i32 0, ptr @g_kind, align 4
  %svb11 = call token @llvm.coro.save(ptr %hdl)
  %abb11 = call i1 @llvm.coro.await.suspend.bool(ptr %promise, ptr %hdl, ptr @aw_decide)
  br i1 %abb11, label %sbb11, label %b11
sbb11:
  %sb11 = call i8 @llvm.coro.suspend(token %svb11, i1 false)
  switch i8 %sb11, label %ret [ i8 0, label %b11
                              i8 1, label %cleanup ]
b11:
  %v14 = call i64 @mix(i64 %v6, i64 %a)
  %v15 = add i64 %v5, 1
  %v16 = icmp ult i64 %v15, 2
  br i1 %v16, label %b6, label %b7
b7:
  %v17 = phi i64 [ %v14, %b11 ]
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
  ret ptr %hdl
}

define ptr @f4(i64 %a, ptr byval(%struct.B) align 8 %b) presplitcoroutine {
entry:
  %promise = alloca %struct.P, align 8
  %lt0 = alloca i64, align 8
  %as0 = alloca i64, align 8, addrspace(1)
  %as1 = alloca i64, align 8, addrspace(1)
  %pgep = getelementptr inbounds %struct.P, ptr %promise, i32 0, i32 0
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
  store i64 5, ptr addrspace(1) %as0, align 8
  store i64 5, ptr addrspace(1) %as1, align 8
  call void @trace(i32 114, i64 0)
  store i32 0, ptr @g_kind, align 4
  %svb1 = call token @llvm.coro.save(ptr %hdl)
  %abb1 = call i1 @llvm.coro.await.suspend.bool(ptr %promise, ptr %hdl, ptr @aw_decide)
  br i1 %abb1, label %sbb1, label %altb1
altb1:
  call void @trace(i32 5114, i64 0)
  store i32 0, ptr @g_kind, align 4
  %sab1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %sab1, label %ret [ i8 0, label %fin
                              i8 1, label %cleanup ]
sbb1:
  %sb1 = call i8 @llvm.coro.suspend(token %svb1, i1 false)
  switch i8 %sb1, label %ret [ i8 0, label %b1
                              i8 1, label %cleanup ]
b1:
  call void @llvm.lifetime.start.p0(ptr %lt0)
  store i64 %a, ptr %lt0, align 8
  call void @note_addr(ptr %hdl, i32 100, ptr %lt0)
  %v1 = load i64, ptr %lt0, align 8
  call void @trace(i32 500, i64 %v1)
  call void @llvm.lifetime.end.p0(ptr %lt0)
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
  call void @trace(i32 9004, i64 %a)
  %fm = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @drv_free(ptr %fm)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

