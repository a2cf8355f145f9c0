; projection_forms: the projection operand of llvm.coro.suspend.async in
; the forms LLVM reads through (stripPointerCasts) or calls as they are.
; @main_task awaits @svc six times, each with its own projection:
;   1 casts       an instruction: a zero GEP of an addrspacecast pair on
;                 @project_parent;
;   2 returned    the result of @rt_same, whose parameter is `returned`;
;   3 variadic    @project_parent_va, of type ptr (ptr, ...);
;   4 alias       @project_parent_alias, an alias of @project_parent;
;   5 addrspace   @project_parent_as1, taking ptr addrspace(1) (the context
;                 is cast to it);
;   6 c_variadic  @c_project_parent_va, variadic and defined in the C driver
;                 (not inlinable: the resume function calls it).
; Values live across every await are read from the frame the projection
; leads to; a wrong projection (or none) reads the callee's context.

@main_task_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @main_task to i64), i64 ptrtoint (ptr @main_task_afp to i64)) to i32), i32 32 }>, align 8
@svc_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @svc to i64), i64 ptrtoint (ptr @svc_afp to i64)) to i32), i32 32 }>, align 8

@s.svc = private unnamed_addr constant [4 x i8] c"svc\00"
@s.after = private unnamed_addr constant [6 x i8] c"after\00"
@s.live = private unnamed_addr constant [5 x i8] c"live\00"

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
declare ptr @rt_same(ptr returned)
declare ptr @c_project_parent_va(ptr, ...)

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

define ptr @project_parent_va(ptr %callee, ...) {
  %parent = load ptr, ptr %callee, align 8
  ret ptr %parent
}

@project_parent_alias = alias ptr (ptr), ptr @project_parent

define ptr @project_parent_as1(ptr addrspace(1) %callee) {
  %parent = load ptr, ptr addrspace(1) %callee, align 8
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

; svc(x): yields once, returns x * 2 + 1.
define swifttailcc void @svc(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @svc_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  call void @rt_trace(ptr @s.svc, i64 %x)
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_yield, ptr %res, ptr %ctx)
  %v0 = mul i64 %x, 2
  %v = add i64 %v0, 1
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 %v)
  unreachable
}

; main_task(x): six awaits of svc, each with another projection form; acc
; and the values made before each await are read back after it.
define swifttailcc void @main_task(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @main_task_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ap = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %ap, align 8
  %szp = getelementptr inbounds <{ i32, i32 }>, ptr @svc_afp, i32 0, i32 1
  %sz = load i32, ptr %szp, align 4
  %sz64 = zext i32 %sz to i64
  %k1 = mul i64 %x, 1
  %cc1 = call ptr @rt_alloc(i64 %sz64)
  store ptr %ctx, ptr %cc1, align 8
  %res1 = call ptr @llvm.coro.async.resume()
  %rp1 = getelementptr inbounds i8, ptr %cc1, i64 8
  store ptr %res1, ptr %rp1, align 8
  %ap1 = getelementptr inbounds i8, ptr %cc1, i64 16
  store i64 %k1, ptr %ap1, align 8
  %p1a = addrspacecast ptr @project_parent to ptr addrspace(1)
  %p1b = addrspacecast ptr addrspace(1) %p1a to ptr
  %p1 = getelementptr i8, ptr %p1b, i64 0
  %r1 = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res1, ptr %p1, ptr @fwd_call, ptr @svc, ptr %cc1)
  %c1 = extractvalue { ptr, i64 } %r1, 0
  %v1 = extractvalue { ptr, i64 } %r1, 1
  call void @rt_free(ptr %c1)
  call void @rt_trace(ptr @s.after, i64 %v1)
  call void @rt_trace(ptr @s.live, i64 %k1)
  %acc1 = add i64 %v1, %x
  %k2 = mul i64 %acc1, 2
  %cc2 = call ptr @rt_alloc(i64 %sz64)
  store ptr %ctx, ptr %cc2, align 8
  %res2 = call ptr @llvm.coro.async.resume()
  %rp2 = getelementptr inbounds i8, ptr %cc2, i64 8
  store ptr %res2, ptr %rp2, align 8
  %ap2 = getelementptr inbounds i8, ptr %cc2, i64 16
  store i64 %k2, ptr %ap2, align 8
  %p2 = call ptr @rt_same(ptr @project_parent)
  %r2 = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res2, ptr %p2, ptr @fwd_call, ptr @svc, ptr %cc2)
  %c2 = extractvalue { ptr, i64 } %r2, 0
  %v2 = extractvalue { ptr, i64 } %r2, 1
  call void @rt_free(ptr %c2)
  call void @rt_trace(ptr @s.after, i64 %v2)
  call void @rt_trace(ptr @s.live, i64 %k2)
  %acc2 = add i64 %v2, %acc1
  %k3 = mul i64 %acc2, 3
  %cc3 = call ptr @rt_alloc(i64 %sz64)
  store ptr %ctx, ptr %cc3, align 8
  %res3 = call ptr @llvm.coro.async.resume()
  %rp3 = getelementptr inbounds i8, ptr %cc3, i64 8
  store ptr %res3, ptr %rp3, align 8
  %ap3 = getelementptr inbounds i8, ptr %cc3, i64 16
  store i64 %k3, ptr %ap3, align 8
  %r3 = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res3, ptr @project_parent_va, ptr @fwd_call, ptr @svc, ptr %cc3)
  %c3 = extractvalue { ptr, i64 } %r3, 0
  %v3 = extractvalue { ptr, i64 } %r3, 1
  call void @rt_free(ptr %c3)
  call void @rt_trace(ptr @s.after, i64 %v3)
  call void @rt_trace(ptr @s.live, i64 %k3)
  %acc3 = add i64 %v3, %acc2
  %k4 = mul i64 %acc3, 4
  %cc4 = call ptr @rt_alloc(i64 %sz64)
  store ptr %ctx, ptr %cc4, align 8
  %res4 = call ptr @llvm.coro.async.resume()
  %rp4 = getelementptr inbounds i8, ptr %cc4, i64 8
  store ptr %res4, ptr %rp4, align 8
  %ap4 = getelementptr inbounds i8, ptr %cc4, i64 16
  store i64 %k4, ptr %ap4, align 8
  %r4 = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res4, ptr @project_parent_alias, ptr @fwd_call, ptr @svc, ptr %cc4)
  %c4 = extractvalue { ptr, i64 } %r4, 0
  %v4 = extractvalue { ptr, i64 } %r4, 1
  call void @rt_free(ptr %c4)
  call void @rt_trace(ptr @s.after, i64 %v4)
  call void @rt_trace(ptr @s.live, i64 %k4)
  %acc4 = add i64 %v4, %acc3
  %k5 = mul i64 %acc4, 5
  %cc5 = call ptr @rt_alloc(i64 %sz64)
  store ptr %ctx, ptr %cc5, align 8
  %res5 = call ptr @llvm.coro.async.resume()
  %rp5 = getelementptr inbounds i8, ptr %cc5, i64 8
  store ptr %res5, ptr %rp5, align 8
  %ap5 = getelementptr inbounds i8, ptr %cc5, i64 16
  store i64 %k5, ptr %ap5, align 8
  %r5 = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res5, ptr @project_parent_as1, ptr @fwd_call, ptr @svc, ptr %cc5)
  %c5 = extractvalue { ptr, i64 } %r5, 0
  %v5 = extractvalue { ptr, i64 } %r5, 1
  call void @rt_free(ptr %c5)
  call void @rt_trace(ptr @s.after, i64 %v5)
  call void @rt_trace(ptr @s.live, i64 %k5)
  %acc5 = add i64 %v5, %acc4
  %k6 = mul i64 %acc5, 6
  %cc6 = call ptr @rt_alloc(i64 %sz64)
  store ptr %ctx, ptr %cc6, align 8
  %res6 = call ptr @llvm.coro.async.resume()
  %rp6 = getelementptr inbounds i8, ptr %cc6, i64 8
  store ptr %res6, ptr %rp6, align 8
  %ap6 = getelementptr inbounds i8, ptr %cc6, i64 16
  store i64 %k6, ptr %ap6, align 8
  %r6 = call { ptr, i64 } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64s(i32 0, ptr %res6, ptr @c_project_parent_va, ptr @fwd_call, ptr @svc, ptr %cc6)
  %c6 = extractvalue { ptr, i64 } %r6, 0
  %v6 = extractvalue { ptr, i64 } %r6, 1
  call void @rt_free(ptr %c6)
  call void @rt_trace(ptr @s.after, i64 %v6)
  call void @rt_trace(ptr @s.live, i64 %k6)
  %acc6 = add i64 %v6, %acc5
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %rp, ptr %ctx, i64 %acc6)
  unreachable
}
