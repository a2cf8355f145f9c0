; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; A running hash a_k = a_(k-1) * 31 + (v_k xor 5) over twelve suspends
; (issue 14/15: many(int)'s `acc = acc * 31 + v`): every v_k stays live to
; the end and %base is used there too, so the frame holds them anyway; each
; a_k, live across one suspend, is recomputed after it from %base and the
; v's through a chain as long as the history (up to 36 instructions), not
; kept in a slot. The planner's bound is a budget of copies, not a depth:
; with a depth of four the hash took 8 bytes more than LLVM's 120.
; Frame: resume, destroy, %base, v1..v11 (8 each), index: 16+96+1 -> 120.
; CHECK-LABEL: define ptr @hash(i64 %base) {
; CHECK: call ptr @malloc(i64 120)
; CHECK-LABEL: define internal fastcc void @hash.resume(
; CHECK-COUNT-11: mul i64 {{.*}}, 31
; GLOBAL-NOT: store i64 %a{{[0-9]+}}, ptr
; GLOBAL-NOT: store i64 %m{{[0-9]+}}, ptr

declare ptr @malloc(i64)
declare void @free(ptr)
declare void @use(i64)
declare i64 @next(i64)

define ptr @hash(i64 %base) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call noalias ptr @llvm.coro.begin(token %id, ptr %mem)
  %a0 = mul i64 %base, 7
  br label %s1
s1:
  %x1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %x1, label %ret [ i8 0, label %r1
                               i8 1, label %cleanup ]
r1:
  %v1 = call i64 @next(i64 1)
  %w1 = xor i64 %v1, 5
  %m1 = mul i64 %a0, 31
  %a1 = add i64 %m1, %w1
  br label %s2
s2:
  %x2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %x2, label %ret [ i8 0, label %r2
                               i8 1, label %cleanup ]
r2:
  %v2 = call i64 @next(i64 2)
  %w2 = xor i64 %v2, 5
  %m2 = mul i64 %a1, 31
  %a2 = add i64 %m2, %w2
  br label %s3
s3:
  %x3 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %x3, label %ret [ i8 0, label %r3
                               i8 1, label %cleanup ]
r3:
  %v3 = call i64 @next(i64 3)
  %w3 = xor i64 %v3, 5
  %m3 = mul i64 %a2, 31
  %a3 = add i64 %m3, %w3
  br label %s4
s4:
  %x4 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %x4, label %ret [ i8 0, label %r4
                               i8 1, label %cleanup ]
r4:
  %v4 = call i64 @next(i64 4)
  %w4 = xor i64 %v4, 5
  %m4 = mul i64 %a3, 31
  %a4 = add i64 %m4, %w4
  br label %s5
s5:
  %x5 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %x5, label %ret [ i8 0, label %r5
                               i8 1, label %cleanup ]
r5:
  %v5 = call i64 @next(i64 5)
  %w5 = xor i64 %v5, 5
  %m5 = mul i64 %a4, 31
  %a5 = add i64 %m5, %w5
  br label %s6
s6:
  %x6 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %x6, label %ret [ i8 0, label %r6
                               i8 1, label %cleanup ]
r6:
  %v6 = call i64 @next(i64 6)
  %w6 = xor i64 %v6, 5
  %m6 = mul i64 %a5, 31
  %a6 = add i64 %m6, %w6
  br label %s7
s7:
  %x7 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %x7, label %ret [ i8 0, label %r7
                               i8 1, label %cleanup ]
r7:
  %v7 = call i64 @next(i64 7)
  %w7 = xor i64 %v7, 5
  %m7 = mul i64 %a6, 31
  %a7 = add i64 %m7, %w7
  br label %s8
s8:
  %x8 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %x8, label %ret [ i8 0, label %r8
                               i8 1, label %cleanup ]
r8:
  %v8 = call i64 @next(i64 8)
  %w8 = xor i64 %v8, 5
  %m8 = mul i64 %a7, 31
  %a8 = add i64 %m8, %w8
  br label %s9
s9:
  %x9 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %x9, label %ret [ i8 0, label %r9
                               i8 1, label %cleanup ]
r9:
  %v9 = call i64 @next(i64 9)
  %w9 = xor i64 %v9, 5
  %m9 = mul i64 %a8, 31
  %a9 = add i64 %m9, %w9
  br label %s10
s10:
  %x10 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %x10, label %ret [ i8 0, label %r10
                               i8 1, label %cleanup ]
r10:
  %v10 = call i64 @next(i64 10)
  %w10 = xor i64 %v10, 5
  %m10 = mul i64 %a9, 31
  %a10 = add i64 %m10, %w10
  br label %s11
s11:
  %x11 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %x11, label %ret [ i8 0, label %r11
                               i8 1, label %cleanup ]
r11:
  %v11 = call i64 @next(i64 11)
  %w11 = xor i64 %v11, 5
  %m11 = mul i64 %a10, 31
  %a11 = add i64 %m11, %w11
  br label %s12
s12:
  %x12 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %x12, label %ret [ i8 0, label %r12
                               i8 1, label %cleanup ]
r12:
  %v12 = call i64 @next(i64 12)
  %w12 = xor i64 %v12, 5
  %m12 = mul i64 %a11, 31
  %a12 = add i64 %m12, %w12
  br label %done
done:
  call void @use(i64 %a12)
  call void @use(i64 %base)
  %t1 = add i64 0, %w1
  %t2 = add i64 %t1, %w2
  %t3 = add i64 %t2, %w3
  %t4 = add i64 %t3, %w4
  %t5 = add i64 %t4, %w5
  %t6 = add i64 %t5, %w6
  %t7 = add i64 %t6, %w7
  %t8 = add i64 %t7, %w8
  %t9 = add i64 %t8, %w9
  %t10 = add i64 %t9, %w10
  %t11 = add i64 %t10, %w11
  %t12 = add i64 %t11, %w12
  call void @use(i64 %t12)
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %f)
  br label %ret
ret:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
