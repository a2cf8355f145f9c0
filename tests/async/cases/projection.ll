; projection: resume projection functions that are not the identity. The
; resume function's context argument (the one the suspend's leading i32
; names) is what the caller of the continuation passes; the projection turns
; it into the coroutine's own context, where the frame is.
;   await 1: the callee context keeps the caller's context in its field 3
;            (+24), not field 0 (field 0 holds a decoy pointer to a buffer
;            of garbage); @project_field3 loads it;
;   await 2: the executor resumes with an interior pointer ctx + 8;
;            @project_minus8 subtracts 8 again;
;   await 3: the identity, resumed by the executor with the context itself;
;   await 4: as await 1, but the projection is @c_project_field3, defined in
;            the C driver: it cannot be inlined, so the resume function must
;            call it (with the C calling convention) to find its frame.
; A lowering that ignores the projection, or applies it to the wrong
; argument, reads its frame from the callee context or the decoy.

@main_task_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @main_task to i64), i64 ptrtoint (ptr @main_task_afp to i64)) to i32), i32 32 }>, align 8
@svc_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @svc to i64), i64 ptrtoint (ptr @svc_afp to i64)) to i32), i32 32 }>, align 8

@decoy = global [32 x i64] zeroinitializer, align 16

@s.svc = private unnamed_addr constant [4 x i8] c"svc\00"
@s.after1 = private unnamed_addr constant [7 x i8] c"after1\00"
@s.after2 = private unnamed_addr constant [7 x i8] c"after2\00"
@s.after3 = private unnamed_addr constant [7 x i8] c"after3\00"
@s.after4 = private unnamed_addr constant [7 x i8] c"after4\00"

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
declare void @rt_task_done(ptr, i64)
declare ptr @c_project_field3(ptr)

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

define ptr @project_field3(ptr %callee) {
  %p = getelementptr inbounds i8, ptr %callee, i64 24
  %caller = load ptr, ptr %p, align 8
  ret ptr %caller
}

define ptr @project_minus8(ptr %interior) {
  %ctx = getelementptr i8, ptr %interior, i64 -8
  ret ptr %ctx
}

define swifttailcc void @fwd_call(ptr %fn, ptr %ctx) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}

define swifttailcc void @fwd_yield(ptr %resume, ptr %ctx) {
  call void @rt_enqueue(ptr %resume, ptr %ctx)
  ret void
}

define swifttailcc void @fwd_yield_interior(ptr %resume, ptr %ctx) {
  %interior = getelementptr inbounds i8, ptr %ctx, i64 8
  call void @rt_enqueue(ptr %resume, ptr %interior)
  ret void
}

define swifttailcc void @fwd_return_i64(ptr %fn, ptr %ctx, i64 %v) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx, i64 %v)
  ret void
}

; ---- async functions ----

; svc(x): no suspend; return x + 1000 to the resume function at +8
define swifttailcc void @svc(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @svc_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  call void @rt_trace(ptr @s.svc, i64 %x)
  %v = add i64 %x, 1000
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 %v)
  unreachable
}

define swifttailcc void @main_task(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @main_task_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  %k = mul i64 %x, 3
  ; await 1: callee context with the caller's context in field 3
  %sizep = getelementptr inbounds <{ i32, i32 }>, ptr @svc_afp, i32 0, i32 1
  %size = load i32, ptr %sizep, align 4
  %size64 = zext i32 %size to i64
  %cc = call ptr @rt_alloc(i64 %size64)
  store ptr @decoy, ptr %cc, align 8
  %res0 = call ptr @llvm.coro.async.resume()
  %rpp = getelementptr inbounds i8, ptr %cc, i64 8
  store ptr %res0, ptr %rpp, align 8
  %cap = getelementptr inbounds i8, ptr %cc, i64 16
  store i64 %x, ptr %cap, align 8
  %cf3 = getelementptr inbounds i8, ptr %cc, i64 24
  store ptr %ctx, ptr %cf3, align 8
  %r0 = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res0, ptr @project_field3, ptr @fwd_call, ptr @svc, ptr %cc)
  %cc1 = extractvalue { ptr, i64 } %r0, 0
  %v = extractvalue { ptr, i64 } %r0, 1
  call void @rt_free(ptr %cc1)
  %a1 = add i64 %v, %k
  call void @rt_trace(ptr @s.after1, i64 %a1)
  ; await 2: resumed with ctx + 8
  %res1 = call ptr @llvm.coro.async.resume()
  %r1 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res1, ptr @project_minus8, ptr @fwd_yield_interior, ptr %res1, ptr %ctx)
  %interior = extractvalue { ptr } %r1, 0
  %back = getelementptr i8, ptr %interior, i64 -8
  %same = icmp eq ptr %back, %ctx
  %same64 = zext i1 %same to i64
  %a2 = add i64 %a1, %k
  %a2s = mul i64 %a2, 10
  %a2t = add i64 %a2s, %same64
  call void @rt_trace(ptr @s.after2, i64 %a2t)
  ; await 3: identity
  %res2 = call ptr @llvm.coro.async.resume()
  %r2 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res2, ptr @project_self, ptr @fwd_yield, ptr %res2, ptr %ctx)
  %a3 = add i64 %a2t, %k
  call void @rt_trace(ptr @s.after3, i64 %a3)
  ; await 4: like await 1, with the projection defined in C
  %size4 = load i32, ptr %sizep, align 4
  %size464 = zext i32 %size4 to i64
  %c4 = call ptr @rt_alloc(i64 %size464)
  store ptr @decoy, ptr %c4, align 8
  %res3 = call ptr @llvm.coro.async.resume()
  %rpp4 = getelementptr inbounds i8, ptr %c4, i64 8
  store ptr %res3, ptr %rpp4, align 8
  %cap4 = getelementptr inbounds i8, ptr %c4, i64 16
  store i64 %a3, ptr %cap4, align 8
  %cf4 = getelementptr inbounds i8, ptr %c4, i64 24
  store ptr %ctx, ptr %cf4, align 8
  %r3 = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res3, ptr @c_project_field3, ptr @fwd_call, ptr @svc, ptr %c4)
  %c4b = extractvalue { ptr, i64 } %r3, 0
  %v4 = extractvalue { ptr, i64 } %r3, 1
  call void @rt_free(ptr %c4b)
  %a4 = add i64 %v4, %k
  call void @rt_trace(ptr @s.after4, i64 %a4)
  %mrpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %mrp = load ptr, ptr %mrpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %mrp, ptr %ctx, i64 %a4)
  unreachable
}
