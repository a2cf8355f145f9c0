; Dynamically sized allocas (llvm.coro.alloca.alloc/get/free) in a retcon
; coroutine whose own frame fits its 32-byte buffer:
; - %t1 (n i32s) lives across both suspends; its address is yielded and
;   the caller writes through it;
; - %t3 (n i64s) is made after the first resume and lives across the
;   second suspend; freed on both the normal and the abort path;
; - %t2 and %t4 never cross a suspend (one in the ramp, one in the
;   continuation): they must be gone by the next suspend.
; Memory for a block that crosses a suspend cannot be on the stack; the
; driver counts live heap blocks at each suspend.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

@s.scratch = private unnamed_addr constant [8 x i8] c"scratch\00"
@s.sum1 = private unnamed_addr constant [5 x i8] c"sum1\00"
@s.sum3 = private unnamed_addr constant [5 x i8] c"sum3\00"
@s.half = private unnamed_addr constant [5 x i8] c"half\00"
@s.abort = private unnamed_addr constant [6 x i8] c"abort\00"

define {ptr, ptr} @dyn_proto(ptr, i1) {
  unreachable
}

define {ptr, ptr} @dyn(ptr %buffer, i64 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 32, i32 8, ptr %buffer, ptr @dyn_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %bytes1 = mul i64 %n, 4
  %t1 = call token @llvm.coro.alloca.alloc.i64(i64 %bytes1, i32 4)
  %p1 = call ptr @llvm.coro.alloca.get(token %t1)
  br label %fill1

fill1:
  %i = phi i64 [ 0, %entry ], [ %i1, %fill1 ]
  %i32 = trunc i64 %i to i32
  %v = mul i32 %i32, 3
  %q = getelementptr i32, ptr %p1, i64 %i
  store i32 %v, ptr %q
  %i1 = add i64 %i, 1
  %f1more = icmp ult i64 %i1, %n
  br i1 %f1more, label %fill1, label %scratch

scratch:
  %bytes2 = add i64 %n, 1
  %t2 = call token @llvm.coro.alloca.alloc.i64(i64 %bytes2, i32 1)
  %p2 = call ptr @llvm.coro.alloca.get(token %t2)
  br label %fill2

fill2:
  %j = phi i64 [ 0, %scratch ], [ %j1, %fill2 ]
  %acc2 = phi i64 [ 0, %scratch ], [ %acc2n, %fill2 ]
  %j8 = trunc i64 %j to i8
  %c = add i8 %j8, 120
  %qc = getelementptr i8, ptr %p2, i64 %j
  store i8 %c, ptr %qc
  %back = load i8, ptr %qc
  %back64 = zext i8 %back to i64
  %acc2n = add i64 %acc2, %back64
  %j1 = add i64 %j, 1
  %f2more = icmp ult i64 %j1, %bytes2
  br i1 %f2more, label %fill2, label %scratch.done

scratch.done:
  call void @llvm.coro.alloca.free(token %t2)
  call void @note(ptr @s.scratch, i64 %acc2n)
  %a1 = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %p1)
  br i1 %a1, label %abort, label %r1

r1:
  br label %sum1

sum1:
  %k = phi i64 [ 0, %r1 ], [ %k1, %sum1 ]
  %acc1 = phi i64 [ 0, %r1 ], [ %acc1n, %sum1 ]
  %qk = getelementptr i32, ptr %p1, i64 %k
  %vk = load i32, ptr %qk
  %vk64 = sext i32 %vk to i64
  %acc1n = add i64 %acc1, %vk64
  %k1 = add i64 %k, 1
  %s1more = icmp ult i64 %k1, %n
  br i1 %s1more, label %sum1, label %half

half:
  call void @note(ptr @s.sum1, i64 %acc1n)
  %bytes4 = mul i64 %n, 2
  %t4 = call token @llvm.coro.alloca.alloc.i64(i64 %bytes4, i32 2)
  %p4 = call ptr @llvm.coro.alloca.get(token %t4)
  %last4 = sub i64 %n, 1
  %q4 = getelementptr i16, ptr %p4, i64 %last4
  %h16 = trunc i64 %acc1n to i16
  store i16 %h16, ptr %q4
  %h = load i16, ptr %q4
  %hh = lshr i16 %h, 1
  %h64 = zext i16 %hh to i64
  call void @llvm.coro.alloca.free(token %t4)
  call void @note(ptr @s.half, i64 %h64)
  %bytes3 = mul i64 %n, 8
  %t3 = call token @llvm.coro.alloca.alloc.i64(i64 %bytes3, i32 8)
  %p3 = call ptr @llvm.coro.alloca.get(token %t3)
  br label %fill3

fill3:
  %m = phi i64 [ 0, %half ], [ %m1, %fill3 ]
  %qm = getelementptr i32, ptr %p1, i64 %m
  %vm = load i32, ptr %qm
  %vm64 = sext i32 %vm to i64
  %big = mul i64 %vm64, 1000
  %q3 = getelementptr i64, ptr %p3, i64 %m
  store i64 %big, ptr %q3
  %m1 = add i64 %m, 1
  %f3more = icmp ult i64 %m1, %n
  br i1 %f3more, label %fill3, label %yield2

yield2:
  %a2 = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %p3)
  br i1 %a2, label %abort3, label %r2

r2:
  br label %sum3

sum3:
  %x = phi i64 [ 0, %r2 ], [ %x1, %sum3 ]
  %acc3 = phi i64 [ 0, %r2 ], [ %acc3n, %sum3 ]
  %qx = getelementptr i64, ptr %p3, i64 %x
  %vx = load i64, ptr %qx
  %acc3n = add i64 %acc3, %vx
  %x1 = add i64 %x, 1
  %s3more = icmp ult i64 %x1, %n
  br i1 %s3more, label %sum3, label %sum3.done

sum3.done:
  call void @note(ptr @s.sum3, i64 %acc3n)
  br label %free3

abort3:
  call void @note(ptr @s.abort, i64 2)
  br label %free3

free3:
  call void @llvm.coro.alloca.free(token %t3)
  br label %free1

abort:
  call void @note(ptr @s.abort, i64 1)
  br label %free1

free1:
  call void @llvm.coro.alloca.free(token %t1)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
declare token @llvm.coro.alloca.alloc.i64(i64, i32)
declare ptr @llvm.coro.alloca.get(token)
declare void @llvm.coro.alloca.free(token)
