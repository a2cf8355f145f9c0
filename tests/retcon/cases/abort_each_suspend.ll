; Abnormal resumption (continuation called with i1 true) at each of four
; suspends. Before suspend k the coroutine acquires resource k (a handle
; computed from the argument); the cleanup chain releases what was
; acquired newest first, on abort as well as on normal completion. The
; yielded value is the number of resources held. The frame (five i32s)
; fits the 32-byte buffer.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

@s.acquire = private unnamed_addr constant [8 x i8] c"acquire\00"
@s.release = private unnamed_addr constant [8 x i8] c"release\00"
@s.completed = private unnamed_addr constant [10 x i8] c"completed\00"

define {ptr, i32} @proto(ptr, i1) {
  unreachable
}

define {ptr, i32} @holder(ptr %buffer, i32 %base) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 32, i32 8, ptr %buffer, ptr @proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %b10 = mul i32 %base, 10
  %h1 = add i32 %b10, 1
  %h1.64 = sext i32 %h1 to i64
  call void @note(ptr @s.acquire, i64 %h1.64)
  %a1 = call i1 (...) @llvm.coro.suspend.retcon.i1(i32 1)
  br i1 %a1, label %c1, label %s2

s2:
  %h2 = add i32 %b10, 2
  %h2.64 = sext i32 %h2 to i64
  call void @note(ptr @s.acquire, i64 %h2.64)
  %a2 = call i1 (...) @llvm.coro.suspend.retcon.i1(i32 2)
  br i1 %a2, label %c2, label %s3

s3:
  %h3 = add i32 %b10, 3
  %h3.64 = sext i32 %h3 to i64
  call void @note(ptr @s.acquire, i64 %h3.64)
  %a3 = call i1 (...) @llvm.coro.suspend.retcon.i1(i32 3)
  br i1 %a3, label %c3, label %s4

s4:
  %h4 = add i32 %b10, 4
  %h4.64 = sext i32 %h4 to i64
  call void @note(ptr @s.acquire, i64 %h4.64)
  %a4 = call i1 (...) @llvm.coro.suspend.retcon.i1(i32 4)
  br i1 %a4, label %c4, label %done

done:
  %b64 = sext i32 %base to i64
  call void @note(ptr @s.completed, i64 %b64)
  br label %c4

c4:
  call void @note(ptr @s.release, i64 %h4.64)
  br label %c3

c3:
  call void @note(ptr @s.release, i64 %h3.64)
  br label %c2

c2:
  call void @note(ptr @s.release, i64 %h2.64)
  br label %c1

c1:
  call void @note(ptr @s.release, i64 %h1.64)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
