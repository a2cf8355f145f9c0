; end_forms: the ways an async function ends.
;   @ret_two:     coro.end.async with a function to tail-call that takes
;                 three arguments (the parent's resume function gets the
;                 context and two i64: its suspend returns { ptr, i64, i64 });
;   @ret_traced:  coro.end.async whose function is not a bare forwarder: it
;                 traces, then tail-calls the parent's resume function;
;   @ret_enqueue: coro.end.async without a function: it has scheduled its
;                 parent's continuation on the executor and just returns;
;   @ret_plain:   a plain llvm.coro.end (no function), after scheduling its
;                 parent's continuation.
; Each of them suspends once before ending, so the end is in a resume
; function, and @main_task awaits them in turn.

@main_task_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @main_task to i64), i64 ptrtoint (ptr @main_task_afp to i64)) to i32), i32 32 }>, align 8
@ret_two_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @ret_two to i64), i64 ptrtoint (ptr @ret_two_afp to i64)) to i32), i32 32 }>, align 8
@ret_traced_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @ret_traced to i64), i64 ptrtoint (ptr @ret_traced_afp to i64)) to i32), i32 32 }>, align 8
@ret_enqueue_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @ret_enqueue to i64), i64 ptrtoint (ptr @ret_enqueue_afp to i64)) to i32), i32 32 }>, align 8
@ret_plain_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @ret_plain to i64), i64 ptrtoint (ptr @ret_plain_afp to i64)) to i32), i32 32 }>, align 8

@s.two = private unnamed_addr constant [8 x i8] c"ret_two\00"
@s.traced = private unnamed_addr constant [11 x i8] c"ret_traced\00"
@s.finishing = private unnamed_addr constant [10 x i8] c"finishing\00"
@s.enqueue = private unnamed_addr constant [12 x i8] c"ret_enqueue\00"
@s.plain = private unnamed_addr constant [10 x i8] c"ret_plain\00"
@s.got2 = private unnamed_addr constant [8 x i8] c"got two\00"
@s.got = private unnamed_addr constant [4 x i8] c"got\00"
@s.back = private unnamed_addr constant [5 x i8] c"back\00"

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare { ptr, i64 } @llvm.coro.suspend.async.sl_p0i64s(i32, ptr, ptr, ...)
declare { ptr, i64, i64 } @llvm.coro.suspend.async.sl_p0i64i64s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare void @llvm.coro.end(ptr, i1, token)

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

define swifttailcc void @fwd_return_two(ptr %fn, ptr %ctx, i64 %a, i64 %b) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx, i64 %a, i64 %b)
  ret void
}

define swifttailcc void @finish_traced(ptr %fn, ptr %ctx, i64 %v) {
  %v2 = mul i64 %v, 2
  call void @rt_trace(ptr @s.finishing, i64 %v2)
  musttail call swifttailcc void %fn(ptr swiftasync %ctx, i64 %v2)
  ret void
}

; Allocate a context for the function behind %afp, fill its header.
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

define swifttailcc void @ret_two(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @ret_two_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_yield, ptr %res, ptr %ctx)
  call void @rt_trace(ptr @s.two, i64 %x)
  %a = add i64 %x, 1
  %b = sub i64 %x, 1
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_two, ptr %rp, ptr %ctx, i64 %a, i64 %b)
  unreachable
}

define swifttailcc void @ret_traced(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @ret_traced_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_yield, ptr %res, ptr %ctx)
  call void @rt_trace(ptr @s.traced, i64 %x)
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @finish_traced, ptr %rp, ptr %ctx, i64 %x)
  unreachable
}

; ret_enqueue(x): result stored at +24 of its own context, the parent's
; continuation scheduled, then a coro.end.async without a function
define swifttailcc void @ret_enqueue(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @ret_enqueue_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_yield, ptr %res, ptr %ctx)
  call void @rt_trace(ptr @s.enqueue, i64 %x)
  %v = mul i64 %x, %x
  %outp = getelementptr inbounds i8, ptr %ctx, i64 24
  store i64 %v, ptr %outp, align 8
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void @rt_enqueue(ptr %rp, ptr %ctx)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}

; ret_plain(x): as ret_enqueue, ending with llvm.coro.end
define swifttailcc void @ret_plain(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @ret_plain_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_yield, ptr %res, ptr %ctx)
  call void @rt_trace(ptr @s.plain, i64 %x)
  %v = sub i64 0, %x
  %outp = getelementptr inbounds i8, ptr %ctx, i64 24
  store i64 %v, ptr %outp, align 8
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void @rt_enqueue(ptr %rp, ptr %ctx)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

define swifttailcc void @main_task(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @main_task_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  ; ret_two(x)
  %res0 = call ptr @llvm.coro.async.resume()
  %c0 = call ptr @new_context(ptr @ret_two_afp, ptr %ctx, ptr %res0, i64 %x)
  %r0 = call { ptr, i64, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64i64s(i32 0, ptr %res0, ptr @project_parent, ptr @fwd_call, ptr @ret_two, ptr %c0)
  %c0b = extractvalue { ptr, i64, i64 } %r0, 0
  %a = extractvalue { ptr, i64, i64 } %r0, 1
  %b = extractvalue { ptr, i64, i64 } %r0, 2
  call void @rt_free(ptr %c0b)
  %ab = mul i64 %a, %b
  call void @rt_trace(ptr @s.got2, i64 %ab)
  ; ret_traced(x + 1)
  %x1 = add i64 %x, 1
  %res1 = call ptr @llvm.coro.async.resume()
  %c1 = call ptr @new_context(ptr @ret_traced_afp, ptr %ctx, ptr %res1, i64 %x1)
  %r1 = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res1, ptr @project_parent, ptr @fwd_call, ptr @ret_traced, ptr %c1)
  %c1b = extractvalue { ptr, i64 } %r1, 0
  %t = extractvalue { ptr, i64 } %r1, 1
  call void @rt_free(ptr %c1b)
  call void @rt_trace(ptr @s.got, i64 %t)
  ; ret_enqueue(x + 2): resumed by the executor with the callee context
  %x2 = add i64 %x, 2
  %res2 = call ptr @llvm.coro.async.resume()
  %c2 = call ptr @new_context(ptr @ret_enqueue_afp, ptr %ctx, ptr %res2, i64 %x2)
  %r2 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res2, ptr @project_parent, ptr @fwd_call, ptr @ret_enqueue, ptr %c2)
  %c2b = extractvalue { ptr } %r2, 0
  %o2p = getelementptr inbounds i8, ptr %c2b, i64 24
  %o2 = load i64, ptr %o2p, align 8
  call void @rt_free(ptr %c2b)
  call void @rt_trace(ptr @s.got, i64 %o2)
  ; ret_plain(x + 3)
  %x3 = add i64 %x, 3
  %res3 = call ptr @llvm.coro.async.resume()
  %c3 = call ptr @new_context(ptr @ret_plain_afp, ptr %ctx, ptr %res3, i64 %x3)
  %r3 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res3, ptr @project_parent, ptr @fwd_call, ptr @ret_plain, ptr %c3)
  %c3b = extractvalue { ptr } %r3, 0
  %o3p = getelementptr inbounds i8, ptr %c3b, i64 24
  %o3 = load i64, ptr %o3p, align 8
  call void @rt_free(ptr %c3b)
  call void @rt_trace(ptr @s.got, i64 %o3)
  %s0 = add i64 %ab, %t
  %s1 = add i64 %s0, %o2
  %s2 = add i64 %s1, %o3
  call void @rt_trace(ptr @s.back, i64 %x)
  %mrpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %mrp = load ptr, ptr %mrpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %mrp, ptr %ctx, i64 %s2)
  unreachable
}
