; header_odd: initial context sizes that are not a multiple of the frame
; alignment. The frame starts at alignTo(initial size, frame alignment)
; and must not overlap the header bytes the front end owns; the final size
; is rounded up to the context alignment.
;   @h20: initial size 20, context alignment 8, i64 and i8 values live
;         across a yield; it keeps an i32 in header bytes 16..19;
;   @h36: initial size 36, context alignment 16, a <4 x i32> and an i64
;         live across a yield; it keeps an i32 in header bytes 32..35.
; Both check their header value after the yield; the allocator's canary
; catches a frame past the patched size.

@main_task_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @main_task to i64), i64 ptrtoint (ptr @main_task_afp to i64)) to i32), i32 32 }>, align 8
@h20_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @h20 to i64), i64 ptrtoint (ptr @h20_afp to i64)) to i32), i32 20 }>, align 8
@h36_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @h36 to i64), i64 ptrtoint (ptr @h36_afp to i64)) to i32), i32 36 }>, align 8

@s.h20 = private unnamed_addr constant [4 x i8] c"h20\00"
@s.h36 = private unnamed_addr constant [4 x i8] c"h36\00"
@s.hdr = private unnamed_addr constant [11 x i8] c"header int\00"
@s.got = private unnamed_addr constant [9 x i8] c"main got\00"

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare { ptr, i64 } @llvm.coro.suspend.async.sl_p0i64s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)

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
; The argument is at +16; @h20 reads it and then reuses +16..19.

define swifttailcc void @h20(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 20, i32 8, i32 0, ptr @h20_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  store i32 1234567, ptr %ap, align 4
  %a = mul i64 %x, 1000003
  %b8 = trunc i64 %x to i8
  %b = xor i8 %b8, -86
  call void @rt_trace(ptr @s.h20, i64 %x)
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_yield, ptr %res, ptr %ctx)
  %hv = load i32, ptr %ap, align 4
  %hv64 = sext i32 %hv to i64
  call void @rt_trace(ptr @s.hdr, i64 %hv64)
  %b64 = zext i8 %b to i64
  %v = add i64 %a, %b64
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 %v)
  unreachable
}

define swifttailcc void @h36(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 36, i32 16, i32 0, ptr @h36_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  %hp = getelementptr inbounds i8, ptr %ctx, i64 32
  store i32 -7654321, ptr %hp, align 4
  %x32 = trunc i64 %x to i32
  %v0 = insertelement <4 x i32> poison, i32 %x32, i32 0
  %vs = shufflevector <4 x i32> %v0, <4 x i32> poison, <4 x i32> zeroinitializer
  %vec = mul <4 x i32> %vs, <i32 1, i32 10, i32 100, i32 1000>
  %k = sub i64 0, %x
  call void @rt_trace(ptr @s.h36, i64 %x)
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_yield, ptr %res, ptr %ctx)
  %hv = load i32, ptr %hp, align 4
  %hv64 = sext i32 %hv to i64
  call void @rt_trace(ptr @s.hdr, i64 %hv64)
  %sum = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %vec)
  %sum64 = sext i32 %sum to i64
  %v = add i64 %sum64, %k
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 %v)
  unreachable
}

define swifttailcc void @main_task(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @main_task_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %res0 = call ptr @llvm.coro.async.resume()
  %c0 = call ptr @new_context(ptr @h20_afp, ptr %ctx, ptr %res0, i64 77)
  %r0 = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res0, ptr @project_parent, ptr @fwd_call, ptr @h20, ptr %c0)
  %c0b = extractvalue { ptr, i64 } %r0, 0
  %a = extractvalue { ptr, i64 } %r0, 1
  call void @rt_free(ptr %c0b)
  call void @rt_trace(ptr @s.got, i64 %a)
  %res1 = call ptr @llvm.coro.async.resume()
  %c1 = call ptr @new_context(ptr @h36_afp, ptr %ctx, ptr %res1, i64 3)
  %r1 = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res1, ptr @project_parent, ptr @fwd_call, ptr @h36, ptr %c1)
  %c1b = extractvalue { ptr, i64 } %r1, 0
  %b = extractvalue { ptr, i64 } %r1, 1
  call void @rt_free(ptr %c1b)
  call void @rt_trace(ptr @s.got, i64 %b)
  %v = add i64 %a, %b
  %mrpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %mrp = load ptr, ptr %mrpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %mrp, ptr %ctx, i64 %v)
  unreachable
}
