; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Returned-continuation counterpart of many_states (tests/retcon): ten
; suspends of pure arithmetic, c_(k+1) = (c_k xor v_(k-3)) mod 2^48 with
; v_k = 31 c_k + k, each v used three suspends later. Every value derives
; from %seed, so, as LLVM does, each continuation recomputes the history
; it needs from %seed, the frame's one field: 8 bytes, which fit the
; caller's 16-byte buffer (no allocation). With chains bounded at four
; levels the frame kept c_k and three v's (40 bytes, allocated).
;
; CHECK-LABEL: define { ptr, i64 } @hist(ptr %buffer, i64 %seed) {
; CHECK: store i64 %seed, ptr %buffer
; CHECK-LABEL: define internal { ptr, i64 } @hist.resume.9(ptr noalias noundef nonnull align 8 dereferenceable(16) %buffer, i1 %0) {
; CHECK: load i64, ptr %buffer
; CHECK-COUNT-9: and i64 {{.*}}, 281474976710655
; CHECK: ret { ptr, i64 }
;
; GLOBAL-NOT: call ptr @alloc
; GLOBAL-NOT: call void @dealloc

declare ptr @alloc(i64)
declare void @dealloc(ptr)
declare void @note(i64)

define {ptr, i64} @proto(ptr, i1) {
  unreachable
}

define {ptr, i64} @hist(ptr %buffer, i64 %seed) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @proto, ptr @alloc, ptr @dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %c0 = add i64 %seed, 0
  br label %s0
s0:
  %m0 = mul i64 %c0, 31
  %v0 = add i64 %m0, 0
  %a0 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c0)
  br i1 %a0, label %abort, label %r0
r0:
  %x0 = xor i64 %c0, %v0
  %c1 = and i64 %x0, 281474976710655
  br label %s1
s1:
  %m1 = mul i64 %c1, 31
  %v1 = add i64 %m1, 1
  %a1 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c1)
  br i1 %a1, label %abort, label %r1
r1:
  %x1 = xor i64 %c1, %v1
  %c2 = and i64 %x1, 281474976710655
  br label %s2
s2:
  %m2 = mul i64 %c2, 31
  %v2 = add i64 %m2, 2
  %a2 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c2)
  br i1 %a2, label %abort, label %r2
r2:
  %x2 = xor i64 %c2, %v2
  %c3 = and i64 %x2, 281474976710655
  br label %s3
s3:
  %m3 = mul i64 %c3, 31
  %v3 = add i64 %m3, 3
  %a3 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c3)
  br i1 %a3, label %abort, label %r3
r3:
  %x3 = xor i64 %c3, %v0
  %c4 = and i64 %x3, 281474976710655
  br label %s4
s4:
  %m4 = mul i64 %c4, 31
  %v4 = add i64 %m4, 4
  %a4 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c4)
  br i1 %a4, label %abort, label %r4
r4:
  %x4 = xor i64 %c4, %v1
  %c5 = and i64 %x4, 281474976710655
  br label %s5
s5:
  %m5 = mul i64 %c5, 31
  %v5 = add i64 %m5, 5
  %a5 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c5)
  br i1 %a5, label %abort, label %r5
r5:
  %x5 = xor i64 %c5, %v2
  %c6 = and i64 %x5, 281474976710655
  br label %s6
s6:
  %m6 = mul i64 %c6, 31
  %v6 = add i64 %m6, 6
  %a6 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c6)
  br i1 %a6, label %abort, label %r6
r6:
  %x6 = xor i64 %c6, %v3
  %c7 = and i64 %x6, 281474976710655
  br label %s7
s7:
  %m7 = mul i64 %c7, 31
  %v7 = add i64 %m7, 7
  %a7 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c7)
  br i1 %a7, label %abort, label %r7
r7:
  %x7 = xor i64 %c7, %v4
  %c8 = and i64 %x7, 281474976710655
  br label %s8
s8:
  %m8 = mul i64 %c8, 31
  %v8 = add i64 %m8, 8
  %a8 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c8)
  br i1 %a8, label %abort, label %r8
r8:
  %x8 = xor i64 %c8, %v5
  %c9 = and i64 %x8, 281474976710655
  br label %s9
s9:
  %m9 = mul i64 %c9, 31
  %v9 = add i64 %m9, 9
  %a9 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c9)
  br i1 %a9, label %abort, label %r9
r9:
  %x9 = xor i64 %c9, %v6
  %c10 = and i64 %x9, 281474976710655
  br label %finish
abort:
  call void @note(i64 -1)
  br label %end
finish:
  call void @note(i64 %c10)
  br label %end
end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
