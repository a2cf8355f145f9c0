; swiftself: the suspend's leading i32 holds the context parameter index in
; its low byte and a swiftself parameter index in the next byte. The resume
; function must carry swiftself on that parameter (and swiftasync on the
; context parameter), because the callee returns by a musttail call that
; passes the value in the swiftself register (r13 on x86-64, x20 on
; AArch64); a resume function without the attribute reads another register.
;   @method(ctx swiftasync, obj swiftself): its own swiftself argument is
;     live across both awaits;
;   await 1: i32 256 (context 0, swiftself 1): { ptr, ptr }; @next_obj
;     yields, then returns obj->next in the swiftself register;
;   await 2: i32 512 (context 0, swiftself 2): { ptr, i64, ptr }; @weigh
;     returns (ctx, obj->id * 10, obj->next) with the object in swiftself.
; Objects are { i64 id, ptr next } in a ring built by the driver.

@method_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @method to i64), i64 ptrtoint (ptr @method_afp to i64)) to i32), i32 32 }>, align 8
@next_obj_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @next_obj to i64), i64 ptrtoint (ptr @next_obj_afp to i64)) to i32), i32 32 }>, align 8
@weigh_afp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @weigh to i64), i64 ptrtoint (ptr @weigh_afp to i64)) to i32), i32 32 }>, align 8

@s.method = private unnamed_addr constant [10 x i8] c"method on\00"
@s.next = private unnamed_addr constant [9 x i8] c"next_obj\00"
@s.weigh = private unnamed_addr constant [6 x i8] c"weigh\00"
@s.self1 = private unnamed_addr constant [12 x i8] c"after1 self\00"
@s.got1 = private unnamed_addr constant [11 x i8] c"after1 got\00"
@s.self2 = private unnamed_addr constant [12 x i8] c"after2 self\00"
@s.got2 = private unnamed_addr constant [11 x i8] c"after2 got\00"
@s.w2 = private unnamed_addr constant [14 x i8] c"after2 weight\00"

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare { ptr, ptr } @llvm.coro.suspend.async.sl_p0p0s(i32, ptr, ptr, ...)
declare { ptr, i64, ptr } @llvm.coro.suspend.async.sl_p0i64p0s(i32, ptr, ptr, ...)
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

define void @glue_run_self(ptr %fn, ptr %ctx, ptr %self) {
  call swifttailcc void %fn(ptr swiftasync %ctx, ptr swiftself %self)
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

define swifttailcc void @fwd_call_self(ptr %fn, ptr %ctx, ptr %self) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx, ptr swiftself %self)
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

define swifttailcc void @fwd_return_self(ptr %fn, ptr %ctx, ptr %self) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx, ptr swiftself %self)
  ret void
}

define swifttailcc void @fwd_return_i64_self(ptr %fn, ptr %ctx, i64 %v, ptr %self) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx, i64 %v, ptr swiftself %self)
  ret void
}

define ptr @new_context(ptr %afp, ptr %parent, ptr %resume) {
  %sizep = getelementptr inbounds <{ i32, i32 }>, ptr %afp, i32 0, i32 1
  %size = load i32, ptr %sizep, align 4
  %size64 = zext i32 %size to i64
  %c = call ptr @rt_alloc(i64 %size64)
  store ptr %parent, ptr %c, align 8
  %rpp = getelementptr inbounds i8, ptr %c, i64 8
  store ptr %resume, ptr %rpp, align 8
  ret ptr %c
}

; ---- async functions ----

; next_obj(self): yield; return self->next in swiftself
define swifttailcc void @next_obj(ptr swiftasync %ctx, ptr swiftself %self) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @next_obj_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %sid = load i64, ptr %self, align 8
  call void @rt_trace(ptr @s.next, i64 %sid)
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project_self, ptr @fwd_yield, ptr %res, ptr %ctx)
  %np = getelementptr inbounds i8, ptr %self, i64 8
  %next = load ptr, ptr %np, align 8
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_self, ptr %rp, ptr %ctx, ptr %next)
  unreachable
}

; weigh(self): no suspend; return (self->id * 10, self->next)
define swifttailcc void @weigh(ptr swiftasync %ctx, ptr swiftself %self) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @weigh_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %sid = load i64, ptr %self, align 8
  call void @rt_trace(ptr @s.weigh, i64 %sid)
  %w = mul i64 %sid, 10
  %np = getelementptr inbounds i8, ptr %self, i64 8
  %next = load ptr, ptr %np, align 8
  %rpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %rp = load ptr, ptr %rpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64_self, ptr %rp, ptr %ctx, i64 %w, ptr %next)
  unreachable
}

define swifttailcc void @method(ptr swiftasync %ctx, ptr swiftself %obj) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @method_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %oid = load i64, ptr %obj, align 8
  call void @rt_trace(ptr @s.method, i64 %oid)
  ; await 1: next_obj(obj), result in swiftself (parameter 1)
  %res0 = call ptr @llvm.coro.async.resume()
  %c0 = call ptr @new_context(ptr @next_obj_afp, ptr %ctx, ptr %res0)
  %r0 = call { ptr, ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0p0s(i32 256, ptr %res0, ptr @project_parent, ptr @fwd_call_self, ptr @next_obj, ptr %c0, ptr %obj)
  %c0b = extractvalue { ptr, ptr } %r0, 0
  %o1 = extractvalue { ptr, ptr } %r0, 1
  call void @rt_free(ptr %c0b)
  %selfid1 = load i64, ptr %obj, align 8
  call void @rt_trace(ptr @s.self1, i64 %selfid1)
  %o1id = load i64, ptr %o1, align 8
  call void @rt_trace(ptr @s.got1, i64 %o1id)
  ; await 2: weigh(o1), results (i64, swiftself at parameter 2)
  %res1 = call ptr @llvm.coro.async.resume()
  %c1 = call ptr @new_context(ptr @weigh_afp, ptr %ctx, ptr %res1)
  %r1 = call { ptr, i64, ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0i64p0s(i32 512, ptr %res1, ptr @project_parent, ptr @fwd_call_self, ptr @weigh, ptr %c1, ptr %o1)
  %c1b = extractvalue { ptr, i64, ptr } %r1, 0
  %w = extractvalue { ptr, i64, ptr } %r1, 1
  %o2 = extractvalue { ptr, i64, ptr } %r1, 2
  call void @rt_free(ptr %c1b)
  %selfid2 = load i64, ptr %obj, align 8
  call void @rt_trace(ptr @s.self2, i64 %selfid2)
  call void @rt_trace(ptr @s.w2, i64 %w)
  %o2id = load i64, ptr %o2, align 8
  call void @rt_trace(ptr @s.got2, i64 %o2id)
  %v0 = add i64 %w, %o2id
  %v = add i64 %v0, %o1id
  %mrpp = getelementptr inbounds i8, ptr %ctx, i64 8
  %mrp = load ptr, ptr %mrpp, align 8
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @fwd_return_i64, ptr %mrp, ptr %ctx, i64 %v)
  unreachable
}
