; Two coroutines of different ABIs in one module, for the refusal contract
; (issue 28): lowered with one ABI allowed, the other coroutine is refused
; and left exactly as it was, then LLVM's coroutine passes lower it and the
; program runs as when either lowering does both.

declare ptr @malloc(i64)
declare void @free(ptr)
declare void @note(i32, i64)
declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)

; Switched-resume: a counter that yields start, start+step, ... through the
; promise (an i64 at the frame's promise slot).
define ptr @counter(i64 %start, i64 %step) presplitcoroutine {
entry:
  %promise = alloca i64, align 8
  %id = call token @llvm.coro.id(i32 8, ptr %promise, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  br label %loop

loop:
  %v = phi i64 [ %start, %entry ], [ %next, %resume ]
  store i64 %v, ptr %promise, align 8
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %suspend [ i8 0, label %resume
                                 i8 1, label %cleanup ]

resume:
  %next = add i64 %v, %step
  call void @note(i32 1, i64 %next)
  br label %loop

cleanup:
  call void @note(i32 2, i64 %v)
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %f)
  br label %suspend

suspend:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

define {ptr, i64} @scaler_proto(ptr, i1) {
  unreachable
}

; Returned-continuation: yields base + i*mult for i < count, reading its
; configuration before it begins.
define {ptr, i64} @scaler(ptr %buffer, i64 %base, i64 %mult, i32 %count) presplitcoroutine {
entry:
  %scale = mul i64 %mult, 10
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @scaler_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %resume ]
  %more = icmp slt i32 %i, %count
  br i1 %more, label %yield, label %done

yield:
  %i64 = sext i32 %i to i64
  %t = mul i64 %i64, %scale
  %v = add i64 %base, %t
  %a = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %v)
  br i1 %a, label %done, label %resume

resume:
  %i1 = add i32 %i, 1
  br label %loop

done:
  call void @note(i32 3, i64 %scale)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

; A plain function using the switched-resume intrinsics LLVM's CoroEarly
; lowers: it is put back as it was when anything is refused.
define i64 @drive_counter(i64 %start, i32 %n) {
entry:
  %h = call ptr @counter(i64 %start, i64 7)
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %body ]
  %more = icmp slt i32 %k, %n
  br i1 %more, label %body, label %out

body:
  call void @llvm.coro.resume(ptr %h)
  %k1 = add i32 %k, 1
  br label %loop

out:
  %p = call ptr @llvm.coro.promise(ptr %h, i32 8, i1 false)
  %last = load i64, ptr %p, align 8
  call void @llvm.coro.destroy(ptr %h)
  ret i64 %last
}

declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
declare void @llvm.coro.resume(ptr)
declare void @llvm.coro.destroy(ptr)
declare ptr @llvm.coro.promise(ptr, i32, i1)
