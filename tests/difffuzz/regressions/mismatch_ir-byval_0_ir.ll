; mismatch_ir-byval_0_ir: corolower mismatch in mode ir (LLVM's lowering matches the native reference)
; exit status 3, expected 4 
; reduced from seed 0 by run_diff.py --reduce (36 tests); regenerate with: gen_ir.py 0 --size 6 --disable unused,promisegep,plain,addrspace,lifetime,escape --skip 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,37,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90
; check with: run_diff.py --lower CMD --files THIS_FILE
; gen_ir.py 0 --size 6 --disable addrspace,escape,lifetime,plain,promisegep,unused
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

define ptr @f2(i64 %a, ptr byval(%struct.B) align 8 %b) presplitcoroutine {
entry:
  %promise = alloca %struct.P, align 8
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
  %bg32 = getelementptr inbounds %struct.B, ptr %b, i32 0, i32 0
  %v1 = load i64, ptr %bg32, align 8
  call void @trace(i32 114, i64 %v1)
  store i32 0, ptr @g_kind, align 4
  %svb1 = call token @llvm.coro.save(ptr %hdl)
  %sb1 = call i8 @llvm.coro.suspend(token %svb1, i1 false)
  switch i8 %sb1, label %ret [ i8 0, label %b1
                              i8 1, label %cleanup ]
b1:
  %bg34 = getelementptr inbounds %struct.B, ptr %b, i32 0, i32 1
  %v2 = load i64, ptr %bg34, align 8
  br label %b2
b2:
  %v3 = phi i64 [ 0, %b1 ], [ %v7, %b4 ]
  %v4 = phi i64 [ %v2, %b1 ], [ %v6, %b4 ]
  %v5 = lshr i64 65537, 9
  call void @trace(i32 116, i64 %v4)
  store i32 0, ptr @g_kind, align 4
  %svb4 = call token @llvm.coro.save(ptr %hdl)
  %sb4 = call i8 @llvm.coro.suspend(token %svb4, i1 false)
  switch i8 %sb4, label %ret [ i8 0, label %b4
                              i8 1, label %cleanup ]
b4:
  %v6 = call i64 @mix(i64 %v4, i64 %v5)
  %v7 = add i64 %v3, 1
  %v8 = icmp ult i64 %v7, 2
  br i1 %v8, label %b2, label %b3
b3:
  %v9 = phi i64 [ %v6, %b4 ]
  store i32 2, ptr @g_kind, align 4
  %fs = call i8 @llvm.coro.suspend(token none, i1 true)
  switch i8 %fs, label %ret [ i8 0, label %trap
                              i8 1, label %cleanup ]
trap:
  call void @llvm.trap()
  unreachable
cleanup:
  call void @trace(i32 9002, i64 %a)
  %fm = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @drv_free(ptr %fm)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

