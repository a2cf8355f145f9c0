; realigned_frame: frame contents aligned above the context alignment.
; @realign's context alignment is 16, but it keeps an alloca of align 64,
; an alloca of align 32 and a <8 x i32> value (align 32) live across two
; yields (its header is 56 bytes: +24..+55 carry the vector argument).
; LLVM 22 accepts this: spilled values are stored with at most the
; context alignment, and an over-aligned alloca gets padding in the frame
; and its address realigned at run time in every function that uses it.
; Every context here is allocated 16 bytes past a multiple of 64
; (rt_alloc_off16), so only a run-time realignment gives the allocas their
; alignment: the driver checks it after each resume, and the contents must
; survive.

@main_task_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @main_task to i64), i64 ptrtoint (ptr @main_task_afp to i64)) to i32), i32 32 }>, align 8
@realign_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @realign to i64), i64 ptrtoint (ptr @realign_afp to i64)) to i32), i32 56 }>, align 8

@s.a64 = private unnamed_addr constant [6 x i8] c"buf64\00"
@s.a32 = private unnamed_addr constant [6 x i8] c"buf32\00"
@s.sum = private unnamed_addr constant [4 x i8] c"sum\00"
@s.vec = private unnamed_addr constant [4 x i8] c"vec\00"
@s.got = private unnamed_addr constant [9 x i8] c"main got\00"

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare { ptr, i64 } @llvm.coro.suspend.async.sl_p0i64s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare i32 @llvm.vector.reduce.add.v8i32(<8 x i32>)

declare ptr @rt_alloc_off16(i64)
declare void @rt_free(ptr)
declare void @rt_enqueue(ptr, ptr)
declare void @rt_trace(ptr, i64)
declare void @rt_check_align(ptr, ptr, i64)
declare void @rt_task_done(ptr, i64)

; ---- glue and helpers (not coroutines) ----

define void @glue_run(ptr %fn, ptr %ctx) {
  call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}

define swifttailcc void @task_done(ptr swiftasync %ctx, i64 %v) {
  call void @rt_task_done(ptr %ctx, i64 %v)
  ret void
}

define ptr @project_self(ptr %ctx) {
  ret ptr %ctx
}

define ptr @project_parent(ptr %callee) {
  %parent = load ptr, ptr %callee, align 8
  ret ptr %parent
}

define swifttailcc void @fwd_call(ptr %fn, ptr %ctx) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}

define swifttailcc void @fwd_yield(ptr %resume, ptr %ctx) {
  call void @rt_enqueue(ptr %resume, ptr %ctx)
  ret void
}

define swifttailcc void @fwd_return_i64(ptr %fn, ptr %ctx, i64 %v) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx, i64 %v)
  ret void
}

define void @fill(ptr %p, i64 %n, i64 %k) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %e = getelementptr inbounds i64, ptr %p, i64 %i
  %v = mul i64 %i, %k
  store i64 %v, ptr %e, align 8
  %i1 = add i64 %i, 1
  %done = icmp eq i64 %i1, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define i64 @sum(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc1, %loop ]
  %e = getelementptr inbounds i64, ptr %p, i64 %i
  %v = load i64, ptr %e, align 8
  %acc1 = add i64 %acc, %v
  %i1 = add i64 %i, 1
  %done = icmp eq i64 %i1, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i64 %acc1
}

; ---- async functions ----

define swifttailcc void @realign(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %buf64 = alloca [8 x i64], align 64
  %buf32 = alloca [4 x i64], align 32
  %id = call token @llvm.coro.id.async(i32 56, i32 16, i32 0, ptr @realign_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  call void @fill(ptr %buf64, i64 8, i64 %x)
  call void @fill(ptr %buf32, i64 4, i64 100)
  %vp = getelementptr inbounds i8, ptr %ctx, i64 24
  %vec = load <8 x i32>, ptr %vp, align 8
  call void @rt_check_align(ptr @s.a64, ptr %buf64, i64 64)
  call void @rt_check_align(ptr @s.a32, ptr %buf32, i64 32)
  %res0 = call ptr @llvm.coro.async.resume()
  %r0 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res0, ptr @project_self, ptr @fwd_yield, ptr %res0, ptr %ctx)
  call void @rt_check_align(ptr @s.a64, ptr %buf64, i64 64)
  call void @rt_check_align(ptr @s.a32, ptr %buf32, i64 32)
  %e7 = getelementptr inbounds i64, ptr %buf64, i64 7
  store i64 1000000, ptr %e7, align 8
  %res1 = call ptr @llvm.coro.async.resume()
  %r1 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res1, ptr @project_self, ptr @fwd_yield, ptr %res1, ptr %ctx)
  call void @rt_check_align(ptr @s.a64, ptr %buf64, i64 64)
  call void @rt_check_align(ptr @s.a32, ptr %buf32, i64 32)
  %s64 = call i64 @sum(ptr %buf64, i64 8)
  %s32 = call i64 @sum(ptr %buf32, i64 4)
  %s = add i64 %s64, %s32
  call void @rt_trace(ptr @s.sum, i64 %s)
  %vs = call i32 @llvm.vector.reduce.add.v8i32(<8 x i32> %vec)
  %vs64 = sext i32 %vs to i64
  call void @rt_trace(ptr @s.vec, i64 %vs64)
  %v = add i64 %s, %vs64
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 %v)
  unreachable
}

define swifttailcc void @main_task(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @main_task_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %sizep = getelementptr inbounds <{ i32, i32 }>, ptr @realign_afp, i32 0, i32 1
  %size = load i32, ptr %sizep, align 4
  %size64 = zext i32 %size to i64
  %cc = call ptr @rt_alloc_off16(i64 %size64)
  store ptr %ctx, ptr %cc, align 8
  %res = call ptr @llvm.coro.async.resume()
  %rpp = getelementptr inbounds i8, ptr %cc, i64 8
  store ptr %res, ptr %rpp, align 8
  %cap = getelementptr inbounds i8, ptr %cc, i64 16
  store i64 3, ptr %cap, align 8
  %cvp = getelementptr inbounds i8, ptr %cc, i64 24
  store <8 x i32> <i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8>, ptr %cvp, align 8
  %r = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res, ptr @project_parent, ptr @fwd_call, ptr @realign, ptr %cc)
  %cc1 = extractvalue { ptr, i64 } %r, 0
  %v = extractvalue { ptr, i64 } %r, 1
  call void @rt_free(ptr %cc1)
  call void @rt_trace(ptr @s.got, i64 %v)
  %mrpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %mrp = load ptr, ptr %mrpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %mrp, ptr %ctx, i64 %v)
  unreachable
}
