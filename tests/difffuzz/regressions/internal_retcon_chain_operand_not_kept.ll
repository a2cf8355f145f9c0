; internal_retcon_chain_operand_not_kept: corolower internal error on a valid yield-once coroutine
; (LLVM 22's passes lower it right; corolower before the shared recomputation
; planner, c28a8c8, does too).
; corolower: error: ...: in function 'c0': internal error: a value used after a suspend was not kept in the frame: i64 %a
;   at: %13 = add i64 %12, %a
; %pb1 = add %n, %a and the xor chain over it are recomputed after both
; suspends (one on each branch); %a crosses only the first suspend, and the
; copy made after the second one reads it where the frame does not hold it.
; Cause: recomputing %pb2 after the first suspend marked %pb1, kept for
; the second, as recomputed everywhere, with operands made available only
; across the first. Fixed: a chain recomputes an operand only when the
; operand crosses no suspend the chain's value does not (frame/remat_plan.c).
; Found by gen_retcon.py 6089 (run_diff.py --gen retcon --seeds 6000:6150 --modes O2),
; not reduced.
; check with: run_diff.py --lower CMD --files THIS_FILE --modes O2
; gen_retcon.py 6089 --size 6
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare void @trace(i32, i64)
declare i64 @mix(i64, i64)
declare ptr @fz_alloc(i64)
declare ptr @fz_alloc32(i32)
declare void @fz_dealloc(ptr)
declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
declare token @llvm.coro.end.results(...)
declare token @llvm.coro.alloca.alloc.i64(i64, i32)
declare ptr @llvm.coro.alloca.get(token)
declare void @llvm.coro.alloca.free(token)
declare i64 @llvm.coro.size.i64()
declare i64 @llvm.coro.align.i64()
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @llvm.lifetime.start.p0(ptr captures(none))
declare void @llvm.lifetime.end.p0(ptr captures(none))
declare void @touch(ptr, i32)

@fz_size_c0 = global i64 0, align 8
@fz_align_c0 = global i64 0, align 8
@fz_size_c1 = global i64 0, align 8
@fz_align_c1 = global i64 0, align 8

declare {i64, i32} @c0_proto(ptr, i1)
define {ptr, ptr} @c0(ptr %buffer, i64 %a, i64 %n) presplitcoroutine {
entry:
  %sl0 = alloca i64, align 8
  %sl1 = alloca i64, align 8
  %ar0 = alloca [2 x i64], align 16
  %ar1 = alloca [4 x i64], align 8
  %ib4 = alloca [64 x i8], align 16
  %io4 = alloca [16 x i64], align 8
  %pb1 = add i64 %n, %a
  %pb2 = xor i64 %n, %pb1
  %pb3 = xor i64 1, %pb2
  store i64 %a, ptr %sl0, align 8
  store i64 1001, ptr %sl1, align 8
  call void @llvm.memset.p0.i64(ptr align 8 %ar0, i8 17, i64 16, i1 false)
  call void @llvm.memset.p0.i64(ptr align 8 %ar1, i8 18, i64 32, i1 false)
  call void @touch(ptr %sl0, i32 2999)
  %id = call token @llvm.coro.id.retcon.once(i32 24, i32 16, ptr %buffer, ptr @c0_proto, ptr @fz_alloc, ptr @fz_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %fzsz = call i64 @llvm.coro.size.i64()
  %fzal = call i64 @llvm.coro.align.i64()
  store volatile i64 %fzsz, ptr @fz_size_c0, align 8
  store volatile i64 %fzal, ptr @fz_align_c0, align 8
  %w4 = icmp ult i64 123456789, 1000000
  %v5 = load i64, ptr %sl1, align 8
  %in4 = and i64 %pb3, 3
  %im4 = add i64 %in4, 1
  call void @c1_start(ptr %ib4, ptr %io4, i64 %a, i64 %im4)
  call void @trace(i32 3504, i64 1)
  %w6 = trunc i64 %pb3 to i8
  call void @trace(i32 101, i64 %v5)
  %w7 = icmp ult i64 %pb2, 1000000
  call void @c1_drain(ptr %ib4, ptr %io4, i32 0)
  call void @trace(i32 3604, i64 1)
  %ag8 = getelementptr inbounds [2 x i64], ptr %ar0, i64 0, i64 0
  store i64 255, ptr %ag8, align 8
  %c8.u = urem i64 %v5, 5
  %c8 = icmp eq i64 %c8.u, 0
  br i1 %c8, label %b1, label %b2
b1:
  %v9 = xor i64 %n, -5
  call void @trace(i32 102, i64 %n)
  %r11 = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %sl0)
  br i1 %r11, label %abrt11, label %b4
b4:
  %v10 = add i64 %n, %a
  br label %b3
b2:
  %v11 = sub i64 %pb2, %pb2
  call void @trace(i32 104, i64 %pb1)
  %r13 = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %sl0)
  br i1 %r13, label %abrt13, label %b5
b5:
  %v12 = mul i64 %pb1, 123456789
  br label %b3
b3:
  %v13 = phi i64 [ %v10, %b4 ], [ %v12, %b5 ]
  br label %end
abrt11:
  call void @trace(i32 103, i64 %pb2)
  %abrt11.ld = load i64, ptr %sl0, align 8
  call void @trace(i32 5103, i64 %abrt11.ld)
  br label %end
abrt13:
  call void @trace(i32 105, i64 %v5)
  %abrt13.ld = load i64, ptr %sl1, align 8
  call void @trace(i32 5105, i64 %abrt13.ld)
  br label %end
end:
  %res0 = phi i64 [ %pb3, %b3 ], [ %a, %abrt11 ], [ 7, %abrt13 ]
  %res1 = phi i32 [ 100000, %b3 ], [ 100000, %abrt11 ], [ 1, %abrt13 ]
  %endres = call token (...) @llvm.coro.end.results(i64 %res0, i32 %res1)
  call void @llvm.coro.end(ptr %hdl, i1 false, token %endres)
  unreachable
}

define void @c0_start(ptr %buf, ptr %out, i64 %a, i64 %n) {
  %r = call {ptr, ptr} @c0(ptr %buf, i64 %a, i64 %n)
  %kk = extractvalue {ptr, ptr} %r, 0
  store ptr %kk, ptr %out, align 8
  %e0 = extractvalue {ptr, ptr} %r, 1
  %e0.w = ptrtoint ptr %e0 to i64
  %s1 = getelementptr inbounds i64, ptr %out, i64 1
  store i64 %e0.w, ptr %s1, align 8
  ret void
}
define void @c0_next(ptr %k, ptr %buf, ptr %out, i32 %ab, i64 %x0, i64 %x1) {
  %abf = icmp ne i32 %ab, 0
  %r = call {i64, i32} %k(ptr %buf, i1 %abf)
  %ra = extractvalue {i64, i32} %r, 0
  %rb = extractvalue {i64, i32} %r, 1
  %rc = sext i32 %rb to i64
  store i64 %ra, ptr %out, align 8
  %o1 = getelementptr inbounds i64, ptr %out, i64 1
  store i64 %rc, ptr %o1, align 8
  ret void
}
define void @c0_drain(ptr %buf, ptr %out, i32 %ab) {
entry:
  %k0 = load ptr, ptr %out, align 8
  call void @c0_next(ptr %k0, ptr %buf, ptr %out, i32 %ab, i64 5, i64 6)
  ret void
}

declare i64 @c1_proto(ptr)
define ptr @c1(ptr %buffer, i64 %a, i64 %n) presplitcoroutine {
entry:
  %sl0 = alloca i64, align 8
  %sl1 = alloca i64, align 8
  %sl2 = alloca i64, align 8
  %ar0 = alloca [24 x i64], align 8
  %pb1 = add i64 %n, %n
  %pb2 = add i64 0, %pb1
  %id = call token @llvm.coro.id.retcon.once(i32 64, i32 16, ptr %buffer, ptr @c1_proto, ptr @fz_alloc, ptr @fz_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %fzsz = call i64 @llvm.coro.size.i64()
  %fzal = call i64 @llvm.coro.align.i64()
  store volatile i64 %fzsz, ptr @fz_size_c1, align 8
  store volatile i64 %fzal, ptr @fz_align_c1, align 8
  store i64 %a, ptr %sl0, align 8
  store i64 1001, ptr %sl1, align 8
  store i64 1002, ptr %sl2, align 8
  call void @llvm.memset.p0.i64(ptr align 8 %ar0, i8 17, i64 192, i1 false)
  %v3 = add i64 %pb2, 1
  %v4 = load i64, ptr %sl1, align 8
  %db17 = shl i64 %n, 3
  %tk17 = call token @llvm.coro.alloca.alloc.i64(i64 %db17, i32 16)
  %dp17 = call ptr @llvm.coro.alloca.get(token %tk17)
  store i64 65537, ptr %dp17, align 8
  %dl17 = add i64 %n, -1
  %dg17 = getelementptr inbounds i64, ptr %dp17, i64 %dl17
  store i64 %v3, ptr %dg17, align 8
  %v5 = add i64 %a, %v4
  %w6.t = trunc i64 %v3 to i8
  %w6.u = insertvalue {i8, i128} poison, i8 %w6.t, 0
  %w6.w = zext i64 %v3 to i128
  %w6.x = shl i128 %w6.w, 3
  %w6 = insertvalue {i8, i128} %w6.u, i128 %w6.x, 1
  %dr7 = load i64, ptr %dp17, align 8
  %dh17 = getelementptr inbounds i64, ptr %dp17, i64 %dl17
  %dr8 = load i64, ptr %dh17, align 8
  call void @llvm.coro.alloca.free(token %tk17)
  call void @trace(i32 106, i64 %dr8)
  %db22 = shl i64 %n, 3
  %tk22 = call token @llvm.coro.alloca.alloc.i64(i64 %db22, i32 16)
  %dp22 = call ptr @llvm.coro.alloca.get(token %tk22)
  store i64 %pb2, ptr %dp22, align 8
  %dl22 = add i64 %n, -1
  %dg22 = getelementptr inbounds i64, ptr %dp22, i64 %dl22
  store i64 %v4, ptr %dg22, align 8
  call void @trace(i32 107, i64 %v4)
  call void (...) @llvm.coro.suspend.retcon.isVoid()
  %dr10 = load i64, ptr %dp22, align 8
  %dh22 = getelementptr inbounds i64, ptr %dp22, i64 %dl22
  %dr11 = load i64, ptr %dh22, align 8
  call void @llvm.coro.alloca.free(token %tk22)
  %w12 = icmp ult i64 %a, 1000000
  br label %end
end:
  %res0 = phi i64 [ %pb2, %entry ]
  %endres = call token (...) @llvm.coro.end.results(i64 %res0)
  call void @llvm.coro.end(ptr %hdl, i1 false, token %endres)
  unreachable
}

define void @c1_start(ptr %buf, ptr %out, i64 %a, i64 %n) {
  %r = call ptr @c1(ptr %buf, i64 %a, i64 %n)
  store ptr %r, ptr %out, align 8
  ret void
}
define void @c1_next(ptr %k, ptr %buf, ptr %out, i32 %ab, i64 %x0, i64 %x1) {
  %r = call i64 %k(ptr %buf)
  store i64 %r, ptr %out, align 8
  ret void
}
define void @c1_drain(ptr %buf, ptr %out, i32 %ab) {
entry:
  %k0 = load ptr, ptr %out, align 8
  call void @c1_next(ptr %k0, ptr %buf, ptr %out, i32 %ab, i64 5, i64 6)
  ret void
}

