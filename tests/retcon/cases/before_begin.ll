; Values defined before coro.id/coro.begin, used after suspends: a
; configuration read through a pointer argument before the coroutine
; begins (loads, a computed scale, an alloca initialised there) must be
; captured in the frame at the start, not re-read later: the driver
; changes the configuration after the ramp returns. The alloca is written
; before coro.begin, so its contents are copied into the frame (as many
; bytes as the target's %cfg holds: 20 on i686, 24 elsewhere).

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note2(ptr, i64, i64)

@s.cfg = private unnamed_addr constant [4 x i8] c"cfg\00"

%cfg = type {i64, i64, i32}

define {ptr, i64} @scaler_proto(ptr, i1) {
  unreachable
}

define {ptr, i64} @scaler(ptr %buffer, ptr %config) presplitcoroutine {
entry:
  %saved = alloca %cfg, align 8
  %base = load i64, ptr %config
  %pm = getelementptr %cfg, ptr %config, i64 0, i32 1
  %mult = load i64, ptr %pm
  %pc = getelementptr %cfg, ptr %config, i64 0, i32 2
  %count = load i32, ptr %pc
  %scale = mul i64 %mult, 10
  call void @llvm.memcpy.p0.p0.i64(ptr %saved, ptr %config, i64 ptrtoint (ptr getelementptr (%cfg, ptr null, i32 1) to i64), i1 false)
  %id = call token @llvm.coro.id.retcon(i32 64, i32 8, ptr %buffer, ptr @scaler_proto, ptr @rt_alloc, ptr @rt_dealloc)
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
  %sb = load i64, ptr %saved
  %smp = getelementptr %cfg, ptr %saved, i64 0, i32 1
  %sm = load i64, ptr %smp
  call void @note2(ptr @s.cfg, i64 %sb, i64 %sm)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
