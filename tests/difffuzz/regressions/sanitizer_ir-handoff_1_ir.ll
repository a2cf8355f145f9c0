; sanitizer_ir-handoff_1_ir: corolower sanitizer in mode ir (LLVM's lowering matches the native reference)
; ==5841==ERROR: AddressSanitizer: use-after-poison on address 0x7c0ea6be0088 at pc 0x5572634a2c86 bp 0x7ffdfba4f430 sp 0x7ffdfba4f428
; reduced from seed 1 by run_diff.py --reduce (20 tests); regenerate with: gen_ir.py 1 --size 1 --disable rampuse,byval,lifetime,escape,addrspace,unused,promisegep,loops,branch,plain,save,awaitbool --skip 3,4,5,6,7
; check with: run_diff.py --lower CMD --files THIS_FILE --asan
; gen_ir.py 1 --size 1 --disable addrspace,awaitbool,branch,byval,escape,lifetime,loops,plain,promisegep,rampuse,save,unused --asan
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

declare void @drv_execute(ptr)
declare void @drv_gone(ptr)
declare i32 @drv_hand_decide()
declare void @llvm.coro.await.suspend.void(ptr, ptr, ptr)
declare void @llvm.coro.await.suspend.handle(ptr, ptr, ptr)
declare ptr @llvm.coro.noop()

; await_suspend wrappers that hand the coroutine to the executor, which
; may resume it to its end (and free it) before they return.
define internal void @aw_hand_void(ptr %awaiter, ptr %frame) {
  call void @drv_execute(ptr %frame)
  ret void
}
define internal i1 @aw_hand_bool(ptr %awaiter, ptr %frame) {
  %d = call i32 @drv_hand_decide()
  %keep = icmp eq i32 %d, 0
  br i1 %keep, label %no, label %hand
no:
  ret i1 false
hand:
  call void @drv_execute(ptr %frame)
  ret i1 true
}
define internal ptr @aw_hand_handle(ptr %awaiter, ptr %frame) {
  %d = call i32 @drv_hand_decide()
  call void @drv_execute(ptr %frame)
  %odd = and i32 %d, 1
  %z = icmp eq i32 %odd, 0
  br i1 %z, label %noop, label %side
noop:
  %n = call ptr @llvm.coro.noop()
  ret ptr %n
side:
  %k = zext i32 %d to i64
  %s = call ptr @side(i64 %k)
  ret ptr %s
}
; What aw_hand_handle may transfer to: traces, then frees itself.
define ptr @side(i64 %k) presplitcoroutine sanitize_address {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @drv_alloc(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %run
                             i8 1, label %cleanup ]
run:
  %m = call i64 @mix(i64 %k, i64 7)
  call void @trace(i32 8007, i64 %m)
  br label %cleanup
cleanup:
  call void @drv_gone(ptr %hdl)
  %fm = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @drv_free(ptr %fm)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

define ptr @f0(i64 %a) presplitcoroutine sanitize_address {
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
  call void @trace(i32 101, i64 %a)
  store i32 0, ptr @g_kind, align 4
  %svb1 = call token @llvm.coro.save(ptr %hdl)
  call void @llvm.coro.await.suspend.void(ptr %promise, ptr %hdl, ptr @aw_hand_void)
  %sb1 = call i8 @llvm.coro.suspend(token %svb1, i1 false)
  switch i8 %sb1, label %ret [ i8 0, label %b1
                              i8 1, label %cleanup ]
b1:
  br label %fin
fin:
  br label %cleanup
cleanup:
  call void @trace(i32 9000, i64 %a)
  call void @drv_gone(ptr %hdl)
  %fm = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @drv_free(ptr %fm)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  %tail = call i64 @mix(i64 %a, i64 %a)
  call void @trace(i32 9500, i64 %tail)
  ret ptr %hdl
}

