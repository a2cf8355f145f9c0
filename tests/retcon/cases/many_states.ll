; Many suspends: 120 distinct suspend points in straight-line code (no
; loop), generated. Suspend k yields a running checksum; each value v_k
; computed before suspend k is used again three suspends later, so every
; suspend has three values live across it, all different ones: the frame
; stays small (values shared storage in turn) although 120 values cross
; suspends. The driver resumes to completion, and aborts one instance at
; suspend 77 (the abort path reports the last checksum).
; (Written by a short script: suspend k yields c_k; v_k = 31 c_k + k;
; c_(k+1) = (c_k xor v_(k-3)) mod 2^48, with v_k itself for k < 3.)

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

@s.sum = private unnamed_addr constant [4 x i8] c"sum\00"
@s.abort = private unnamed_addr constant [6 x i8] c"abort\00"

define {ptr, i64} @chain_proto(ptr, i1) {
  unreachable
}

define {ptr, i64} @chain(ptr %buffer, i64 %seed) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 32, i32 8, ptr %buffer, ptr @chain_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %c0 = add i64 %seed, 0
  br label %s0
s0:
  %m0 = mul i64 %c0, 31
  %v0 = add i64 %m0, 0
  %a0 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c0)
  br i1 %a0, label %abort0, label %r0
r0:
  %x0 = xor i64 %c0, %v0
  %c1 = and i64 %x0, 281474976710655
  br label %s1
abort0:
  call void @note(ptr @s.abort, i64 %c0)
  br label %end
s1:
  %m1 = mul i64 %c1, 31
  %v1 = add i64 %m1, 1
  %a1 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c1)
  br i1 %a1, label %abort1, label %r1
r1:
  %x1 = xor i64 %c1, %v1
  %c2 = and i64 %x1, 281474976710655
  br label %s2
abort1:
  call void @note(ptr @s.abort, i64 %c1)
  br label %end
s2:
  %m2 = mul i64 %c2, 31
  %v2 = add i64 %m2, 2
  %a2 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c2)
  br i1 %a2, label %abort2, label %r2
r2:
  %x2 = xor i64 %c2, %v2
  %c3 = and i64 %x2, 281474976710655
  br label %s3
abort2:
  call void @note(ptr @s.abort, i64 %c2)
  br label %end
s3:
  %m3 = mul i64 %c3, 31
  %v3 = add i64 %m3, 3
  %a3 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c3)
  br i1 %a3, label %abort3, label %r3
r3:
  %x3 = xor i64 %c3, %v0
  %c4 = and i64 %x3, 281474976710655
  br label %s4
abort3:
  call void @note(ptr @s.abort, i64 %c3)
  br label %end
s4:
  %m4 = mul i64 %c4, 31
  %v4 = add i64 %m4, 4
  %a4 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c4)
  br i1 %a4, label %abort4, label %r4
r4:
  %x4 = xor i64 %c4, %v1
  %c5 = and i64 %x4, 281474976710655
  br label %s5
abort4:
  call void @note(ptr @s.abort, i64 %c4)
  br label %end
s5:
  %m5 = mul i64 %c5, 31
  %v5 = add i64 %m5, 5
  %a5 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c5)
  br i1 %a5, label %abort5, label %r5
r5:
  %x5 = xor i64 %c5, %v2
  %c6 = and i64 %x5, 281474976710655
  br label %s6
abort5:
  call void @note(ptr @s.abort, i64 %c5)
  br label %end
s6:
  %m6 = mul i64 %c6, 31
  %v6 = add i64 %m6, 6
  %a6 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c6)
  br i1 %a6, label %abort6, label %r6
r6:
  %x6 = xor i64 %c6, %v3
  %c7 = and i64 %x6, 281474976710655
  br label %s7
abort6:
  call void @note(ptr @s.abort, i64 %c6)
  br label %end
s7:
  %m7 = mul i64 %c7, 31
  %v7 = add i64 %m7, 7
  %a7 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c7)
  br i1 %a7, label %abort7, label %r7
r7:
  %x7 = xor i64 %c7, %v4
  %c8 = and i64 %x7, 281474976710655
  br label %s8
abort7:
  call void @note(ptr @s.abort, i64 %c7)
  br label %end
s8:
  %m8 = mul i64 %c8, 31
  %v8 = add i64 %m8, 8
  %a8 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c8)
  br i1 %a8, label %abort8, label %r8
r8:
  %x8 = xor i64 %c8, %v5
  %c9 = and i64 %x8, 281474976710655
  br label %s9
abort8:
  call void @note(ptr @s.abort, i64 %c8)
  br label %end
s9:
  %m9 = mul i64 %c9, 31
  %v9 = add i64 %m9, 9
  %a9 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c9)
  br i1 %a9, label %abort9, label %r9
r9:
  %x9 = xor i64 %c9, %v6
  %c10 = and i64 %x9, 281474976710655
  br label %s10
abort9:
  call void @note(ptr @s.abort, i64 %c9)
  br label %end
s10:
  %m10 = mul i64 %c10, 31
  %v10 = add i64 %m10, 10
  %a10 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c10)
  br i1 %a10, label %abort10, label %r10
r10:
  %x10 = xor i64 %c10, %v7
  %c11 = and i64 %x10, 281474976710655
  br label %s11
abort10:
  call void @note(ptr @s.abort, i64 %c10)
  br label %end
s11:
  %m11 = mul i64 %c11, 31
  %v11 = add i64 %m11, 11
  %a11 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c11)
  br i1 %a11, label %abort11, label %r11
r11:
  %x11 = xor i64 %c11, %v8
  %c12 = and i64 %x11, 281474976710655
  br label %s12
abort11:
  call void @note(ptr @s.abort, i64 %c11)
  br label %end
s12:
  %m12 = mul i64 %c12, 31
  %v12 = add i64 %m12, 12
  %a12 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c12)
  br i1 %a12, label %abort12, label %r12
r12:
  %x12 = xor i64 %c12, %v9
  %c13 = and i64 %x12, 281474976710655
  br label %s13
abort12:
  call void @note(ptr @s.abort, i64 %c12)
  br label %end
s13:
  %m13 = mul i64 %c13, 31
  %v13 = add i64 %m13, 13
  %a13 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c13)
  br i1 %a13, label %abort13, label %r13
r13:
  %x13 = xor i64 %c13, %v10
  %c14 = and i64 %x13, 281474976710655
  br label %s14
abort13:
  call void @note(ptr @s.abort, i64 %c13)
  br label %end
s14:
  %m14 = mul i64 %c14, 31
  %v14 = add i64 %m14, 14
  %a14 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c14)
  br i1 %a14, label %abort14, label %r14
r14:
  %x14 = xor i64 %c14, %v11
  %c15 = and i64 %x14, 281474976710655
  br label %s15
abort14:
  call void @note(ptr @s.abort, i64 %c14)
  br label %end
s15:
  %m15 = mul i64 %c15, 31
  %v15 = add i64 %m15, 15
  %a15 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c15)
  br i1 %a15, label %abort15, label %r15
r15:
  %x15 = xor i64 %c15, %v12
  %c16 = and i64 %x15, 281474976710655
  br label %s16
abort15:
  call void @note(ptr @s.abort, i64 %c15)
  br label %end
s16:
  %m16 = mul i64 %c16, 31
  %v16 = add i64 %m16, 16
  %a16 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c16)
  br i1 %a16, label %abort16, label %r16
r16:
  %x16 = xor i64 %c16, %v13
  %c17 = and i64 %x16, 281474976710655
  br label %s17
abort16:
  call void @note(ptr @s.abort, i64 %c16)
  br label %end
s17:
  %m17 = mul i64 %c17, 31
  %v17 = add i64 %m17, 17
  %a17 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c17)
  br i1 %a17, label %abort17, label %r17
r17:
  %x17 = xor i64 %c17, %v14
  %c18 = and i64 %x17, 281474976710655
  br label %s18
abort17:
  call void @note(ptr @s.abort, i64 %c17)
  br label %end
s18:
  %m18 = mul i64 %c18, 31
  %v18 = add i64 %m18, 18
  %a18 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c18)
  br i1 %a18, label %abort18, label %r18
r18:
  %x18 = xor i64 %c18, %v15
  %c19 = and i64 %x18, 281474976710655
  br label %s19
abort18:
  call void @note(ptr @s.abort, i64 %c18)
  br label %end
s19:
  %m19 = mul i64 %c19, 31
  %v19 = add i64 %m19, 19
  %a19 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c19)
  br i1 %a19, label %abort19, label %r19
r19:
  %x19 = xor i64 %c19, %v16
  %c20 = and i64 %x19, 281474976710655
  br label %s20
abort19:
  call void @note(ptr @s.abort, i64 %c19)
  br label %end
s20:
  %m20 = mul i64 %c20, 31
  %v20 = add i64 %m20, 20
  %a20 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c20)
  br i1 %a20, label %abort20, label %r20
r20:
  %x20 = xor i64 %c20, %v17
  %c21 = and i64 %x20, 281474976710655
  br label %s21
abort20:
  call void @note(ptr @s.abort, i64 %c20)
  br label %end
s21:
  %m21 = mul i64 %c21, 31
  %v21 = add i64 %m21, 21
  %a21 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c21)
  br i1 %a21, label %abort21, label %r21
r21:
  %x21 = xor i64 %c21, %v18
  %c22 = and i64 %x21, 281474976710655
  br label %s22
abort21:
  call void @note(ptr @s.abort, i64 %c21)
  br label %end
s22:
  %m22 = mul i64 %c22, 31
  %v22 = add i64 %m22, 22
  %a22 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c22)
  br i1 %a22, label %abort22, label %r22
r22:
  %x22 = xor i64 %c22, %v19
  %c23 = and i64 %x22, 281474976710655
  br label %s23
abort22:
  call void @note(ptr @s.abort, i64 %c22)
  br label %end
s23:
  %m23 = mul i64 %c23, 31
  %v23 = add i64 %m23, 23
  %a23 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c23)
  br i1 %a23, label %abort23, label %r23
r23:
  %x23 = xor i64 %c23, %v20
  %c24 = and i64 %x23, 281474976710655
  br label %s24
abort23:
  call void @note(ptr @s.abort, i64 %c23)
  br label %end
s24:
  %m24 = mul i64 %c24, 31
  %v24 = add i64 %m24, 24
  %a24 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c24)
  br i1 %a24, label %abort24, label %r24
r24:
  %x24 = xor i64 %c24, %v21
  %c25 = and i64 %x24, 281474976710655
  br label %s25
abort24:
  call void @note(ptr @s.abort, i64 %c24)
  br label %end
s25:
  %m25 = mul i64 %c25, 31
  %v25 = add i64 %m25, 25
  %a25 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c25)
  br i1 %a25, label %abort25, label %r25
r25:
  %x25 = xor i64 %c25, %v22
  %c26 = and i64 %x25, 281474976710655
  br label %s26
abort25:
  call void @note(ptr @s.abort, i64 %c25)
  br label %end
s26:
  %m26 = mul i64 %c26, 31
  %v26 = add i64 %m26, 26
  %a26 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c26)
  br i1 %a26, label %abort26, label %r26
r26:
  %x26 = xor i64 %c26, %v23
  %c27 = and i64 %x26, 281474976710655
  br label %s27
abort26:
  call void @note(ptr @s.abort, i64 %c26)
  br label %end
s27:
  %m27 = mul i64 %c27, 31
  %v27 = add i64 %m27, 27
  %a27 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c27)
  br i1 %a27, label %abort27, label %r27
r27:
  %x27 = xor i64 %c27, %v24
  %c28 = and i64 %x27, 281474976710655
  br label %s28
abort27:
  call void @note(ptr @s.abort, i64 %c27)
  br label %end
s28:
  %m28 = mul i64 %c28, 31
  %v28 = add i64 %m28, 28
  %a28 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c28)
  br i1 %a28, label %abort28, label %r28
r28:
  %x28 = xor i64 %c28, %v25
  %c29 = and i64 %x28, 281474976710655
  br label %s29
abort28:
  call void @note(ptr @s.abort, i64 %c28)
  br label %end
s29:
  %m29 = mul i64 %c29, 31
  %v29 = add i64 %m29, 29
  %a29 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c29)
  br i1 %a29, label %abort29, label %r29
r29:
  %x29 = xor i64 %c29, %v26
  %c30 = and i64 %x29, 281474976710655
  br label %s30
abort29:
  call void @note(ptr @s.abort, i64 %c29)
  br label %end
s30:
  %m30 = mul i64 %c30, 31
  %v30 = add i64 %m30, 30
  %a30 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c30)
  br i1 %a30, label %abort30, label %r30
r30:
  %x30 = xor i64 %c30, %v27
  %c31 = and i64 %x30, 281474976710655
  br label %s31
abort30:
  call void @note(ptr @s.abort, i64 %c30)
  br label %end
s31:
  %m31 = mul i64 %c31, 31
  %v31 = add i64 %m31, 31
  %a31 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c31)
  br i1 %a31, label %abort31, label %r31
r31:
  %x31 = xor i64 %c31, %v28
  %c32 = and i64 %x31, 281474976710655
  br label %s32
abort31:
  call void @note(ptr @s.abort, i64 %c31)
  br label %end
s32:
  %m32 = mul i64 %c32, 31
  %v32 = add i64 %m32, 32
  %a32 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c32)
  br i1 %a32, label %abort32, label %r32
r32:
  %x32 = xor i64 %c32, %v29
  %c33 = and i64 %x32, 281474976710655
  br label %s33
abort32:
  call void @note(ptr @s.abort, i64 %c32)
  br label %end
s33:
  %m33 = mul i64 %c33, 31
  %v33 = add i64 %m33, 33
  %a33 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c33)
  br i1 %a33, label %abort33, label %r33
r33:
  %x33 = xor i64 %c33, %v30
  %c34 = and i64 %x33, 281474976710655
  br label %s34
abort33:
  call void @note(ptr @s.abort, i64 %c33)
  br label %end
s34:
  %m34 = mul i64 %c34, 31
  %v34 = add i64 %m34, 34
  %a34 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c34)
  br i1 %a34, label %abort34, label %r34
r34:
  %x34 = xor i64 %c34, %v31
  %c35 = and i64 %x34, 281474976710655
  br label %s35
abort34:
  call void @note(ptr @s.abort, i64 %c34)
  br label %end
s35:
  %m35 = mul i64 %c35, 31
  %v35 = add i64 %m35, 35
  %a35 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c35)
  br i1 %a35, label %abort35, label %r35
r35:
  %x35 = xor i64 %c35, %v32
  %c36 = and i64 %x35, 281474976710655
  br label %s36
abort35:
  call void @note(ptr @s.abort, i64 %c35)
  br label %end
s36:
  %m36 = mul i64 %c36, 31
  %v36 = add i64 %m36, 36
  %a36 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c36)
  br i1 %a36, label %abort36, label %r36
r36:
  %x36 = xor i64 %c36, %v33
  %c37 = and i64 %x36, 281474976710655
  br label %s37
abort36:
  call void @note(ptr @s.abort, i64 %c36)
  br label %end
s37:
  %m37 = mul i64 %c37, 31
  %v37 = add i64 %m37, 37
  %a37 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c37)
  br i1 %a37, label %abort37, label %r37
r37:
  %x37 = xor i64 %c37, %v34
  %c38 = and i64 %x37, 281474976710655
  br label %s38
abort37:
  call void @note(ptr @s.abort, i64 %c37)
  br label %end
s38:
  %m38 = mul i64 %c38, 31
  %v38 = add i64 %m38, 38
  %a38 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c38)
  br i1 %a38, label %abort38, label %r38
r38:
  %x38 = xor i64 %c38, %v35
  %c39 = and i64 %x38, 281474976710655
  br label %s39
abort38:
  call void @note(ptr @s.abort, i64 %c38)
  br label %end
s39:
  %m39 = mul i64 %c39, 31
  %v39 = add i64 %m39, 39
  %a39 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c39)
  br i1 %a39, label %abort39, label %r39
r39:
  %x39 = xor i64 %c39, %v36
  %c40 = and i64 %x39, 281474976710655
  br label %s40
abort39:
  call void @note(ptr @s.abort, i64 %c39)
  br label %end
s40:
  %m40 = mul i64 %c40, 31
  %v40 = add i64 %m40, 40
  %a40 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c40)
  br i1 %a40, label %abort40, label %r40
r40:
  %x40 = xor i64 %c40, %v37
  %c41 = and i64 %x40, 281474976710655
  br label %s41
abort40:
  call void @note(ptr @s.abort, i64 %c40)
  br label %end
s41:
  %m41 = mul i64 %c41, 31
  %v41 = add i64 %m41, 41
  %a41 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c41)
  br i1 %a41, label %abort41, label %r41
r41:
  %x41 = xor i64 %c41, %v38
  %c42 = and i64 %x41, 281474976710655
  br label %s42
abort41:
  call void @note(ptr @s.abort, i64 %c41)
  br label %end
s42:
  %m42 = mul i64 %c42, 31
  %v42 = add i64 %m42, 42
  %a42 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c42)
  br i1 %a42, label %abort42, label %r42
r42:
  %x42 = xor i64 %c42, %v39
  %c43 = and i64 %x42, 281474976710655
  br label %s43
abort42:
  call void @note(ptr @s.abort, i64 %c42)
  br label %end
s43:
  %m43 = mul i64 %c43, 31
  %v43 = add i64 %m43, 43
  %a43 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c43)
  br i1 %a43, label %abort43, label %r43
r43:
  %x43 = xor i64 %c43, %v40
  %c44 = and i64 %x43, 281474976710655
  br label %s44
abort43:
  call void @note(ptr @s.abort, i64 %c43)
  br label %end
s44:
  %m44 = mul i64 %c44, 31
  %v44 = add i64 %m44, 44
  %a44 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c44)
  br i1 %a44, label %abort44, label %r44
r44:
  %x44 = xor i64 %c44, %v41
  %c45 = and i64 %x44, 281474976710655
  br label %s45
abort44:
  call void @note(ptr @s.abort, i64 %c44)
  br label %end
s45:
  %m45 = mul i64 %c45, 31
  %v45 = add i64 %m45, 45
  %a45 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c45)
  br i1 %a45, label %abort45, label %r45
r45:
  %x45 = xor i64 %c45, %v42
  %c46 = and i64 %x45, 281474976710655
  br label %s46
abort45:
  call void @note(ptr @s.abort, i64 %c45)
  br label %end
s46:
  %m46 = mul i64 %c46, 31
  %v46 = add i64 %m46, 46
  %a46 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c46)
  br i1 %a46, label %abort46, label %r46
r46:
  %x46 = xor i64 %c46, %v43
  %c47 = and i64 %x46, 281474976710655
  br label %s47
abort46:
  call void @note(ptr @s.abort, i64 %c46)
  br label %end
s47:
  %m47 = mul i64 %c47, 31
  %v47 = add i64 %m47, 47
  %a47 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c47)
  br i1 %a47, label %abort47, label %r47
r47:
  %x47 = xor i64 %c47, %v44
  %c48 = and i64 %x47, 281474976710655
  br label %s48
abort47:
  call void @note(ptr @s.abort, i64 %c47)
  br label %end
s48:
  %m48 = mul i64 %c48, 31
  %v48 = add i64 %m48, 48
  %a48 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c48)
  br i1 %a48, label %abort48, label %r48
r48:
  %x48 = xor i64 %c48, %v45
  %c49 = and i64 %x48, 281474976710655
  br label %s49
abort48:
  call void @note(ptr @s.abort, i64 %c48)
  br label %end
s49:
  %m49 = mul i64 %c49, 31
  %v49 = add i64 %m49, 49
  %a49 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c49)
  br i1 %a49, label %abort49, label %r49
r49:
  %x49 = xor i64 %c49, %v46
  %c50 = and i64 %x49, 281474976710655
  br label %s50
abort49:
  call void @note(ptr @s.abort, i64 %c49)
  br label %end
s50:
  %m50 = mul i64 %c50, 31
  %v50 = add i64 %m50, 50
  %a50 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c50)
  br i1 %a50, label %abort50, label %r50
r50:
  %x50 = xor i64 %c50, %v47
  %c51 = and i64 %x50, 281474976710655
  br label %s51
abort50:
  call void @note(ptr @s.abort, i64 %c50)
  br label %end
s51:
  %m51 = mul i64 %c51, 31
  %v51 = add i64 %m51, 51
  %a51 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c51)
  br i1 %a51, label %abort51, label %r51
r51:
  %x51 = xor i64 %c51, %v48
  %c52 = and i64 %x51, 281474976710655
  br label %s52
abort51:
  call void @note(ptr @s.abort, i64 %c51)
  br label %end
s52:
  %m52 = mul i64 %c52, 31
  %v52 = add i64 %m52, 52
  %a52 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c52)
  br i1 %a52, label %abort52, label %r52
r52:
  %x52 = xor i64 %c52, %v49
  %c53 = and i64 %x52, 281474976710655
  br label %s53
abort52:
  call void @note(ptr @s.abort, i64 %c52)
  br label %end
s53:
  %m53 = mul i64 %c53, 31
  %v53 = add i64 %m53, 53
  %a53 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c53)
  br i1 %a53, label %abort53, label %r53
r53:
  %x53 = xor i64 %c53, %v50
  %c54 = and i64 %x53, 281474976710655
  br label %s54
abort53:
  call void @note(ptr @s.abort, i64 %c53)
  br label %end
s54:
  %m54 = mul i64 %c54, 31
  %v54 = add i64 %m54, 54
  %a54 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c54)
  br i1 %a54, label %abort54, label %r54
r54:
  %x54 = xor i64 %c54, %v51
  %c55 = and i64 %x54, 281474976710655
  br label %s55
abort54:
  call void @note(ptr @s.abort, i64 %c54)
  br label %end
s55:
  %m55 = mul i64 %c55, 31
  %v55 = add i64 %m55, 55
  %a55 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c55)
  br i1 %a55, label %abort55, label %r55
r55:
  %x55 = xor i64 %c55, %v52
  %c56 = and i64 %x55, 281474976710655
  br label %s56
abort55:
  call void @note(ptr @s.abort, i64 %c55)
  br label %end
s56:
  %m56 = mul i64 %c56, 31
  %v56 = add i64 %m56, 56
  %a56 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c56)
  br i1 %a56, label %abort56, label %r56
r56:
  %x56 = xor i64 %c56, %v53
  %c57 = and i64 %x56, 281474976710655
  br label %s57
abort56:
  call void @note(ptr @s.abort, i64 %c56)
  br label %end
s57:
  %m57 = mul i64 %c57, 31
  %v57 = add i64 %m57, 57
  %a57 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c57)
  br i1 %a57, label %abort57, label %r57
r57:
  %x57 = xor i64 %c57, %v54
  %c58 = and i64 %x57, 281474976710655
  br label %s58
abort57:
  call void @note(ptr @s.abort, i64 %c57)
  br label %end
s58:
  %m58 = mul i64 %c58, 31
  %v58 = add i64 %m58, 58
  %a58 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c58)
  br i1 %a58, label %abort58, label %r58
r58:
  %x58 = xor i64 %c58, %v55
  %c59 = and i64 %x58, 281474976710655
  br label %s59
abort58:
  call void @note(ptr @s.abort, i64 %c58)
  br label %end
s59:
  %m59 = mul i64 %c59, 31
  %v59 = add i64 %m59, 59
  %a59 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c59)
  br i1 %a59, label %abort59, label %r59
r59:
  %x59 = xor i64 %c59, %v56
  %c60 = and i64 %x59, 281474976710655
  br label %s60
abort59:
  call void @note(ptr @s.abort, i64 %c59)
  br label %end
s60:
  %m60 = mul i64 %c60, 31
  %v60 = add i64 %m60, 60
  %a60 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c60)
  br i1 %a60, label %abort60, label %r60
r60:
  %x60 = xor i64 %c60, %v57
  %c61 = and i64 %x60, 281474976710655
  br label %s61
abort60:
  call void @note(ptr @s.abort, i64 %c60)
  br label %end
s61:
  %m61 = mul i64 %c61, 31
  %v61 = add i64 %m61, 61
  %a61 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c61)
  br i1 %a61, label %abort61, label %r61
r61:
  %x61 = xor i64 %c61, %v58
  %c62 = and i64 %x61, 281474976710655
  br label %s62
abort61:
  call void @note(ptr @s.abort, i64 %c61)
  br label %end
s62:
  %m62 = mul i64 %c62, 31
  %v62 = add i64 %m62, 62
  %a62 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c62)
  br i1 %a62, label %abort62, label %r62
r62:
  %x62 = xor i64 %c62, %v59
  %c63 = and i64 %x62, 281474976710655
  br label %s63
abort62:
  call void @note(ptr @s.abort, i64 %c62)
  br label %end
s63:
  %m63 = mul i64 %c63, 31
  %v63 = add i64 %m63, 63
  %a63 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c63)
  br i1 %a63, label %abort63, label %r63
r63:
  %x63 = xor i64 %c63, %v60
  %c64 = and i64 %x63, 281474976710655
  br label %s64
abort63:
  call void @note(ptr @s.abort, i64 %c63)
  br label %end
s64:
  %m64 = mul i64 %c64, 31
  %v64 = add i64 %m64, 64
  %a64 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c64)
  br i1 %a64, label %abort64, label %r64
r64:
  %x64 = xor i64 %c64, %v61
  %c65 = and i64 %x64, 281474976710655
  br label %s65
abort64:
  call void @note(ptr @s.abort, i64 %c64)
  br label %end
s65:
  %m65 = mul i64 %c65, 31
  %v65 = add i64 %m65, 65
  %a65 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c65)
  br i1 %a65, label %abort65, label %r65
r65:
  %x65 = xor i64 %c65, %v62
  %c66 = and i64 %x65, 281474976710655
  br label %s66
abort65:
  call void @note(ptr @s.abort, i64 %c65)
  br label %end
s66:
  %m66 = mul i64 %c66, 31
  %v66 = add i64 %m66, 66
  %a66 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c66)
  br i1 %a66, label %abort66, label %r66
r66:
  %x66 = xor i64 %c66, %v63
  %c67 = and i64 %x66, 281474976710655
  br label %s67
abort66:
  call void @note(ptr @s.abort, i64 %c66)
  br label %end
s67:
  %m67 = mul i64 %c67, 31
  %v67 = add i64 %m67, 67
  %a67 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c67)
  br i1 %a67, label %abort67, label %r67
r67:
  %x67 = xor i64 %c67, %v64
  %c68 = and i64 %x67, 281474976710655
  br label %s68
abort67:
  call void @note(ptr @s.abort, i64 %c67)
  br label %end
s68:
  %m68 = mul i64 %c68, 31
  %v68 = add i64 %m68, 68
  %a68 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c68)
  br i1 %a68, label %abort68, label %r68
r68:
  %x68 = xor i64 %c68, %v65
  %c69 = and i64 %x68, 281474976710655
  br label %s69
abort68:
  call void @note(ptr @s.abort, i64 %c68)
  br label %end
s69:
  %m69 = mul i64 %c69, 31
  %v69 = add i64 %m69, 69
  %a69 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c69)
  br i1 %a69, label %abort69, label %r69
r69:
  %x69 = xor i64 %c69, %v66
  %c70 = and i64 %x69, 281474976710655
  br label %s70
abort69:
  call void @note(ptr @s.abort, i64 %c69)
  br label %end
s70:
  %m70 = mul i64 %c70, 31
  %v70 = add i64 %m70, 70
  %a70 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c70)
  br i1 %a70, label %abort70, label %r70
r70:
  %x70 = xor i64 %c70, %v67
  %c71 = and i64 %x70, 281474976710655
  br label %s71
abort70:
  call void @note(ptr @s.abort, i64 %c70)
  br label %end
s71:
  %m71 = mul i64 %c71, 31
  %v71 = add i64 %m71, 71
  %a71 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c71)
  br i1 %a71, label %abort71, label %r71
r71:
  %x71 = xor i64 %c71, %v68
  %c72 = and i64 %x71, 281474976710655
  br label %s72
abort71:
  call void @note(ptr @s.abort, i64 %c71)
  br label %end
s72:
  %m72 = mul i64 %c72, 31
  %v72 = add i64 %m72, 72
  %a72 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c72)
  br i1 %a72, label %abort72, label %r72
r72:
  %x72 = xor i64 %c72, %v69
  %c73 = and i64 %x72, 281474976710655
  br label %s73
abort72:
  call void @note(ptr @s.abort, i64 %c72)
  br label %end
s73:
  %m73 = mul i64 %c73, 31
  %v73 = add i64 %m73, 73
  %a73 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c73)
  br i1 %a73, label %abort73, label %r73
r73:
  %x73 = xor i64 %c73, %v70
  %c74 = and i64 %x73, 281474976710655
  br label %s74
abort73:
  call void @note(ptr @s.abort, i64 %c73)
  br label %end
s74:
  %m74 = mul i64 %c74, 31
  %v74 = add i64 %m74, 74
  %a74 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c74)
  br i1 %a74, label %abort74, label %r74
r74:
  %x74 = xor i64 %c74, %v71
  %c75 = and i64 %x74, 281474976710655
  br label %s75
abort74:
  call void @note(ptr @s.abort, i64 %c74)
  br label %end
s75:
  %m75 = mul i64 %c75, 31
  %v75 = add i64 %m75, 75
  %a75 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c75)
  br i1 %a75, label %abort75, label %r75
r75:
  %x75 = xor i64 %c75, %v72
  %c76 = and i64 %x75, 281474976710655
  br label %s76
abort75:
  call void @note(ptr @s.abort, i64 %c75)
  br label %end
s76:
  %m76 = mul i64 %c76, 31
  %v76 = add i64 %m76, 76
  %a76 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c76)
  br i1 %a76, label %abort76, label %r76
r76:
  %x76 = xor i64 %c76, %v73
  %c77 = and i64 %x76, 281474976710655
  br label %s77
abort76:
  call void @note(ptr @s.abort, i64 %c76)
  br label %end
s77:
  %m77 = mul i64 %c77, 31
  %v77 = add i64 %m77, 77
  %a77 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c77)
  br i1 %a77, label %abort77, label %r77
r77:
  %x77 = xor i64 %c77, %v74
  %c78 = and i64 %x77, 281474976710655
  br label %s78
abort77:
  call void @note(ptr @s.abort, i64 %c77)
  br label %end
s78:
  %m78 = mul i64 %c78, 31
  %v78 = add i64 %m78, 78
  %a78 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c78)
  br i1 %a78, label %abort78, label %r78
r78:
  %x78 = xor i64 %c78, %v75
  %c79 = and i64 %x78, 281474976710655
  br label %s79
abort78:
  call void @note(ptr @s.abort, i64 %c78)
  br label %end
s79:
  %m79 = mul i64 %c79, 31
  %v79 = add i64 %m79, 79
  %a79 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c79)
  br i1 %a79, label %abort79, label %r79
r79:
  %x79 = xor i64 %c79, %v76
  %c80 = and i64 %x79, 281474976710655
  br label %s80
abort79:
  call void @note(ptr @s.abort, i64 %c79)
  br label %end
s80:
  %m80 = mul i64 %c80, 31
  %v80 = add i64 %m80, 80
  %a80 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c80)
  br i1 %a80, label %abort80, label %r80
r80:
  %x80 = xor i64 %c80, %v77
  %c81 = and i64 %x80, 281474976710655
  br label %s81
abort80:
  call void @note(ptr @s.abort, i64 %c80)
  br label %end
s81:
  %m81 = mul i64 %c81, 31
  %v81 = add i64 %m81, 81
  %a81 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c81)
  br i1 %a81, label %abort81, label %r81
r81:
  %x81 = xor i64 %c81, %v78
  %c82 = and i64 %x81, 281474976710655
  br label %s82
abort81:
  call void @note(ptr @s.abort, i64 %c81)
  br label %end
s82:
  %m82 = mul i64 %c82, 31
  %v82 = add i64 %m82, 82
  %a82 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c82)
  br i1 %a82, label %abort82, label %r82
r82:
  %x82 = xor i64 %c82, %v79
  %c83 = and i64 %x82, 281474976710655
  br label %s83
abort82:
  call void @note(ptr @s.abort, i64 %c82)
  br label %end
s83:
  %m83 = mul i64 %c83, 31
  %v83 = add i64 %m83, 83
  %a83 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c83)
  br i1 %a83, label %abort83, label %r83
r83:
  %x83 = xor i64 %c83, %v80
  %c84 = and i64 %x83, 281474976710655
  br label %s84
abort83:
  call void @note(ptr @s.abort, i64 %c83)
  br label %end
s84:
  %m84 = mul i64 %c84, 31
  %v84 = add i64 %m84, 84
  %a84 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c84)
  br i1 %a84, label %abort84, label %r84
r84:
  %x84 = xor i64 %c84, %v81
  %c85 = and i64 %x84, 281474976710655
  br label %s85
abort84:
  call void @note(ptr @s.abort, i64 %c84)
  br label %end
s85:
  %m85 = mul i64 %c85, 31
  %v85 = add i64 %m85, 85
  %a85 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c85)
  br i1 %a85, label %abort85, label %r85
r85:
  %x85 = xor i64 %c85, %v82
  %c86 = and i64 %x85, 281474976710655
  br label %s86
abort85:
  call void @note(ptr @s.abort, i64 %c85)
  br label %end
s86:
  %m86 = mul i64 %c86, 31
  %v86 = add i64 %m86, 86
  %a86 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c86)
  br i1 %a86, label %abort86, label %r86
r86:
  %x86 = xor i64 %c86, %v83
  %c87 = and i64 %x86, 281474976710655
  br label %s87
abort86:
  call void @note(ptr @s.abort, i64 %c86)
  br label %end
s87:
  %m87 = mul i64 %c87, 31
  %v87 = add i64 %m87, 87
  %a87 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c87)
  br i1 %a87, label %abort87, label %r87
r87:
  %x87 = xor i64 %c87, %v84
  %c88 = and i64 %x87, 281474976710655
  br label %s88
abort87:
  call void @note(ptr @s.abort, i64 %c87)
  br label %end
s88:
  %m88 = mul i64 %c88, 31
  %v88 = add i64 %m88, 88
  %a88 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c88)
  br i1 %a88, label %abort88, label %r88
r88:
  %x88 = xor i64 %c88, %v85
  %c89 = and i64 %x88, 281474976710655
  br label %s89
abort88:
  call void @note(ptr @s.abort, i64 %c88)
  br label %end
s89:
  %m89 = mul i64 %c89, 31
  %v89 = add i64 %m89, 89
  %a89 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c89)
  br i1 %a89, label %abort89, label %r89
r89:
  %x89 = xor i64 %c89, %v86
  %c90 = and i64 %x89, 281474976710655
  br label %s90
abort89:
  call void @note(ptr @s.abort, i64 %c89)
  br label %end
s90:
  %m90 = mul i64 %c90, 31
  %v90 = add i64 %m90, 90
  %a90 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c90)
  br i1 %a90, label %abort90, label %r90
r90:
  %x90 = xor i64 %c90, %v87
  %c91 = and i64 %x90, 281474976710655
  br label %s91
abort90:
  call void @note(ptr @s.abort, i64 %c90)
  br label %end
s91:
  %m91 = mul i64 %c91, 31
  %v91 = add i64 %m91, 91
  %a91 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c91)
  br i1 %a91, label %abort91, label %r91
r91:
  %x91 = xor i64 %c91, %v88
  %c92 = and i64 %x91, 281474976710655
  br label %s92
abort91:
  call void @note(ptr @s.abort, i64 %c91)
  br label %end
s92:
  %m92 = mul i64 %c92, 31
  %v92 = add i64 %m92, 92
  %a92 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c92)
  br i1 %a92, label %abort92, label %r92
r92:
  %x92 = xor i64 %c92, %v89
  %c93 = and i64 %x92, 281474976710655
  br label %s93
abort92:
  call void @note(ptr @s.abort, i64 %c92)
  br label %end
s93:
  %m93 = mul i64 %c93, 31
  %v93 = add i64 %m93, 93
  %a93 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c93)
  br i1 %a93, label %abort93, label %r93
r93:
  %x93 = xor i64 %c93, %v90
  %c94 = and i64 %x93, 281474976710655
  br label %s94
abort93:
  call void @note(ptr @s.abort, i64 %c93)
  br label %end
s94:
  %m94 = mul i64 %c94, 31
  %v94 = add i64 %m94, 94
  %a94 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c94)
  br i1 %a94, label %abort94, label %r94
r94:
  %x94 = xor i64 %c94, %v91
  %c95 = and i64 %x94, 281474976710655
  br label %s95
abort94:
  call void @note(ptr @s.abort, i64 %c94)
  br label %end
s95:
  %m95 = mul i64 %c95, 31
  %v95 = add i64 %m95, 95
  %a95 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c95)
  br i1 %a95, label %abort95, label %r95
r95:
  %x95 = xor i64 %c95, %v92
  %c96 = and i64 %x95, 281474976710655
  br label %s96
abort95:
  call void @note(ptr @s.abort, i64 %c95)
  br label %end
s96:
  %m96 = mul i64 %c96, 31
  %v96 = add i64 %m96, 96
  %a96 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c96)
  br i1 %a96, label %abort96, label %r96
r96:
  %x96 = xor i64 %c96, %v93
  %c97 = and i64 %x96, 281474976710655
  br label %s97
abort96:
  call void @note(ptr @s.abort, i64 %c96)
  br label %end
s97:
  %m97 = mul i64 %c97, 31
  %v97 = add i64 %m97, 97
  %a97 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c97)
  br i1 %a97, label %abort97, label %r97
r97:
  %x97 = xor i64 %c97, %v94
  %c98 = and i64 %x97, 281474976710655
  br label %s98
abort97:
  call void @note(ptr @s.abort, i64 %c97)
  br label %end
s98:
  %m98 = mul i64 %c98, 31
  %v98 = add i64 %m98, 98
  %a98 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c98)
  br i1 %a98, label %abort98, label %r98
r98:
  %x98 = xor i64 %c98, %v95
  %c99 = and i64 %x98, 281474976710655
  br label %s99
abort98:
  call void @note(ptr @s.abort, i64 %c98)
  br label %end
s99:
  %m99 = mul i64 %c99, 31
  %v99 = add i64 %m99, 99
  %a99 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c99)
  br i1 %a99, label %abort99, label %r99
r99:
  %x99 = xor i64 %c99, %v96
  %c100 = and i64 %x99, 281474976710655
  br label %s100
abort99:
  call void @note(ptr @s.abort, i64 %c99)
  br label %end
s100:
  %m100 = mul i64 %c100, 31
  %v100 = add i64 %m100, 100
  %a100 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c100)
  br i1 %a100, label %abort100, label %r100
r100:
  %x100 = xor i64 %c100, %v97
  %c101 = and i64 %x100, 281474976710655
  br label %s101
abort100:
  call void @note(ptr @s.abort, i64 %c100)
  br label %end
s101:
  %m101 = mul i64 %c101, 31
  %v101 = add i64 %m101, 101
  %a101 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c101)
  br i1 %a101, label %abort101, label %r101
r101:
  %x101 = xor i64 %c101, %v98
  %c102 = and i64 %x101, 281474976710655
  br label %s102
abort101:
  call void @note(ptr @s.abort, i64 %c101)
  br label %end
s102:
  %m102 = mul i64 %c102, 31
  %v102 = add i64 %m102, 102
  %a102 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c102)
  br i1 %a102, label %abort102, label %r102
r102:
  %x102 = xor i64 %c102, %v99
  %c103 = and i64 %x102, 281474976710655
  br label %s103
abort102:
  call void @note(ptr @s.abort, i64 %c102)
  br label %end
s103:
  %m103 = mul i64 %c103, 31
  %v103 = add i64 %m103, 103
  %a103 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c103)
  br i1 %a103, label %abort103, label %r103
r103:
  %x103 = xor i64 %c103, %v100
  %c104 = and i64 %x103, 281474976710655
  br label %s104
abort103:
  call void @note(ptr @s.abort, i64 %c103)
  br label %end
s104:
  %m104 = mul i64 %c104, 31
  %v104 = add i64 %m104, 104
  %a104 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c104)
  br i1 %a104, label %abort104, label %r104
r104:
  %x104 = xor i64 %c104, %v101
  %c105 = and i64 %x104, 281474976710655
  br label %s105
abort104:
  call void @note(ptr @s.abort, i64 %c104)
  br label %end
s105:
  %m105 = mul i64 %c105, 31
  %v105 = add i64 %m105, 105
  %a105 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c105)
  br i1 %a105, label %abort105, label %r105
r105:
  %x105 = xor i64 %c105, %v102
  %c106 = and i64 %x105, 281474976710655
  br label %s106
abort105:
  call void @note(ptr @s.abort, i64 %c105)
  br label %end
s106:
  %m106 = mul i64 %c106, 31
  %v106 = add i64 %m106, 106
  %a106 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c106)
  br i1 %a106, label %abort106, label %r106
r106:
  %x106 = xor i64 %c106, %v103
  %c107 = and i64 %x106, 281474976710655
  br label %s107
abort106:
  call void @note(ptr @s.abort, i64 %c106)
  br label %end
s107:
  %m107 = mul i64 %c107, 31
  %v107 = add i64 %m107, 107
  %a107 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c107)
  br i1 %a107, label %abort107, label %r107
r107:
  %x107 = xor i64 %c107, %v104
  %c108 = and i64 %x107, 281474976710655
  br label %s108
abort107:
  call void @note(ptr @s.abort, i64 %c107)
  br label %end
s108:
  %m108 = mul i64 %c108, 31
  %v108 = add i64 %m108, 108
  %a108 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c108)
  br i1 %a108, label %abort108, label %r108
r108:
  %x108 = xor i64 %c108, %v105
  %c109 = and i64 %x108, 281474976710655
  br label %s109
abort108:
  call void @note(ptr @s.abort, i64 %c108)
  br label %end
s109:
  %m109 = mul i64 %c109, 31
  %v109 = add i64 %m109, 109
  %a109 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c109)
  br i1 %a109, label %abort109, label %r109
r109:
  %x109 = xor i64 %c109, %v106
  %c110 = and i64 %x109, 281474976710655
  br label %s110
abort109:
  call void @note(ptr @s.abort, i64 %c109)
  br label %end
s110:
  %m110 = mul i64 %c110, 31
  %v110 = add i64 %m110, 110
  %a110 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c110)
  br i1 %a110, label %abort110, label %r110
r110:
  %x110 = xor i64 %c110, %v107
  %c111 = and i64 %x110, 281474976710655
  br label %s111
abort110:
  call void @note(ptr @s.abort, i64 %c110)
  br label %end
s111:
  %m111 = mul i64 %c111, 31
  %v111 = add i64 %m111, 111
  %a111 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c111)
  br i1 %a111, label %abort111, label %r111
r111:
  %x111 = xor i64 %c111, %v108
  %c112 = and i64 %x111, 281474976710655
  br label %s112
abort111:
  call void @note(ptr @s.abort, i64 %c111)
  br label %end
s112:
  %m112 = mul i64 %c112, 31
  %v112 = add i64 %m112, 112
  %a112 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c112)
  br i1 %a112, label %abort112, label %r112
r112:
  %x112 = xor i64 %c112, %v109
  %c113 = and i64 %x112, 281474976710655
  br label %s113
abort112:
  call void @note(ptr @s.abort, i64 %c112)
  br label %end
s113:
  %m113 = mul i64 %c113, 31
  %v113 = add i64 %m113, 113
  %a113 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c113)
  br i1 %a113, label %abort113, label %r113
r113:
  %x113 = xor i64 %c113, %v110
  %c114 = and i64 %x113, 281474976710655
  br label %s114
abort113:
  call void @note(ptr @s.abort, i64 %c113)
  br label %end
s114:
  %m114 = mul i64 %c114, 31
  %v114 = add i64 %m114, 114
  %a114 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c114)
  br i1 %a114, label %abort114, label %r114
r114:
  %x114 = xor i64 %c114, %v111
  %c115 = and i64 %x114, 281474976710655
  br label %s115
abort114:
  call void @note(ptr @s.abort, i64 %c114)
  br label %end
s115:
  %m115 = mul i64 %c115, 31
  %v115 = add i64 %m115, 115
  %a115 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c115)
  br i1 %a115, label %abort115, label %r115
r115:
  %x115 = xor i64 %c115, %v112
  %c116 = and i64 %x115, 281474976710655
  br label %s116
abort115:
  call void @note(ptr @s.abort, i64 %c115)
  br label %end
s116:
  %m116 = mul i64 %c116, 31
  %v116 = add i64 %m116, 116
  %a116 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c116)
  br i1 %a116, label %abort116, label %r116
r116:
  %x116 = xor i64 %c116, %v113
  %c117 = and i64 %x116, 281474976710655
  br label %s117
abort116:
  call void @note(ptr @s.abort, i64 %c116)
  br label %end
s117:
  %m117 = mul i64 %c117, 31
  %v117 = add i64 %m117, 117
  %a117 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c117)
  br i1 %a117, label %abort117, label %r117
r117:
  %x117 = xor i64 %c117, %v114
  %c118 = and i64 %x117, 281474976710655
  br label %s118
abort117:
  call void @note(ptr @s.abort, i64 %c117)
  br label %end
s118:
  %m118 = mul i64 %c118, 31
  %v118 = add i64 %m118, 118
  %a118 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c118)
  br i1 %a118, label %abort118, label %r118
r118:
  %x118 = xor i64 %c118, %v115
  %c119 = and i64 %x118, 281474976710655
  br label %s119
abort118:
  call void @note(ptr @s.abort, i64 %c118)
  br label %end
s119:
  %m119 = mul i64 %c119, 31
  %v119 = add i64 %m119, 119
  %a119 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %c119)
  br i1 %a119, label %abort119, label %r119
r119:
  %x119 = xor i64 %c119, %v116
  %c120 = and i64 %x119, 281474976710655
  br label %finish
abort119:
  call void @note(ptr @s.abort, i64 %c119)
  br label %end
finish:
  call void @note(ptr @s.sum, i64 %c120)
  br label %end
end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
