; live_allocas: allocas live across awaits keep their contents and their
; addresses.
;   %arr  [16 x i32]: filled before the first await, updated between awaits,
;         summed after the last;
;   %box  { i64, i64 }: its address goes to the executor, which stores into
;         it while @worker is suspended (rt_enqueue_poke); the store must be
;         seen after the resume, so the alloca must live at a stable address
;         in the context;
;   %slot i64: an indirect result slot: its address is passed to the callee
;         @produce, which writes its result through it after yielding;
;   %tmp  [8 x i64]: used only between two awaits, inside lifetime markers
;         (may stay on the stack);
;   %pre  i64: used only before the first await.

@worker_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @worker to i64), i64 ptrtoint (ptr @worker_afp to i64)) to i32), i32 32 }>, align 8
@produce_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @produce to i64), i64 ptrtoint (ptr @produce_afp to i64)) to i32), i32 32 }>, align 8

@s.pre = private unnamed_addr constant [4 x i8] c"pre\00"
@s.box0 = private unnamed_addr constant [5 x i8] c"box0\00"
@s.box1 = private unnamed_addr constant [5 x i8] c"box1\00"
@s.slot = private unnamed_addr constant [5 x i8] c"slot\00"
@s.tmp = private unnamed_addr constant [4 x i8] c"tmp\00"
@s.sum = private unnamed_addr constant [4 x i8] c"sum\00"
@s.produce = private unnamed_addr constant [8 x i8] c"produce\00"

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)

declare ptr @rt_alloc(i64)
declare void @rt_free(ptr)
declare void @rt_enqueue(ptr, ptr)
declare void @rt_enqueue_poke(ptr, ptr, ptr, i64)
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

define swifttailcc void @fwd_yield_poke(ptr %resume, ptr %ctx, ptr %p, i64 %v) {
  call void @rt_enqueue_poke(ptr %resume, ptr %ctx, ptr %p, i64 %v)
  ret void
}

define swifttailcc void @fwd_return(ptr %fn, ptr %ctx) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}

define swifttailcc void @fwd_return_i64(ptr %fn, ptr %ctx, i64 %v) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx, i64 %v)
  ret void
}

define void @fill(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %e = getelementptr inbounds i64, ptr %p, i64 %i
  %v = mul i64 %i, 11
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

; produce(out, v): yield, then *out = v * 3
define swifttailcc void @produce(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @produce_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %outp = getelementptr inbounds i8, ptr %ctx, i64 16
  %out = load ptr, ptr %outp, align 8
  %vp = getelementptr inbounds i8, ptr %ctx, i64 24
  %v = load i64, ptr %vp, align 8
  call void @rt_trace(ptr @s.produce, i64 %v)
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_yield, ptr %res, ptr %ctx)
  %ctx1 = extractvalue { ptr } %r, 0
  %v3 = mul i64 %v, 3
  store i64 %v3, ptr %out, align 8
  %rpp = getelementptr inbounds i8, ptr %ctx1, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return, ptr %rp, ptr %ctx1)
  unreachable
}

define swifttailcc void @worker(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %arr = alloca [16 x i32], align 4
  %box = alloca { i64, i64 }, align 8
  %slot = alloca i64, align 8
  %tmp = alloca [8 x i64], align 8
  %pre = alloca i64, align 8
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @worker_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %argp = getelementptr inbounds i8, ptr %ctx, i64 16
  %seed = load i64, ptr %argp, align 8
  ; %pre: before the first await only
  store i64 %seed, ptr %pre, align 8
  %prev = load volatile i64, ptr %pre, align 8
  call void @rt_trace(ptr @s.pre, i64 %prev)
  ; %arr[i] = i * i + seed
  br label %fill
fill:
  %i = phi i64 [ 0, %entry ], [ %i1, %fill ]
  %ii = mul i64 %i, %i
  %iis = add i64 %ii, %seed
  %ii32 = trunc i64 %iis to i32
  %e = getelementptr inbounds [16 x i32], ptr %arr, i64 0, i64 %i
  store i32 %ii32, ptr %e, align 4
  %i1 = add i64 %i, 1
  %filled = icmp eq i64 %i1, 16
  br i1 %filled, label %filled.bb, label %fill
filled.bb:
  store i64 -1, ptr %box, align 8
  %box1 = getelementptr inbounds { i64, i64 }, ptr %box, i32 0, i32 1
  store i64 -2, ptr %box1, align 8
  ; await 1: the executor stores 4242 into box.0 while we are suspended
  %res0 = call ptr @llvm.coro.async.resume()
  %r0 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res0, ptr @project_self, ptr @fwd_yield_poke, ptr %res0, ptr %ctx, ptr %box, i64 4242)
  %b0 = load i64, ptr %box, align 8
  call void @rt_trace(ptr @s.box0, i64 %b0)
  ; await 2: the executor stores 99 into box.1
  %res1 = call ptr @llvm.coro.async.resume()
  %r1 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res1, ptr @project_self, ptr @fwd_yield_poke, ptr %res1, ptr %ctx, ptr %box1, i64 99)
  %b1 = load i64, ptr %box1, align 8
  call void @rt_trace(ptr @s.box1, i64 %b1)
  ; %tmp: lives between await 2 and await 3 only
  call void @llvm.lifetime.start.p0(ptr %tmp)
  call void @fill(ptr %tmp, i64 8)
  %t = call i64 @sum(ptr %tmp, i64 8)
  call void @rt_trace(ptr @s.tmp, i64 %t)
  call void @llvm.lifetime.end.p0(ptr %tmp)
  ; await 3: @produce writes seed * 3 through %slot
  store i64 0, ptr %slot, align 8
  %sizep = getelementptr inbounds <{ i32, i32 }>, ptr @produce_afp, i32 0, i32 1
  %size = load i32, ptr %sizep, align 4
  %size64 = zext i32 %size to i64
  %cc = call ptr @rt_alloc(i64 %size64)
  store ptr %ctx, ptr %cc, align 8
  %res2 = call ptr @llvm.coro.async.resume()
  %crpp = getelementptr inbounds i8, ptr %cc, i64 8
  store ptr %res2, ptr %crpp, align 8
  %coutp = getelementptr inbounds i8, ptr %cc, i64 16
  store ptr %slot, ptr %coutp, align 8
  %cvp = getelementptr inbounds i8, ptr %cc, i64 24
  store i64 %seed, ptr %cvp, align 8
  %r2 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res2, ptr @project_parent, ptr @fwd_call, ptr @produce, ptr %cc)
  %cc1 = extractvalue { ptr } %r2, 0
  call void @rt_free(ptr %cc1)
  %sl = load i64, ptr %slot, align 8
  call void @rt_trace(ptr @s.slot, i64 %sl)
  ; %arr[i] += box.0 + box.1 + slot; then sum
  %add0 = add i64 %b0, %b1
  %add = add i64 %add0, %sl
  %add32 = trunc i64 %add to i32
  br label %upd
upd:
  %j = phi i64 [ 0, %filled.bb ], [ %j1, %upd ]
  %acc = phi i64 [ 0, %filled.bb ], [ %acc1, %upd ]
  %f = getelementptr inbounds [16 x i32], ptr %arr, i64 0, i64 %j
  %fv = load i32, ptr %f, align 4
  %fv1 = add i32 %fv, %add32
  store i32 %fv1, ptr %f, align 4
  %fv64 = sext i32 %fv1 to i64
  %jm = add i64 %j, 1
  %w = mul i64 %fv64, %jm
  %acc1 = add i64 %acc, %w
  %j1 = add i64 %j, 1
  %updated = icmp eq i64 %j1, 16
  br i1 %updated, label %done, label %upd
done:
  call void @rt_trace(ptr @s.sum, i64 %acc1)
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 %acc1)
  unreachable
}
