; Storage shared between spilled values never live across the same
; suspend: a two-phase reader keeps two 8-byte values (a, b) across the
; suspends of its first phase, then two others (c, d) across those of its
; second. corolower gives both pairs the same 16 bytes, so the frame fits
; the caller's 16-byte buffer (no allocation); a layout giving every
; spilled value its own field (LLVM 22's) needs 32 and allocates. The
; driver only checks that the heap is balanced. The same for two 64-byte
; arrays with disjoint lifetimes (lifetime markers), each live across its
; own suspend: one 64-byte slot, in a 64-byte buffer.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)
declare i64 @mix(i64, i64)
declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)

@s.phase1 = private unnamed_addr constant [7 x i8] c"phase1\00"
@s.phase2 = private unnamed_addr constant [7 x i8] c"phase2\00"
@s.first = private unnamed_addr constant [6 x i8] c"first\00"
@s.second = private unnamed_addr constant [7 x i8] c"second\00"

define {ptr, i64} @reader_proto(ptr, i1) {
  unreachable
}

define {ptr, i64} @reader(ptr %buffer, i64 %x) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @reader_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %a = call i64 @mix(i64 %x, i64 1)
  %b = call i64 @mix(i64 %a, i64 2)
  %s1 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 1)
  %s2 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 2)
  %ab = add i64 %a, %b
  call void @note(ptr @s.phase1, i64 %ab)
  %c = call i64 @mix(i64 %ab, i64 3)
  %d = call i64 @mix(i64 %c, i64 4)
  %s3 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 3)
  %s4 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 4)
  %cd = sub i64 %c, %d
  call void @note(ptr @s.phase2, i64 %cd)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

; Two scoped 64-byte arrays, each live across its own suspend: one slot.
define {ptr, i64} @scoped(ptr %buffer, i64 %x) presplitcoroutine {
entry:
  %one = alloca [16 x i32], align 4
  %two = alloca [16 x i32], align 4
  %id = call token @llvm.coro.id.retcon(i32 64, i32 8, ptr %buffer, ptr @reader_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %x32 = trunc i64 %x to i32
  call void @llvm.lifetime.start.p0(ptr %one)
  store i32 %x32, ptr %one
  %s1 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 1)
  %o = load i32, ptr %one
  call void @llvm.lifetime.end.p0(ptr %one)
  %o64 = sext i32 %o to i64
  call void @note(ptr @s.first, i64 %o64)
  call void @llvm.lifetime.start.p0(ptr %two)
  %t2 = getelementptr [16 x i32], ptr %two, i64 0, i64 15
  %o2 = mul i32 %o, 2
  store i32 %o2, ptr %t2
  %s2 = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 2)
  %t = load i32, ptr %t2
  call void @llvm.lifetime.end.p0(ptr %two)
  %t64 = sext i32 %t to i64
  call void @note(ptr @s.second, i64 %t64)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
