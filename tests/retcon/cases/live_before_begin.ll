; Values computed before llvm.coro.id / llvm.coro.begin and used after
; suspends: the result of an opaque call (next_ticket, which returns a new
; number each time, so it must not run again), a load from the caller's
; config (the caller changes the config while the coroutine is suspended;
; the coroutine must keep the value it read), an alloca written before
; coro.begin and read after a suspend, a pointer computed from an
; argument, and the arguments themselves.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)
declare void @note2(ptr, i64, i64)
declare i64 @next_ticket()

@s.ticket = private unnamed_addr constant [7 x i8] c"ticket\00"
@s.config = private unnamed_addr constant [7 x i8] c"config\00"
@s.local = private unnamed_addr constant [6 x i8] c"local\00"
@s.field = private unnamed_addr constant [6 x i8] c"field\00"
@s.args = private unnamed_addr constant [5 x i8] c"args\00"

define {ptr, i64} @proto(ptr, i1) {
  unreachable
}

; %config points to { i32 scale, i32 offset }
define {ptr, i64} @early(ptr %buffer, ptr %config, i32 %a, i64 %b) presplitcoroutine {
entry:
  %local = alloca i64, align 8
  %ticket = call i64 @next_ticket()
  %scale = load i32, ptr %config
  %offp = getelementptr {i32, i32}, ptr %config, i32 0, i32 1
  %ab = add i64 %b, 7
  store i64 %ab, ptr %local
  %id = call token @llvm.coro.id.retcon(i32 64, i32 8, ptr %buffer, ptr @proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  call void @note(ptr @s.ticket, i64 %ticket)
  %a1 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %ticket)
  br i1 %a1, label %end, label %r1

r1:
  call void @note(ptr @s.ticket, i64 %ticket)
  %sc64 = sext i32 %scale to i64
  call void @note(ptr @s.config, i64 %sc64)
  %a2 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %sc64)
  br i1 %a2, label %end, label %r2

r2:
  %lv = load i64, ptr %local
  call void @note(ptr @s.local, i64 %lv)
  %off = load i32, ptr %offp
  %off64 = sext i32 %off to i64
  call void @note(ptr @s.field, i64 %off64)
  %lv2 = mul i64 %lv, 2
  store i64 %lv2, ptr %local
  %a3 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %lv2)
  br i1 %a3, label %end, label %r3

r3:
  %a64 = sext i32 %a to i64
  call void @note2(ptr @s.args, i64 %a64, i64 %b)
  %lv3 = load i64, ptr %local
  %t = add i64 %lv3, %ticket
  call void @note(ptr @s.local, i64 %t)
  br label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
