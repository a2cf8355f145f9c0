; no_suspend: async functions without a suspend point still get their
; context size patched into their async function pointer. Both pointers
; start with size 0 (the lowering must overwrite it) and their coro.id.async
; asks for 40 header bytes, context alignment 16: with nothing live across
; a suspend the frame is empty and the size must be alignTo(40, 16) = 48.
; The driver prints the sizes it reads at run time (this case is about
; them) and allocates the contexts with them.
;   @plain:   no suspend; an alloca used only locally; returns through
;             coro.end.async with a function to tail-call;
;   @enqueue: no suspend; schedules its parent's continuation on the
;             executor itself and ends with a coro.end.async without a
;             function (a plain return).

@plain_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @plain to i64), i64 ptrtoint (ptr @plain_afp to i64)) to i32), i32 0 }>, align 8
@enqueue_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @enqueue to i64), i64 ptrtoint (ptr @enqueue_afp to i64)) to i32), i32 0 }>, align 8

@s.plain = private unnamed_addr constant [6 x i8] c"plain\00"
@s.enqueue = private unnamed_addr constant [8 x i8] c"enqueue\00"

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare void @llvm.coro.end.async(ptr, i1, ...)

declare void @rt_enqueue(ptr, ptr)
declare void @rt_trace(ptr, i64)
declare void @rt_task_done(ptr, i64)
declare void @rt_task_done_void(ptr)

; ---- glue and helpers (not coroutines) ----

define void @glue_run(ptr %fn, ptr %ctx) {
  call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}

define swifttailcc void @task_done(ptr swiftasync %ctx, i64 %v) {
  call void @rt_task_done(ptr %ctx, i64 %v)
  ret void
}

define swifttailcc void @task_done_void(ptr swiftasync %ctx) {
  call void @rt_task_done_void(ptr %ctx)
  ret void
}

define swifttailcc void @fwd_return_i64(ptr %fn, ptr %ctx, i64 %v) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx, i64 %v)
  ret void
}

define i64 @digits(ptr %buf, i64 %x) {
entry:
  br label %loop
loop:
  %n = phi i64 [ %x, %entry ], [ %n1, %loop ]
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %d = urem i64 %n, 10
  %e = getelementptr inbounds i64, ptr %buf, i64 %i
  store i64 %d, ptr %e, align 8
  %n1 = udiv i64 %n, 10
  %i1 = add i64 %i, 1
  %z = icmp eq i64 %n1, 0
  br i1 %z, label %sum, label %loop
sum:
  br label %sloop
sloop:
  %j = phi i64 [ 0, %sum ], [ %j1, %sloop ]
  %acc = phi i64 [ 0, %sum ], [ %acc1, %sloop ]
  %f = getelementptr inbounds i64, ptr %buf, i64 %j
  %fv = load i64, ptr %f, align 8
  %acc1 = add i64 %acc, %fv
  %j1 = add i64 %j, 1
  %done = icmp eq i64 %j1, %i1
  br i1 %done, label %exit, label %sloop
exit:
  ret i64 %acc1
}

; ---- async functions ----

; plain(x): digit sum of x, through a local buffer
define swifttailcc void @plain(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %buf = alloca [20 x i64], align 8
  %id = call token @llvm.coro.id.async(i32 40, i32 16, i32 0, ptr @plain_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  %v = call i64 @digits(ptr %buf, i64 %x)
  call void @rt_trace(ptr @s.plain, i64 %v)
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 %v)
  unreachable
}

; enqueue(): schedule the parent's continuation, return
define swifttailcc void @enqueue(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 40, i32 16, i32 0, ptr @enqueue_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  call void @rt_trace(ptr @s.enqueue, i64 %x)
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void @rt_enqueue(ptr %rp, ptr %ctx)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}
