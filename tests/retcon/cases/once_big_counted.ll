; A yield-once coroutine whose frame cannot fit its 8-byte buffer: it
; snapshots a 256-byte block, yields the snapshot's address for editing,
; and on a normal resume counts the bytes that changed, copies the block
; back and returns {i32 changed, i1 committed}; an abnormal resume
; returns {0, false} and leaves the block alone. The frame is allocated
; by rt_alloc32 (an i32 size) and freed exactly once on either path.

declare ptr @rt_alloc32(i32 zeroext)
declare void @rt_dealloc(ptr)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

define {i32, i1} @edit_proto(ptr, i1) {
  unreachable
}

define {ptr, ptr} @edit(ptr %buffer, ptr %block) presplitcoroutine {
entry:
  %snap = alloca [256 x i8], align 8
  %orig = alloca [256 x i8], align 8
  %id = call token @llvm.coro.id.retcon.once(i32 8, i32 8, ptr %buffer, ptr @edit_proto, ptr @rt_alloc32, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  call void @llvm.memcpy.p0.p0.i64(ptr %snap, ptr %block, i64 256, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %orig, ptr %block, i64 256, i1 false)
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %snap)
  br i1 %abort, label %end, label %diff

diff:
  %i = phi i64 [ 0, %entry ], [ %i1, %diff ]
  %n = phi i32 [ 0, %entry ], [ %n1, %diff ]
  %ps = getelementptr [256 x i8], ptr %snap, i64 0, i64 %i
  %po = getelementptr [256 x i8], ptr %orig, i64 0, i64 %i
  %s = load i8, ptr %ps
  %o = load i8, ptr %po
  %ne = icmp ne i8 %s, %o
  %inc = zext i1 %ne to i32
  %n1 = add i32 %n, %inc
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, 256
  br i1 %more, label %diff, label %commit

commit:
  call void @llvm.memcpy.p0.p0.i64(ptr %block, ptr %snap, i64 256, i1 false)
  br label %end

end:
  %changed = phi i32 [ 0, %entry ], [ %n1, %commit ]
  %ok = phi i1 [ false, %entry ], [ true, %commit ]
  %res = call token (...) @llvm.coro.end.results(i32 %changed, i1 %ok)
  call void @llvm.coro.end(ptr %hdl, i1 false, token %res)
  unreachable
}

; C: void edit_finish(void *k, void *buf, bool abort, int32_t *changed, bool *ok)
define void @edit_finish(ptr %k, ptr %buf, i1 zeroext %abort, ptr %changed, ptr %ok) {
  %r = call {i32, i1} %k(ptr %buf, i1 %abort)
  %c = extractvalue {i32, i1} %r, 0
  %o = extractvalue {i32, i1} %r, 1
  store i32 %c, ptr %changed
  %o8 = zext i1 %o to i8
  store i8 %o8, ptr %ok
  ret void
}

declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
declare token @llvm.coro.end.results(...)
