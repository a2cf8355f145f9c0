; Swifterror allocas whose error value lives across suspends: what the
; alloca holds is kept in the frame, and each function of the split passes
; a swifterror slot of its own to the calls taking the alloca (the frame
; cannot hold a swifterror slot). Neither prototype has a swifterror
; parameter; the caller sees errors only through the yielded values.
;
; - @scan (multi-suspend): for i in 0..<n, try @thrower(i) into an error
;   that stays pending across suspends, yields it; every third resume
;   clears it. Two swifterror allocas: a second one collects, across
;   suspends, how many times the first was cleared.
; - @probe (yield-once): tries the value at the yielded address before and
;   after the resume into one error, returns the final error as result.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)
declare swiftcc void @thrower(i64, ptr swiftself, ptr swifterror)

@s.pending = private unnamed_addr constant [8 x i8] c"pending\00"
@s.clears = private unnamed_addr constant [7 x i8] c"clears\00"

declare swiftcc {ptr, i64} @scan_proto(ptr, i1)

define swiftcc {ptr, i64} @scan(ptr %buffer, i64 %n) presplitcoroutine {
entry:
  %err = alloca swifterror ptr, align 8
  %clears = alloca swifterror ptr, align 8
  store ptr null, ptr %err
  store ptr null, ptr %clears
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @scan_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %next ]
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %end

body:
  %before = load ptr, ptr %err
  %bi = ptrtoint ptr %before to i64
  call void @note(ptr @s.pending, i64 %bi)
  call swiftcc void @thrower(i64 %i, ptr swiftself null, ptr swifterror %err)
  %e = load ptr, ptr %err
  %ei = ptrtoint ptr %e to i64
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %ei)
  br i1 %abort, label %end, label %resumed

resumed:
  %r = urem i64 %i, 3
  %clear = icmp eq i64 %r, 2
  br i1 %clear, label %clearing, label %next

clearing:
  store ptr null, ptr %err
  %c = load ptr, ptr %clears
  %c1 = getelementptr i8, ptr %c, i64 3
  store ptr %c1, ptr %clears
  call swiftcc void @thrower(i64 %i, ptr swiftself null, ptr swifterror %clears)
  br label %next

next:
  %i1 = add i64 %i, 1
  br label %loop

end:
  %cs = load ptr, ptr %clears
  %csi = ptrtoint ptr %cs to i64
  call void @note(ptr @s.clears, i64 %csi)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare swiftcc i64 @probe_proto(ptr, i1)

define swiftcc {ptr, ptr} @probe(ptr %buffer, ptr %cell) presplitcoroutine {
entry:
  %err = alloca swifterror ptr, align 8
  store ptr null, ptr %err
  %id = call token @llvm.coro.id.retcon.once(i32 16, i32 8, ptr %buffer, ptr @probe_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %old = load i64, ptr %cell
  call swiftcc void @thrower(i64 %old, ptr swiftself null, ptr swifterror %err)
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %cell)
  br i1 %abort, label %end, label %check

check:
  %new = load i64, ptr %cell
  call swiftcc void @thrower(i64 %new, ptr swiftself null, ptr swifterror %err)
  br label %end

end:
  %e = load ptr, ptr %err
  %ei = ptrtoint ptr %e to i64
  %res = call token (...) @llvm.coro.end.results(i64 %ei)
  call void @llvm.coro.end(ptr %hdl, i1 false, token %res)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
declare token @llvm.coro.end.results(...)
