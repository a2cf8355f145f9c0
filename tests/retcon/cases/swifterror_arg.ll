; A coroutine's swifterror argument used across suspends, the way Swift's
; throwing coroutines use their error register. Whichever function of the
; split runs, a call taking the argument gets that function's slot; before
; each suspend and at the end the error value goes to the slot of whoever
; called the function now running, and after each suspend it is what the
; continuation's caller passed in its own swifterror parameter.
;
; - @squares (multi-suspend): for i in 0..<n, try @thrower(i), yields i*i;
;   a pending error is noted and cleared after the next resume; an abort
;   reports error 999.
; - @swap (yield-once accessor): may throw before yielding the cell's
;   address and, checking the value written there, after the resume; on
;   an error or an abort the old value is put back.
; - @countdown: a prototype without a swifterror parameter: each
;   continuation clears the error before using the argument (what it held
;   before the suspend is gone), and the ramp's caller gets the first
;   error.
; The C driver calls everything with __attribute__((swiftcall)), the error
; slot a swift_error_result parameter.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)
declare swiftcc void @thrower(i64, ptr swiftself, ptr swifterror)

@s.err = private unnamed_addr constant [4 x i8] c"err\00"
@s.cleared = private unnamed_addr constant [8 x i8] c"cleared\00"
@s.restored = private unnamed_addr constant [9 x i8] c"restored\00"
@s.count = private unnamed_addr constant [6 x i8] c"count\00"

declare swiftcc {ptr, i64} @squares_proto(ptr, i1, ptr swiftself, ptr swifterror)

define swiftcc {ptr, i64} @squares(ptr %buffer, i64 %n, ptr swiftself %ctx, ptr swifterror %err) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @squares_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %resume ]
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %end

body:
  call swiftcc void @thrower(i64 %i, ptr swiftself null, ptr swifterror %err)
  %e = load ptr, ptr %err
  %ei = ptrtoint ptr %e to i64
  call void @note(ptr @s.err, i64 %ei)
  %sq = mul i64 %i, %i
  %in = call {i1, ptr, ptr} (...) @llvm.coro.suspend.retcon.sl_i1p0p0s(i64 %sq)
  %abort = extractvalue {i1, ptr, ptr} %in, 0
  br i1 %abort, label %aborted, label %check

check:
  %pending = load ptr, ptr %err
  %has = icmp ne ptr %pending, null
  br i1 %has, label %clear, label %resume

clear:
  %pi = ptrtoint ptr %pending to i64
  call void @note(ptr @s.cleared, i64 %pi)
  store ptr null, ptr %err
  br label %resume

resume:
  %i1 = add i64 %i, 1
  br label %loop

aborted:
  store ptr inttoptr (i64 999 to ptr), ptr %err
  br label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare swiftcc void @swap_proto(ptr, i1, ptr swiftself, ptr swifterror)

define swiftcc {ptr, ptr} @swap(ptr %buffer, ptr %cell, ptr swiftself %ctx, ptr swifterror %err) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon.once(i32 16, i32 8, ptr %buffer, ptr @swap_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %old = load i64, ptr %cell
  call swiftcc void @thrower(i64 %old, ptr swiftself null, ptr swifterror %err)
  %in = call {i1, ptr, ptr} (...) @llvm.coro.suspend.retcon.sl_i1p0p0s(ptr %cell)
  %abort = extractvalue {i1, ptr, ptr} %in, 0
  br i1 %abort, label %restore, label %check

check:
  %new = load i64, ptr %cell
  call swiftcc void @thrower(i64 %new, ptr swiftself null, ptr swifterror %err)
  %e = load ptr, ptr %err
  %bad = icmp ne ptr %e, null
  br i1 %bad, label %restore, label %end

restore:
  store i64 %old, ptr %cell
  call void @note(ptr @s.restored, i64 %old)
  br label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare swiftcc {ptr, i64} @countdown_proto(ptr, i1)

define swiftcc {ptr, i64} @countdown(ptr %buffer, i64 %n, ptr swiftself %ctx, ptr swifterror %err) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @countdown_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop

loop:
  %i = phi i64 [ %n, %entry ], [ %i1, %again ]
  call swiftcc void @thrower(i64 %i, ptr swiftself null, ptr swifterror %err)
  %e = load ptr, ptr %err
  %ei = ptrtoint ptr %e to i64
  call void @note(ptr @s.count, i64 %ei)
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %i)
  br i1 %abort, label %end, label %again

again:
  store ptr null, ptr %err
  %i1 = sub i64 %i, 1
  %more = icmp sgt i64 %i1, 0
  br i1 %more, label %loop, label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare {i1, ptr, ptr} @llvm.coro.suspend.retcon.sl_i1p0p0s(...)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
