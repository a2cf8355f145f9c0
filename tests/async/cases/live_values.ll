; live_values: SSA values of many types live across awaits. @worker
; computes i1, i8, i16, i32, i64, i128, float, double, <4 x i32>, a pointer,
; a { i32, double } and a [3 x i16] from its argument, then yields to the
; executor three times; values die after different suspends (some after the
; first, the rest after the last), and one value is defined between two
; suspends and used after a third. Its caller @main_task keeps the argument
; it got and a double live across its await. The values are printed after
; the suspends; a frame slot that two values live at once share, or a value
; reloaded from the wrong offset, changes the output.

@main_task_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @main_task to i64), i64 ptrtoint (ptr @main_task_afp to i64)) to i32), i32 32 }>, align 8
@worker_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @worker to i64), i64 ptrtoint (ptr @worker_afp to i64)) to i32), i32 32 }>, align 8

@table = private constant [16 x i64] [i64 100, i64 101, i64 102, i64 103, i64 104, i64 105, i64 106, i64 107, i64 108, i64 109, i64 110, i64 111, i64 112, i64 113, i64 114, i64 115], align 8

@s.i1 = private unnamed_addr constant [3 x i8] c"i1\00"
@s.i8 = private unnamed_addr constant [3 x i8] c"i8\00"
@s.i16 = private unnamed_addr constant [4 x i8] c"i16\00"
@s.i32 = private unnamed_addr constant [4 x i8] c"i32\00"
@s.i64 = private unnamed_addr constant [4 x i8] c"i64\00"
@s.i128hi = private unnamed_addr constant [8 x i8] c"i128.hi\00"
@s.i128lo = private unnamed_addr constant [8 x i8] c"i128.lo\00"
@s.f32 = private unnamed_addr constant [4 x i8] c"f32\00"
@s.f64 = private unnamed_addr constant [4 x i8] c"f64\00"
@s.vec = private unnamed_addr constant [4 x i8] c"vec\00"
@s.ptr = private unnamed_addr constant [4 x i8] c"ptr\00"
@s.agg0 = private unnamed_addr constant [5 x i8] c"agg0\00"
@s.agg1 = private unnamed_addr constant [5 x i8] c"agg1\00"
@s.arr = private unnamed_addr constant [4 x i8] c"arr\00"
@s.mid = private unnamed_addr constant [4 x i8] c"mid\00"
@s.step = private unnamed_addr constant [5 x i8] c"step\00"
@s.got = private unnamed_addr constant [4 x i8] c"got\00"
@s.kept = private unnamed_addr constant [5 x i8] c"kept\00"

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare { ptr, i64 } @llvm.coro.suspend.async.sl_p0i64s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)

declare ptr @rt_alloc(i64)
declare void @rt_free(ptr)
declare void @rt_enqueue(ptr, ptr)
declare void @rt_trace(ptr, i64)
declare void @rt_trace_f64(ptr, double)
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

define swifttailcc void @worker(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @worker_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %argp = getelementptr inbounds i8, ptr %ctx, i64 16
  %seed = load i64, ptr %argp, align 8
  %v.i1 = icmp ugt i64 %seed, 3
  %m8 = mul i64 %seed, 37
  %v.i8 = trunc i64 %m8 to i8
  %m16 = mul i64 %seed, 10007
  %v.i16 = trunc i64 %m16 to i16
  %m32 = mul i64 %seed, 1000003
  %v.i32 = trunc i64 %m32 to i32
  %v.i64 = mul i64 %seed, -3000000019
  %w = zext i64 %seed to i128
  %wsh = shl i128 %w, 70
  %v.i128 = or i128 %wsh, 12345
  %sf = sitofp i64 %seed to float
  %v.f32 = fmul float %sf, 1.5
  %sd = sitofp i64 %seed to double
  %v.f64 = fdiv double %sd, 3.0
  %s32 = trunc i64 %seed to i32
  %vec0 = insertelement <4 x i32> poison, i32 %s32, i32 0
  %s32b = add i32 %s32, 1000
  %vec1 = insertelement <4 x i32> %vec0, i32 %s32b, i32 1
  %s32c = mul i32 %s32, -7
  %vec2 = insertelement <4 x i32> %vec1, i32 %s32c, i32 2
  %v.vec = insertelement <4 x i32> %vec2, i32 65536, i32 3
  %v.ptr = getelementptr inbounds [16 x i64], ptr @table, i64 0, i64 %seed
  %agg0 = insertvalue { i32, double } poison, i32 %s32c, 0
  %v.agg = insertvalue { i32, double } %agg0, double %v.f64, 1
  %s16 = trunc i64 %seed to i16
  %arr0 = insertvalue [3 x i16] poison, i16 %s16, 0
  %s16b = sub i16 0, %s16
  %arr1 = insertvalue [3 x i16] %arr0, i16 %s16b, 1
  %v.arr = insertvalue [3 x i16] %arr1, i16 7777, 2
  %res0 = call ptr @llvm.coro.async.resume()
  %r0 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res0, ptr @project_self, ptr @fwd_yield, ptr %res0, ptr %ctx)
  call void @rt_trace(ptr @s.step, i64 1)
  %p.i8 = sext i8 %v.i8 to i64
  call void @rt_trace(ptr @s.i8, i64 %p.i8)
  %p.i16 = sext i16 %v.i16 to i64
  call void @rt_trace(ptr @s.i16, i64 %p.i16)
  %mid = xor i64 %seed, 255
  %res1 = call ptr @llvm.coro.async.resume()
  %r1 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res1, ptr @project_self, ptr @fwd_yield, ptr %res1, ptr %ctx)
  call void @rt_trace(ptr @s.step, i64 2)
  %res2 = call ptr @llvm.coro.async.resume()
  %r2 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res2, ptr @project_self, ptr @fwd_yield, ptr %res2, ptr %ctx)
  %ctx2 = extractvalue { ptr } %r2, 0
  call void @rt_trace(ptr @s.step, i64 3)
  %p.i1 = zext i1 %v.i1 to i64
  call void @rt_trace(ptr @s.i1, i64 %p.i1)
  %p.i32 = sext i32 %v.i32 to i64
  call void @rt_trace(ptr @s.i32, i64 %p.i32)
  call void @rt_trace(ptr @s.i64, i64 %v.i64)
  %hi128 = lshr i128 %v.i128, 64
  %p.hi = trunc i128 %hi128 to i64
  call void @rt_trace(ptr @s.i128hi, i64 %p.hi)
  %p.lo = trunc i128 %v.i128 to i64
  call void @rt_trace(ptr @s.i128lo, i64 %p.lo)
  %p.f32 = fpext float %v.f32 to double
  call void @rt_trace_f64(ptr @s.f32, double %p.f32)
  call void @rt_trace_f64(ptr @s.f64, double %v.f64)
  %e0 = extractelement <4 x i32> %v.vec, i32 0
  %e1 = extractelement <4 x i32> %v.vec, i32 1
  %e2 = extractelement <4 x i32> %v.vec, i32 2
  %e3 = extractelement <4 x i32> %v.vec, i32 3
  %e1x = mul i32 %e1, 3
  %e2x = mul i32 %e2, 5
  %e3x = mul i32 %e3, 7
  %es0 = add i32 %e0, %e1x
  %es1 = add i32 %es0, %e2x
  %es2 = add i32 %es1, %e3x
  %p.vec = sext i32 %es2 to i64
  call void @rt_trace(ptr @s.vec, i64 %p.vec)
  %p.ptr = load i64, ptr %v.ptr, align 8
  call void @rt_trace(ptr @s.ptr, i64 %p.ptr)
  %a0 = extractvalue { i32, double } %v.agg, 0
  %p.a0 = sext i32 %a0 to i64
  call void @rt_trace(ptr @s.agg0, i64 %p.a0)
  %a1 = extractvalue { i32, double } %v.agg, 1
  call void @rt_trace_f64(ptr @s.agg1, double %a1)
  %x0 = extractvalue [3 x i16] %v.arr, 0
  %x1 = extractvalue [3 x i16] %v.arr, 1
  %x2 = extractvalue [3 x i16] %v.arr, 2
  %y0 = sext i16 %x0 to i64
  %y1 = sext i16 %x1 to i64
  %y2 = sext i16 %x2 to i64
  %y1s = mul i64 %y1, 100000
  %y2s = mul i64 %y2, 10000000000
  %ya = add i64 %y0, %y1s
  %yb = add i64 %ya, %y2s
  call void @rt_trace(ptr @s.arr, i64 %yb)
  call void @rt_trace(ptr @s.mid, i64 %mid)
  %rpp = getelementptr inbounds i8, ptr %ctx2, i64 8
  %rp = load ptr, ptr %rpp, align 8
  %result = add i64 %seed, %mid
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx2, i64 %result)
  unreachable
}

define swifttailcc void @main_task(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @main_task_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %argp = getelementptr inbounds i8, ptr %ctx, i64 16
  %arg = load i64, ptr %argp, align 8
  %sd = sitofp i64 %arg to double
  %kept = fmul double %sd, 0.25
  %sizep = getelementptr inbounds <{ i32, i32 }>, ptr @worker_afp, i32 0, i32 1
  %size = load i32, ptr %sizep, align 4
  %size64 = zext i32 %size to i64
  %cc = call ptr @rt_alloc(i64 %size64)
  store ptr %ctx, ptr %cc, align 8
  %res = call ptr @llvm.coro.async.resume()
  %rpp = getelementptr inbounds i8, ptr %cc, i64 8
  store ptr %res, ptr %rpp, align 8
  %cargp = getelementptr inbounds i8, ptr %cc, i64 16
  store i64 %arg, ptr %cargp, align 8
  %r = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res, ptr @project_parent, ptr @fwd_call, ptr @worker, ptr %cc)
  %cc1 = extractvalue { ptr, i64 } %r, 0
  %got = extractvalue { ptr, i64 } %r, 1
  call void @rt_free(ptr %cc1)
  call void @rt_trace(ptr @s.got, i64 %got)
  call void @rt_trace_f64(ptr @s.kept, double %kept)
  %out = add i64 %got, %arg
  %myrpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %myrp = load ptr, ptr %myrpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %myrp, ptr %ctx, i64 %out)
  unreachable
}
