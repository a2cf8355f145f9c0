; Yield-once `_modify`-style accessors (llvm.coro.id.retcon.once, prototype
; returning void). celsius_modify projects a thermometer's stored
; hundredths of a degree into a temporary whole-degree value, yields the
; temporary's address, and on a normal resume writes the (possibly
; changed) temporary back scaled by 100; on an abnormal resume it rolls
; back (no write). elem_modify yields the address of an element of the
; caller's array directly and on a normal resume bumps the array's version
; counter. Both frames fit the 24-byte buffer.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

@s.project = private unnamed_addr constant [8 x i8] c"project\00"
@s.writeback = private unnamed_addr constant [10 x i8] c"writeback\00"
@s.rollback = private unnamed_addr constant [9 x i8] c"rollback\00"
@s.version = private unnamed_addr constant [8 x i8] c"version\00"

define void @modify_proto(ptr, i1) {
  unreachable
}

; %thermo points to { i32 hundredths }
define {ptr, ptr} @celsius_modify(ptr %buffer, ptr %thermo) presplitcoroutine {
entry:
  %tmp = alloca i32, align 4
  %id = call token @llvm.coro.id.retcon.once(i32 24, i32 8, ptr %buffer, ptr @modify_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %raw = load i32, ptr %thermo
  %deg = sdiv i32 %raw, 100
  store i32 %deg, ptr %tmp
  %deg64 = sext i32 %deg to i64
  call void @note(ptr @s.project, i64 %deg64)
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %tmp)
  br i1 %abort, label %rollback, label %writeback

writeback:
  %new = load i32, ptr %tmp
  %scaled = mul i32 %new, 100
  store i32 %scaled, ptr %thermo
  %s64 = sext i32 %scaled to i64
  call void @note(ptr @s.writeback, i64 %s64)
  br label %end

rollback:
  %old = load i32, ptr %thermo
  %o64 = sext i32 %old to i64
  call void @note(ptr @s.rollback, i64 %o64)
  br label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

; %vec points to { i64 version, [8 x i32] elems }
define {ptr, ptr} @elem_modify(ptr %buffer, ptr %vec, i64 %idx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon.once(i32 24, i32 8, ptr %buffer, ptr @modify_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %elem = getelementptr {i64, [8 x i32]}, ptr %vec, i32 0, i32 1, i64 %idx
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %elem)
  br i1 %abort, label %end, label %bump

bump:
  %v = load i64, ptr %vec
  %v1 = add i64 %v, 1
  store i64 %v1, ptr %vec
  call void @note(ptr @s.version, i64 %v1)
  br label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
