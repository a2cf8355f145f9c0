; Suspends inside nested loops: a generator of primes below %n by trial
; division. The inner loop suspends each time it finds a divisor (yielding
; the negated divisor, so the caller sees why a candidate is composite);
; the outer loop suspends at each prime. Values that live across both
; kinds of suspend: the candidate, the divisor, the count of primes.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

@s.count = private unnamed_addr constant [6 x i8] c"count\00"
@s.abort = private unnamed_addr constant [6 x i8] c"abort\00"

define {ptr, i64} @primes_proto(ptr, i1) {
  unreachable
}

define {ptr, i64} @primes(ptr %buffer, i64 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 32, i32 8, ptr %buffer, ptr @primes_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %outer

outer:
  %c = phi i64 [ 2, %entry ], [ %c1, %outer.next ]
  %count = phi i64 [ 0, %entry ], [ %count1, %outer.next ]
  %more = icmp ult i64 %c, %n
  br i1 %more, label %inner, label %done

inner:
  %d = phi i64 [ 2, %outer ], [ %d1, %inner.next ]
  %dd = mul i64 %d, %d
  %past = icmp ugt i64 %dd, %c
  br i1 %past, label %prime, label %test

test:
  %r = urem i64 %c, %d
  %divides = icmp eq i64 %r, 0
  br i1 %divides, label %composite, label %inner.next

composite:
  %negd = sub i64 0, %d
  %a1 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %negd)
  br i1 %a1, label %aborted, label %outer.next

inner.next:
  %d1 = add i64 %d, 1
  br label %inner

prime:
  %a2 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c)
  %countp = add i64 %count, 1
  br i1 %a2, label %aborted, label %outer.next

outer.next:
  %count1 = phi i64 [ %count, %composite ], [ %countp, %prime ]
  %c1 = add i64 %c, 1
  br label %outer

aborted:
  call void @note(ptr @s.abort, i64 %c)
  br label %end

done:
  call void @note(ptr @s.count, i64 %count)
  br label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
