; Allocas aligned above the buffer's guarantee. vec8 keeps a 16-aligned
; alloca across suspends but its buffer only promises 8-byte alignment
; (the driver hands it an address that is 8 mod 16): the alloca must still
; be 16-aligned whenever the caller sees it, wherever the frame lives.
; vec16's buffer promises 16 and the frame fits: the alloca is inside the
; buffer and aligned. Only alignment, contents and heap balance are
; checked, not whether the frame was allocated.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)

define {ptr, ptr} @proto(ptr, i1) {
  unreachable
}

define {ptr, ptr} @vec8(ptr %buffer, i32 %seed) presplitcoroutine {
entry:
  %v = alloca <4 x i32>, align 16
  %id = call token @llvm.coro.id.retcon(i32 64, i32 8, ptr %buffer, ptr @proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %i0 = insertelement <4 x i32> poison, i32 %seed, i32 0
  %splat = shufflevector <4 x i32> %i0, <4 x i32> poison, <4 x i32> zeroinitializer
  %init = add <4 x i32> %splat, <i32 0, i32 1, i32 2, i32 3>
  store <4 x i32> %init, ptr %v, align 16
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %resume ]
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %v)
  br i1 %abort, label %end, label %resume

resume:
  %cur = load <4 x i32>, ptr %v, align 16
  %dbl = add <4 x i32> %cur, %cur
  store <4 x i32> %dbl, ptr %v, align 16
  %k1 = add i32 %k, 1
  %more = icmp slt i32 %k1, 3
  br i1 %more, label %loop, label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

define {ptr, ptr} @vec16(ptr %buffer, i32 %seed) presplitcoroutine {
entry:
  %v = alloca <4 x i32>, align 16
  %id = call token @llvm.coro.id.retcon(i32 64, i32 16, ptr %buffer, ptr @proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %i0 = insertelement <4 x i32> poison, i32 %seed, i32 0
  %splat = shufflevector <4 x i32> %i0, <4 x i32> poison, <4 x i32> zeroinitializer
  store <4 x i32> %splat, ptr %v, align 16
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %v)
  br i1 %abort, label %end, label %resume

resume:
  %cur = load <4 x i32>, ptr %v, align 16
  %neg = sub <4 x i32> zeroinitializer, %cur
  store <4 x i32> %neg, ptr %v, align 16
  %abort2 = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %v)
  br label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
