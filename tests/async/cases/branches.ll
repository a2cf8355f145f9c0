; branches: suspend points on different paths, with different result
; types, meeting again in phis. @sel(x) switches on x % 3:
;   0: yields to the executor ({ ptr }), v = x * 2 + 1;
;   1: awaits @half(x) ({ ptr, i64 }), v = its result;
;   2: awaits @third(x) ({ ptr, double }), v = trunc(result * 10).
; A value computed before the switch is live across each suspend, and a
; value defined only on path 1 reaches the merge through a phi. After the
; merge @sel yields once more when v is odd. @main_task awaits sel(0..5).

@main_task_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @main_task to i64), i64 ptrtoint (ptr @main_task_afp to i64)) to i32), i32 32 }>, align 8
@sel_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @sel to i64), i64 ptrtoint (ptr @sel_afp to i64)) to i32), i32 32 }>, align 8
@half_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @half to i64), i64 ptrtoint (ptr @half_afp to i64)) to i32), i32 32 }>, align 8
@third_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @third to i64), i64 ptrtoint (ptr @third_afp to i64)) to i32), i32 32 }>, align 8

@s.path = private unnamed_addr constant [9 x i8] c"sel path\00"
@s.merge = private unnamed_addr constant [10 x i8] c"sel merge\00"
@s.odd = private unnamed_addr constant [8 x i8] c"sel odd\00"
@s.extra = private unnamed_addr constant [10 x i8] c"sel extra\00"
@s.got = private unnamed_addr constant [9 x i8] c"main got\00"

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare { ptr, i64 } @llvm.coro.suspend.async.sl_p0i64s(i32, ptr, ptr, ...)
declare { ptr, double } @llvm.coro.suspend.async.sl_p0f64s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)

declare ptr @rt_alloc(i64)
declare void @rt_free(ptr)
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

define swifttailcc void @fwd_return_f64(ptr %fn, ptr %ctx, double %v) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx, double %v)
  ret void
}

define ptr @new_context(ptr %afp, ptr %parent, ptr %resume, i64 %arg) {
  %sizep = getelementptr inbounds <{ i32, i32 }>, ptr %afp, i32 0, i32 1
  %size = load i32, ptr %sizep, align 4
  %size64 = zext i32 %size to i64
  %c = call ptr @rt_alloc(i64 %size64)
  store ptr %parent, ptr %c, align 8
  %rpp = getelementptr inbounds i8, ptr %c, i64 8
  store ptr %resume, ptr %rpp, align 8
  %argp = getelementptr inbounds i8, ptr %c, i64 16
  store i64 %arg, ptr %argp, align 8
  ret ptr %c
}

; ---- async functions ----

; half(x): x / 2, no suspend
define swifttailcc void @half(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @half_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  %v = sdiv i64 %x, 2
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 %v)
  unreachable
}

; third(x): yield; x / 3.0
define swifttailcc void @third(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @third_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_yield, ptr %res, ptr %ctx)
  %xf = sitofp i64 %x to double
  %v = fdiv double %xf, 3.0
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_f64, ptr %rp, ptr %ctx, double %v)
  unreachable
}

define swifttailcc void @sel(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @sel_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  %pre = mul i64 %x, 1000
  %m = urem i64 %x, 3
  call void @rt_trace(ptr @s.path, i64 %m)
  switch i64 %m, label %p0 [ i64 1, label %p1
                             i64 2, label %p2 ]
p0:
  %res0 = call ptr @llvm.coro.async.resume()
  %r0 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res0, ptr @project_self, ptr @fwd_yield, ptr %res0, ptr %ctx)
  %v0x = mul i64 %x, 2
  %v0 = add i64 %v0x, 1
  br label %merge
p1:
  %only1 = add i64 %x, 77
  %res1 = call ptr @llvm.coro.async.resume()
  %c1 = call ptr @new_context(ptr @half_afp, ptr %ctx, ptr %res1, i64 %x)
  %r1 = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res1, ptr @project_parent, ptr @fwd_call, ptr @half, ptr %c1)
  %c1b = extractvalue { ptr, i64 } %r1, 0
  %v1 = extractvalue { ptr, i64 } %r1, 1
  call void @rt_free(ptr %c1b)
  br label %merge
p2:
  %res2 = call ptr @llvm.coro.async.resume()
  %c2 = call ptr @new_context(ptr @third_afp, ptr %ctx, ptr %res2, i64 %x)
  %r2 = call { ptr, double } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0f64s(i32 0, ptr %res2, ptr @project_parent, ptr @fwd_call, ptr @third, ptr %c2)
  %c2b = extractvalue { ptr, double } %r2, 0
  %f2 = extractvalue { ptr, double } %r2, 1
  call void @rt_free(ptr %c2b)
  %f10 = fmul double %f2, 10.0
  %v2 = fptosi double %f10 to i64
  br label %merge
merge:
  %v = phi i64 [ %v0, %p0 ], [ %v1, %p1 ], [ %v2, %p2 ]
  %extra = phi i64 [ 0, %p0 ], [ %only1, %p1 ], [ 0, %p2 ]
  call void @rt_trace(ptr @s.merge, i64 %v)
  %lo = and i64 %v, 1
  %odd = icmp ne i64 %lo, 0
  br i1 %odd, label %again, label %done
again:
  call void @rt_trace(ptr @s.odd, i64 %v)
  %res3 = call ptr @llvm.coro.async.resume()
  %r3 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res3, ptr @project_self, ptr @fwd_yield, ptr %res3, ptr %ctx)
  br label %done
done:
  call void @rt_trace(ptr @s.extra, i64 %extra)
  %s0 = add i64 %v, %pre
  %s = add i64 %s0, %extra
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 %s)
  unreachable
}

define swifttailcc void @main_task(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @main_task_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc1, %loop ]
  %res = call ptr @llvm.coro.async.resume()
  %c = call ptr @new_context(ptr @sel_afp, ptr %ctx, ptr %res, i64 %i)
  %r = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res, ptr @project_parent, ptr @fwd_call, ptr @sel, ptr %c)
  %cb = extractvalue { ptr, i64 } %r, 0
  %v = extractvalue { ptr, i64 } %r, 1
  call void @rt_free(ptr %cb)
  call void @rt_trace(ptr @s.got, i64 %v)
  %acc1 = add i64 %acc, %v
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, 6
  br i1 %more, label %loop, label %exit
exit:
  %mrpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %mrp = load ptr, ptr %mrpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %mrp, ptr %ctx, i64 %acc1)
  unreachable
}
