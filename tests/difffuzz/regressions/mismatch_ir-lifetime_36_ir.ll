; mismatch_ir-lifetime_36_ir: corolower mismatch in mode ir (LLVM's lowering matches the native reference)
; stdout differs at line 50
; reduced from seed 36 by run_diff.py --reduce (37 tests); regenerate with: gen_ir.py 36 --size 6 --disable unused,promisegep,plain,addrspace,byval --skip 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,56,58,59,62,63,64,65,66,67,68,69
; check with: run_diff.py --lower CMD --files THIS_FILE
; gen_ir.py 36 --size 6 --disable addrspace,byval,plain,promisegep,unused
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
declare void @llvm.coro.resume(ptr)
declare void @llvm.coro.destroy(ptr)
declare i1 @llvm.coro.done(ptr readonly captures(none))
declare ptr @llvm.coro.promise(ptr readnone, i32, i1)
declare void @llvm.lifetime.start.p0(ptr captures(none))
declare void @llvm.lifetime.end.p0(ptr captures(none))
declare void @llvm.trap()

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

define ptr @f4(i64 %a) presplitcoroutine {
entry:
  %promise = alloca %struct.P, align 8
  %lt0 = alloca i64, align 8
  %lt1 = alloca i64, align 8
  %es0 = alloca i64, align 8
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
  br label %b1
b1:
  %v1 = phi i64 [ 0, %begin ], [ %v9, %b3 ]
  %v2 = phi i64 [ %a, %begin ], [ %v8, %b3 ]
  call void @llvm.lifetime.start.p0(ptr %lt0)
  store i64 65537, ptr %lt0, align 8
  call void @note_addr(ptr %hdl, i32 100, ptr %lt0)
  %v7 = load i64, ptr %lt0, align 8
  call void @trace(i32 500, i64 %v7)
  call void @llvm.lifetime.end.p0(ptr %lt0)
  call void @trace(i32 119, i64 %v2)
  store i32 0, ptr @g_kind, align 4
  %svb3 = call token @llvm.coro.save(ptr %hdl)
  %sb3 = call i8 @llvm.coro.suspend(token %svb3, i1 false)
  switch i8 %sb3, label %ret [ i8 0, label %b3
                              i8 1, label %cleanup ]
b3:
  %v8 = call i64 @mix(i64 %v2, i64 %v2)
  %v9 = add i64 %v1, 1
  %v10 = icmp ult i64 %v9, 3
  br i1 %v10, label %b1, label %b2
b2:
  %v11 = phi i64 [ %v8, %b3 ]
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

