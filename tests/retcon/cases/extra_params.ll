; Continuations with parameters after the buffer: the values the caller
; passes on resume become the result of llvm.coro.suspend.retcon (one
; value directly, several as a struct).
; - accumulator: prototype {ptr, i64}(ptr, i64, i1); the suspend returns
;   {i64 addend, i1 stop}; yields the running total.
; - scaled: prototype {ptr, i64}(ptr, double); the suspend returns the
;   double itself (no flag at all); a negative factor finishes.
; - deliver_once (yield-once): prototype void(ptr, i32, ptr); the suspend
;   returns {i32 value, ptr out} and the continuation stores into *out.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

@s.stop = private unnamed_addr constant [5 x i8] c"stop\00"
@s.negative = private unnamed_addr constant [9 x i8] c"negative\00"
@s.deliver = private unnamed_addr constant [8 x i8] c"deliver\00"

define {ptr, i64} @acc_proto(ptr, i64, i1) {
  unreachable
}

define {ptr, i64} @scaled_proto(ptr, double) {
  unreachable
}

define void @deliver_proto(ptr, i32, ptr) {
  unreachable
}

define {ptr, i64} @accumulator(ptr %buffer, i64 %init) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @acc_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop

loop:
  %total = phi i64 [ %init, %entry ], [ %next, %add ]
  %in = call {i64, i1} (...) @llvm.coro.suspend.retcon.sl_i64i1s(i64 %total)
  %stop = extractvalue {i64, i1} %in, 1
  br i1 %stop, label %done, label %add

add:
  %addend = extractvalue {i64, i1} %in, 0
  %next = add i64 %total, %addend
  br label %loop

done:
  %last = extractvalue {i64, i1} %in, 0
  call void @note(ptr @s.stop, i64 %last)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

define {ptr, i64} @scaled(ptr %buffer, double %start) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @scaled_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop

loop:
  %x = phi double [ %start, %entry ], [ %y, %mul ]
  %xi = fptosi double %x to i64
  %factor = call double (...) @llvm.coro.suspend.retcon.f64(i64 %xi)
  %neg = fcmp olt double %factor, 0.0
  br i1 %neg, label %done, label %mul

mul:
  %y = fmul double %x, %factor
  br label %loop

done:
  %fi = fptosi double %factor to i64
  call void @note(ptr @s.negative, i64 %fi)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

define {ptr, i32} @deliver_once(ptr %buffer, i32 %bias) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon.once(i32 16, i32 8, ptr %buffer, ptr @deliver_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %in = call {i32, ptr} (...) @llvm.coro.suspend.retcon.sl_i32p0s(i32 %bias)
  %v = extractvalue {i32, ptr} %in, 0
  %out = extractvalue {i32, ptr} %in, 1
  %v3 = mul i32 %v, 3
  %r = add i32 %v3, %bias
  store i32 %r, ptr %out
  %r64 = sext i32 %r to i64
  call void @note(ptr @s.deliver, i64 %r64)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare {i64, i1} @llvm.coro.suspend.retcon.sl_i64i1s(...)
declare double @llvm.coro.suspend.retcon.f64(...)
declare {i32, ptr} @llvm.coro.suspend.retcon.sl_i32p0s(...)
declare void @llvm.coro.end(ptr, i1, token)
