; A generator yielding several values at once, one of them itself a
; struct: the ramp and the continuation return
; { continuation, i32 index, i64 big, double ratio, {i16, i8} pair, ptr name }.
; C cannot call a function returning that aggregate directly, so the
; module carries C-ABI wrappers (points_start / points_next) that call the
; ramp or the continuation and store the six results into the caller's
; record. The frame (n, scale, i) fits in the 32-byte buffer.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

@s.even = private unnamed_addr constant [5 x i8] c"even\00"
@s.odd = private unnamed_addr constant [4 x i8] c"odd\00"
@s.abort = private unnamed_addr constant [6 x i8] c"abort\00"

%yield = type {ptr, i32, i64, double, {i16, i8}, ptr}
; C's struct points_out: { void *k; int32_t index; int64_t big; double ratio;
; int16_t p0; int8_t p1; const char *name; }
%out = type {ptr, i32, i64, double, i16, i8, ptr}

define %yield @points_proto(ptr, i1) {
  unreachable
}

define %yield @points(ptr %buffer, i32 %n, double %scale) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 32, i32 8, ptr %buffer, ptr @points_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %inc, %resume ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %end

body:
  %i64 = sext i32 %i to i64
  %big = mul i64 %i64, 1000000007
  %fi = sitofp i32 %i to double
  %ratio = fmul double %fi, %scale
  %neg = sub i32 0, %i
  %p0 = trunc i32 %neg to i16
  %i3 = mul i32 %i, 3
  %p1 = trunc i32 %i3 to i8
  %pa = insertvalue {i16, i8} poison, i16 %p0, 0
  %pair = insertvalue {i16, i8} %pa, i8 %p1, 1
  %odd = and i32 %i, 1
  %isodd = icmp ne i32 %odd, 0
  %name = select i1 %isodd, ptr @s.odd, ptr @s.even
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i32 %i, i64 %big, double %ratio, {i16, i8} %pair, ptr %name)
  br i1 %abort, label %aborted, label %resume

resume:
  %inc = add i32 %i, 1
  br label %loop

aborted:
  call void @note(ptr @s.abort, i64 %i64)
  br label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

define internal void @store_out(%yield %r, ptr %out) {
  %k = extractvalue %yield %r, 0
  %a = extractvalue %yield %r, 1
  %b = extractvalue %yield %r, 2
  %c = extractvalue %yield %r, 3
  %d = extractvalue %yield %r, 4, 0
  %e = extractvalue %yield %r, 4, 1
  %f = extractvalue %yield %r, 5
  %pk = getelementptr %out, ptr %out, i32 0, i32 0
  store ptr %k, ptr %pk
  %pa = getelementptr %out, ptr %out, i32 0, i32 1
  store i32 %a, ptr %pa
  %pb = getelementptr %out, ptr %out, i32 0, i32 2
  store i64 %b, ptr %pb
  %pc = getelementptr %out, ptr %out, i32 0, i32 3
  store double %c, ptr %pc
  %pd = getelementptr %out, ptr %out, i32 0, i32 4
  store i16 %d, ptr %pd
  %pe = getelementptr %out, ptr %out, i32 0, i32 5
  store i8 %e, ptr %pe
  %pf = getelementptr %out, ptr %out, i32 0, i32 6
  store ptr %f, ptr %pf
  ret void
}

define void @points_start(ptr %buffer, i32 %n, double %scale, ptr %out) {
  %r = call %yield @points(ptr %buffer, i32 %n, double %scale)
  call void @store_out(%yield %r, ptr %out)
  ret void
}

define void @points_next(ptr %k, ptr %buffer, i1 zeroext %abort, ptr %out) {
  %r = call %yield %k(ptr %buffer, i1 %abort)
  call void @store_out(%yield %r, ptr %out)
  ret void
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
