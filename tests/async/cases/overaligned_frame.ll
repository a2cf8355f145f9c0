; overaligned_frame: allocas aligned above 16 live across awaits, in
; functions whose context alignment (coro.id.async's second operand)
; allows it.
;   @ov64: context alignment 64, initial context size 40 (not a multiple
;          of 64), a [4 x i64] alloca of align 64 and an [3 x i64] alloca of
;          align 32, both live across two yields, plus an i64 spill;
;   @ov32: context alignment 32, initial size 24, a <8 x i32> alloca of
;          align 32 live across a yield.
; Their contexts are allocated with the context alignment (the driver and
; @main_task use rt_alloc_aligned_ir), so the frame offset must be rounded
; up to the frame alignment: each alloca's address is checked in C after
; every resume, and the contents must survive. Contexts the lowering sized
; too small, or frames laid over the 40/24 header bytes the front end owns
; (@ov64 and @ov32 keep a value there), break the canary or the values.

@main_task_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @main_task to i64), i64 ptrtoint (ptr @main_task_afp to i64)) to i32), i32 32 }>, align 8
@ov64_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @ov64 to i64), i64 ptrtoint (ptr @ov64_afp to i64)) to i32), i32 40 }>, align 8
@ov32_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @ov32 to i64), i64 ptrtoint (ptr @ov32_afp to i64)) to i32), i32 24 }>, align 8

@s.a64 = private unnamed_addr constant [6 x i8] c"buf64\00"
@s.a32 = private unnamed_addr constant [6 x i8] c"buf32\00"
@s.v32 = private unnamed_addr constant [6 x i8] c"vec32\00"
@s.sum64 = private unnamed_addr constant [10 x i8] c"ov64 sums\00"
@s.sum32 = private unnamed_addr constant [9 x i8] c"ov32 sum\00"
@s.hdr = private unnamed_addr constant [11 x i8] c"header int\00"
@s.got = private unnamed_addr constant [9 x i8] c"main got\00"

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare { ptr, i64 } @llvm.coro.suspend.async.sl_p0i64s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)

declare ptr @rt_alloc_aligned_ir(i64, i64)
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

define i64 @sum4(ptr %p) {
  %e1p = getelementptr inbounds i64, ptr %p, i64 1
  %e2p = getelementptr inbounds i64, ptr %p, i64 2
  %e3p = getelementptr inbounds i64, ptr %p, i64 3
  %e0 = load i64, ptr %p, align 8
  %e1 = load i64, ptr %e1p, align 8
  %e2 = load i64, ptr %e2p, align 8
  %e3 = load i64, ptr %e3p, align 8
  %s0 = add i64 %e0, %e1
  %s1 = add i64 %s0, %e2
  %s2 = add i64 %s1, %e3
  ret i64 %s2
}

; ---- async functions ----
; Context header: +0 parent, +8 resume, +16 argument; @ov64 also keeps an
; i64 at +32 (inside its 40 header bytes), @ov32 an i32 at +20.

define swifttailcc void @ov64(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %buf = alloca [4 x i64], align 64
  %buf32 = alloca [3 x i64], align 32
  %id = call token @llvm.coro.id.async(i32 40, i32 64, i32 0, ptr @ov64_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  %hp = getelementptr inbounds i8, ptr %ctx, i64 32
  store i64 -559038737, ptr %hp, align 8
  %b1 = getelementptr inbounds i64, ptr %buf, i64 1
  %b2 = getelementptr inbounds i64, ptr %buf, i64 2
  %b3 = getelementptr inbounds i64, ptr %buf, i64 3
  store i64 %x, ptr %buf, align 64
  %x2 = mul i64 %x, 2
  store i64 %x2, ptr %b1, align 8
  %x3 = mul i64 %x, 3
  store i64 %x3, ptr %b2, align 16
  %x4 = mul i64 %x, 4
  store i64 %x4, ptr %b3, align 8
  %c1 = getelementptr inbounds i64, ptr %buf32, i64 1
  %c2 = getelementptr inbounds i64, ptr %buf32, i64 2
  store i64 100, ptr %buf32, align 32
  store i64 200, ptr %c1, align 8
  store i64 300, ptr %c2, align 16
  %spill = xor i64 %x, 12345
  %res0 = call ptr @llvm.coro.async.resume()
  %r0 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res0, ptr @project_self, ptr @fwd_yield, ptr %res0, ptr %ctx)
  call void @rt_check_align(ptr @s.a64, ptr %buf, i64 64)
  call void @rt_check_align(ptr @s.a32, ptr %buf32, i64 32)
  %o = load i64, ptr %b3, align 8
  %o1 = add i64 %o, 1
  store i64 %o1, ptr %b3, align 8
  %res1 = call ptr @llvm.coro.async.resume()
  %r1 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res1, ptr @project_self, ptr @fwd_yield, ptr %res1, ptr %ctx)
  call void @rt_check_align(ptr @s.a64, ptr %buf, i64 64)
  call void @rt_check_align(ptr @s.a32, ptr %buf32, i64 32)
  %s64 = call i64 @sum4(ptr %buf)
  %c0v = load i64, ptr %buf32, align 32
  %c1v = load i64, ptr %c1, align 8
  %c2v = load i64, ptr %c2, align 16
  %cs0 = add i64 %c0v, %c1v
  %cs = add i64 %cs0, %c2v
  %both0 = mul i64 %s64, 10000
  %both1 = add i64 %both0, %cs
  call void @rt_trace(ptr @s.sum64, i64 %both1)
  %hv = load i64, ptr %hp, align 8
  call void @rt_trace(ptr @s.hdr, i64 %hv)
  %v = add i64 %both1, %spill
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 %v)
  unreachable
}

define swifttailcc void @ov32(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %vec = alloca <8 x i32>, align 32
  %id = call token @llvm.coro.id.async(i32 24, i32 32, i32 0, ptr @ov32_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x64 = load i64, ptr %ap, align 8
  %x = trunc i64 %x64 to i32
  %hp = getelementptr inbounds i8, ptr %ctx, i64 20
  store i32 -1091576147, ptr %hp, align 4
  %v0 = insertelement <8 x i32> poison, i32 %x, i32 0
  %vs = shufflevector <8 x i32> %v0, <8 x i32> poison, <8 x i32> zeroinitializer
  %vv = add <8 x i32> %vs, <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  store <8 x i32> %vv, ptr %vec, align 32
  %res0 = call ptr @llvm.coro.async.resume()
  %r0 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res0, ptr @project_self, ptr @fwd_yield, ptr %res0, ptr %ctx)
  call void @rt_check_align(ptr @s.v32, ptr %vec, i64 32)
  %l = load <8 x i32>, ptr %vec, align 32
  %l2 = mul <8 x i32> %l, %l
  %sum = call i32 @llvm.vector.reduce.add.v8i32(<8 x i32> %l2)
  %sum64 = sext i32 %sum to i64
  call void @rt_trace(ptr @s.sum32, i64 %sum64)
  %hv = load i32, ptr %hp, align 4
  %hv64 = sext i32 %hv to i64
  call void @rt_trace(ptr @s.hdr, i64 %hv64)
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 %sum64)
  unreachable
}

declare i32 @llvm.vector.reduce.add.v8i32(<8 x i32>)

; Await one of the over-aligned functions with a context aligned to %align.
define swifttailcc void @main_task(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @main_task_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  ; await ov64(x)
  %sizep = getelementptr inbounds <{ i32, i32 }>, ptr @ov64_afp, i32 0, i32 1
  %size = load i32, ptr %sizep, align 4
  %size64 = zext i32 %size to i64
  %cc = call ptr @rt_alloc_aligned_ir(i64 %size64, i64 64)
  store ptr %ctx, ptr %cc, align 8
  %res0 = call ptr @llvm.coro.async.resume()
  %rpp = getelementptr inbounds i8, ptr %cc, i64 8
  store ptr %res0, ptr %rpp, align 8
  %cap = getelementptr inbounds i8, ptr %cc, i64 16
  store i64 %x, ptr %cap, align 8
  %r0 = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res0, ptr @project_parent, ptr @fwd_call, ptr @ov64, ptr %cc)
  %cc1 = extractvalue { ptr, i64 } %r0, 0
  %a = extractvalue { ptr, i64 } %r0, 1
  call void @rt_free(ptr %cc1)
  call void @rt_trace(ptr @s.got, i64 %a)
  ; await ov32(x + 1)
  %sizep2 = getelementptr inbounds <{ i32, i32 }>, ptr @ov32_afp, i32 0, i32 1
  %size2 = load i32, ptr %sizep2, align 4
  %size264 = zext i32 %size2 to i64
  %cc2 = call ptr @rt_alloc_aligned_ir(i64 %size264, i64 32)
  store ptr %ctx, ptr %cc2, align 8
  %res1 = call ptr @llvm.coro.async.resume()
  %rpp2 = getelementptr inbounds i8, ptr %cc2, i64 8
  store ptr %res1, ptr %rpp2, align 8
  %x1 = add i64 %x, 1
  %cap2 = getelementptr inbounds i8, ptr %cc2, i64 16
  store i64 %x1, ptr %cap2, align 8
  %r1 = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res1, ptr @project_parent, ptr @fwd_call, ptr @ov32, ptr %cc2)
  %cc3 = extractvalue { ptr, i64 } %r1, 0
  %b = extractvalue { ptr, i64 } %r1, 1
  call void @rt_free(ptr %cc3)
  call void @rt_trace(ptr @s.got, i64 %b)
  %v = add i64 %a, %b
  %mrpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %mrp = load ptr, ptr %mrpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %mrp, ptr %ctx, i64 %v)
  unreachable
}
