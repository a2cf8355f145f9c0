; Throughput benchmark: a returned-continuation generator of N xorshift64*
; values (the work of bench/throughput/generator_sm.c), as a front end
; would emit it. Lowered by LLVM's passes or by corolower, then compiled
; with the driver xorshift_driver.c; xorshift_iter.c is the same work
; written by hand as a C iterator. The frame (x, i, n) fits the buffer.

define {ptr, i64} @xs_proto(ptr, i1) {
  unreachable
}

define {ptr, i64} @xorshift(ptr %buffer, i64 %seed, i64 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 32, i32 8, ptr %buffer, ptr @xs_proto, ptr @malloc, ptr @free)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %x0 = or i64 %seed, 1
  br label %loop

loop:
  %x = phi i64 [ %x0, %entry ], [ %x3, %resume ]
  %i = phi i64 [ 0, %entry ], [ %i1, %resume ]
  %more = icmp ult i64 %i, %n
  br i1 %more, label %step, label %done

step:
  %s1 = lshr i64 %x, 12
  %x1 = xor i64 %x, %s1
  %s2 = shl i64 %x1, 25
  %x2 = xor i64 %x1, %s2
  %s3 = lshr i64 %x2, 27
  %x3 = xor i64 %x2, %s3
  %v = mul i64 %x3, 2685821657736338717
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %v)
  br i1 %abort, label %done, label %resume

resume:
  %i1 = add i64 %i, 1
  br label %loop

done:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare ptr @malloc(i64)
declare void @free(ptr)
declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
