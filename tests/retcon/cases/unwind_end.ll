; Unwinding out of a retcon coroutine through an unwind coro.end. Each
; step invokes may_throw (a C++ function in the driver that throws when
; asked); the landing pad is a cleanup that notes the step, marks the
; unwind coro.end and resumes unwinding to the C++ caller, which catches.
; guarded has a frame too large for its 16-byte buffer (a 256-byte array
; lives across suspends): unwinding out of a continuation must free it
; exactly once, and so must unwinding out of the ramp (step 0). The frame
; of guarded_small fits its buffer; it also throws from the ramp.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)
declare void @note2(ptr, i64, i64)
declare void @may_throw(i32 signext, i32 signext)
declare i32 @__gxx_personality_v0(...)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

@s.unwind = private unnamed_addr constant [7 x i8] c"unwind\00"
@s.done = private unnamed_addr constant [5 x i8] c"done\00"
@s.abort = private unnamed_addr constant [6 x i8] c"abort\00"

; The prototype is only declared: an empty `unreachable` body compiles to
; a zero-sized function at the same address as the next one, and with lld
; its unwind entry can shadow that function's, so the unwinder finds no
; handler for the ramp (std::terminate).
declare {ptr, i64} @proto(ptr, i1)

define {ptr, i64} @guarded(ptr %buffer, i32 %throw_at) presplitcoroutine personality ptr @__gxx_personality_v0 {
entry:
  %acc = alloca [32 x i64], align 8
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  call void @llvm.memset.p0.i64(ptr %acc, i8 0, i64 256, i1 false)
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %resume ]
  %more = icmp slt i32 %k, 4
  br i1 %more, label %step, label %done

step:
  invoke void @may_throw(i32 %k, i32 %throw_at)
          to label %stepped unwind label %lp

stepped:
  %slot = getelementptr [32 x i64], ptr %acc, i32 0, i32 %k
  %k64 = sext i32 %k to i64
  %sq = mul i64 %k64, %k64
  store i64 %sq, ptr %slot
  %last = getelementptr [32 x i64], ptr %acc, i32 0, i32 31
  %lv = load i64, ptr %last
  %lv1 = add i64 %lv, %sq
  store i64 %lv1, ptr %last
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %lv1)
  br i1 %abort, label %aborted, label %resume

resume:
  %k1 = add i32 %k, 1
  br label %loop

aborted:
  call void @note(ptr @s.abort, i64 0)
  br label %end

done:
  %lastd = getelementptr [32 x i64], ptr %acc, i32 0, i32 31
  %total = load i64, ptr %lastd
  call void @note(ptr @s.done, i64 %total)
  br label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable

lp:
  %ex = landingpad { ptr, i32 }
          cleanup
  %kk = sext i32 %k to i64
  %tp = getelementptr [32 x i64], ptr %acc, i32 0, i32 31
  %tv = load i64, ptr %tp
  call void @note2(ptr @s.unwind, i64 %kk, i64 %tv)
  call void @llvm.coro.end(ptr %hdl, i1 true, token none)
  resume { ptr, i32 } %ex
}

define {ptr, i64} @guarded_small(ptr %buffer, i32 %throw_at) presplitcoroutine personality ptr @__gxx_personality_v0 {
entry:
  %id = call token @llvm.coro.id.retcon(i32 32, i32 8, ptr %buffer, ptr @proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %resume ]
  %sum = phi i64 [ 0, %entry ], [ %sum1, %resume ]
  %more = icmp slt i32 %k, 3
  br i1 %more, label %step, label %done

step:
  invoke void @may_throw(i32 %k, i32 %throw_at)
          to label %stepped unwind label %lp

stepped:
  %k64 = sext i32 %k to i64
  %sum1 = add i64 %sum, %k64
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %sum1)
  br i1 %abort, label %end, label %resume

resume:
  %k1 = add i32 %k, 1
  br label %loop

done:
  call void @note(ptr @s.done, i64 %sum)
  br label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable

lp:
  %ex = landingpad { ptr, i32 }
          cleanup
  %kk = sext i32 %k to i64
  call void @note2(ptr @s.unwind, i64 %kk, i64 %sum)
  call void @llvm.coro.end(ptr %hdl, i1 true, token none)
  resume { ptr, i32 } %ex
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
