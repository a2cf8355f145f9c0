; A yield-once accessor whose frame cannot fit its 16-byte buffer: it
; copies a 128-byte record into a scratch alloca, yields the scratch
; address, and on a normal resume copies the scratch back (an abnormal
; resume discards it). The frame comes from rt_alloc32 (an allocator taking
; an i32 size) and is freed exactly once on either path.

declare ptr @rt_alloc32(i32 zeroext)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

@s.commit = private unnamed_addr constant [7 x i8] c"commit\00"
@s.discard = private unnamed_addr constant [8 x i8] c"discard\00"

define void @record_proto(ptr, i1) {
  unreachable
}

define {ptr, ptr} @record_modify(ptr %buffer, ptr %rec) presplitcoroutine {
entry:
  %scratch = alloca [16 x i64], align 8
  %id = call token @llvm.coro.id.retcon.once(i32 16, i32 8, ptr %buffer, ptr @record_proto, ptr @rt_alloc32, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  call void @llvm.memcpy.p0.p0.i64(ptr %scratch, ptr %rec, i64 128, i1 false)
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %scratch)
  br i1 %abort, label %discard, label %commit

commit:
  call void @llvm.memcpy.p0.p0.i64(ptr %rec, ptr %scratch, i64 128, i1 false)
  %last = getelementptr [16 x i64], ptr %scratch, i32 0, i32 15
  %l = load i64, ptr %last
  call void @note(ptr @s.commit, i64 %l)
  br label %end

discard:
  %first = load i64, ptr %scratch
  call void @note(ptr @s.discard, i64 %first)
  br label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
