; A _modify accessor (yield-once) for one element of an array of records
; {i32 count, i32 total}: it copies the element into a scratch record,
; yields the scratch's address, and on a normal resume checks the new
; values (total clamped to 1000) and writes them back; an abnormal resume
; discards the scratch. The continuation returns void. The frame (the
; scratch and the element's address) fits the 32-byte buffer.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note2(ptr, i64, i64)

@s.write = private unnamed_addr constant [6 x i8] c"write\00"
@s.clamp = private unnamed_addr constant [6 x i8] c"clamp\00"
@s.keep = private unnamed_addr constant [5 x i8] c"keep\00"

%rec = type {i32, i32}

define void @modify_proto(ptr, i1) {
  unreachable
}

define {ptr, ptr} @elem_modify(ptr %buffer, ptr %array, i64 %index) presplitcoroutine {
entry:
  %scratch = alloca %rec, align 4
  %id = call token @llvm.coro.id.retcon.once(i32 32, i32 8, ptr %buffer, ptr @modify_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %elem = getelementptr %rec, ptr %array, i64 %index
  %old = load %rec, ptr %elem
  store %rec %old, ptr %scratch
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %scratch)
  br i1 %abort, label %discard, label %commit

commit:
  %newv = load %rec, ptr %scratch
  %total = extractvalue %rec %newv, 1
  %big = icmp sgt i32 %total, 1000
  br i1 %big, label %clamp, label %store

clamp:
  %t64 = sext i32 %total to i64
  call void @note2(ptr @s.clamp, i64 %index, i64 %t64)
  %clamped = insertvalue %rec %newv, i32 1000, 1
  br label %store

store:
  %final = phi %rec [ %newv, %commit ], [ %clamped, %clamp ]
  store %rec %final, ptr %elem
  %c = extractvalue %rec %final, 0
  %c64 = sext i32 %c to i64
  call void @note2(ptr @s.write, i64 %index, i64 %c64)
  br label %end

discard:
  call void @note2(ptr @s.keep, i64 %index, i64 0)
  br label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
