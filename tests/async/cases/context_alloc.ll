; context_alloc: callee contexts allocated by llvm.coro.async.context.alloc
; and freed by llvm.coro.async.context.dealloc, two levels deep
; (@parent -> @child -> @grandchild, the grandchild yields once).
;
; LLVM 22 does not lower these two intrinsics at all (its passes leave the
; calls in place and code generation stops with "Cannot select: intrinsic
; %llvm.coro.async.context.alloc"), so it defines no meaning for them. This
; case assumes the following contract, the one a lowering must implement to
; pass it:
;   %c = call ptr @llvm.coro.async.context.alloc(ptr %afp, ptr %task)
;       operand 0 is the callee's async function pointer (as LLVM's
;       CoroAsyncContextAllocInst reads it), operand 1 a task pointer passed
;       through to the allocator; becomes
;       %c = call ptr @swift_task_alloc(ptr %task, iN <callee context size>)
;       where the size is the callee's final context size (field 1 of %afp
;       once patched: a constant or a load of it at run time) and iN the
;       target's pointer-sized integer (Swift's size_t: i32 on 32-bit
;       targets), so the lowering declares the allocators, not the module;
;   call void @llvm.coro.async.context.dealloc(ptr %c)
;       becomes call void @swift_task_dealloc(ptr %c).
; The driver's swift_task_alloc/dealloc check that contexts are freed in
; LIFO order and are at least as large as the callee's patched size.

@parent_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @parent to i64), i64 ptrtoint (ptr @parent_afp to i64)) to i32), i32 32 }>, align 8
@child_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @child to i64), i64 ptrtoint (ptr @child_afp to i64)) to i32), i32 32 }>, align 8
@grandchild_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @grandchild to i64), i64 ptrtoint (ptr @grandchild_afp to i64)) to i32), i32 32 }>, align 8

@s.parent = private unnamed_addr constant [11 x i8] c"parent got\00"
@s.child = private unnamed_addr constant [10 x i8] c"child got\00"
@s.grandchild = private unnamed_addr constant [11 x i8] c"grandchild\00"

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare { ptr, i64 } @llvm.coro.suspend.async.sl_p0i64s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare ptr @llvm.coro.async.context.alloc(ptr, ptr)
declare void @llvm.coro.async.context.dealloc(ptr)

declare void @rt_enqueue(ptr, ptr)
declare void @rt_trace(ptr, i64)
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

; ---- async functions ----
; Context header: +0 parent, +8 resume, +16 task, +24 argument.

define swifttailcc void @grandchild(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @grandchild_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 24
  %x = load i64, ptr %ap, align 8
  call void @rt_trace(ptr @s.grandchild, i64 %x)
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_yield, ptr %res, ptr %ctx)
  %v = mul i64 %x, %x
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 %v)
  unreachable
}

define swifttailcc void @child(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @child_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %tp = getelementptr inbounds i8, ptr %ctx, i64 16
  %task = load ptr, ptr %tp, align 8
  %ap = getelementptr inbounds i8, ptr %ctx, i64 24
  %x = load i64, ptr %ap, align 8
  %cc = call ptr @llvm.coro.async.context.alloc(ptr @grandchild_afp, ptr %task)
  store ptr %ctx, ptr %cc, align 8
  %res = call ptr @llvm.coro.async.resume()
  %rpp = getelementptr inbounds i8, ptr %cc, i64 8
  store ptr %res, ptr %rpp, align 8
  %ctp = getelementptr inbounds i8, ptr %cc, i64 16
  store ptr %task, ptr %ctp, align 8
  %x1 = add i64 %x, 1
  %cap = getelementptr inbounds i8, ptr %cc, i64 24
  store i64 %x1, ptr %cap, align 8
  %r = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res, ptr @project_parent, ptr @fwd_call, ptr @grandchild, ptr %cc)
  %cc1 = extractvalue { ptr, i64 } %r, 0
  %g = extractvalue { ptr, i64 } %r, 1
  call void @llvm.coro.async.context.dealloc(ptr %cc1)
  call void @rt_trace(ptr @s.child, i64 %g)
  %v = add i64 %g, %x
  %mrpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %mrp = load ptr, ptr %mrpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %mrp, ptr %ctx, i64 %v)
  unreachable
}

define swifttailcc void @parent(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @parent_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %tp = getelementptr inbounds i8, ptr %ctx, i64 16
  %task = load ptr, ptr %tp, align 8
  %ap = getelementptr inbounds i8, ptr %ctx, i64 24
  %x = load i64, ptr %ap, align 8
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc1, %loop ]
  %cc = call ptr @llvm.coro.async.context.alloc(ptr @child_afp, ptr %task)
  store ptr %ctx, ptr %cc, align 8
  %res = call ptr @llvm.coro.async.resume()
  %rpp = getelementptr inbounds i8, ptr %cc, i64 8
  store ptr %res, ptr %rpp, align 8
  %ctp = getelementptr inbounds i8, ptr %cc, i64 16
  store ptr %task, ptr %ctp, align 8
  %xi = add i64 %x, %i
  %cap = getelementptr inbounds i8, ptr %cc, i64 24
  store i64 %xi, ptr %cap, align 8
  %r = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res, ptr @project_parent, ptr @fwd_call, ptr @child, ptr %cc)
  %cc1 = extractvalue { ptr, i64 } %r, 0
  %c = extractvalue { ptr, i64 } %r, 1
  call void @llvm.coro.async.context.dealloc(ptr %cc1)
  call void @rt_trace(ptr @s.parent, i64 %c)
  %acc1 = add i64 %acc, %c
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, 3
  br i1 %more, label %loop, label %exit
exit:
  %mrpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %mrp = load ptr, ptr %mrpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %mrp, ptr %ctx, i64 %acc1)
  unreachable
}
