; A retcon coroutine driving another one: @outer keeps @inner's buffer
; (an alloca) and @inner's current continuation across its own suspends,
; so both live in @outer's frame, which cannot fit @outer's 16-byte buffer
; (allocated). @inner's frame fits inline in that inner buffer, i.e. inside
; @outer's allocated frame. Aborting @outer while @inner is suspended
; aborts @inner from @outer's cleanup.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)

@s.inner_abort = private unnamed_addr constant [12 x i8] c"inner abort\00"
@s.inner_done = private unnamed_addr constant [11 x i8] c"inner done\00"
@s.outer_abort = private unnamed_addr constant [12 x i8] c"outer abort\00"

define {ptr, i32} @proto(ptr, i1) {
  unreachable
}

define {ptr, i32} @inner(ptr %buffer, i32 %n) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %resume ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %done

body:
  %v = mul i32 %i, 10
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i32 %v)
  br i1 %abort, label %aborted, label %resume

resume:
  %i1 = add i32 %i, 1
  br label %loop

aborted:
  %i64 = sext i32 %i to i64
  call void @note(ptr @s.inner_abort, i64 %i64)
  br label %end

done:
  %n64 = sext i32 %n to i64
  call void @note(ptr @s.inner_done, i64 %n64)
  br label %end

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

define {ptr, i32} @outer(ptr %buffer, i32 %groups) presplitcoroutine {
entry:
  %ibuf = alloca [16 x i8], align 8
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %group

group:
  %g = phi i32 [ 0, %entry ], [ %g1, %group.next ]
  %gmore = icmp slt i32 %g, %groups
  br i1 %gmore, label %start, label %end

start:
  %cnt = add i32 %g, 1
  %first = call {ptr, i32} @inner(ptr %ibuf, i32 %cnt)
  br label %drain

drain:
  %r = phi {ptr, i32} [ %first, %start ], [ %next, %resume ]
  %k = extractvalue {ptr, i32} %r, 0
  %idle = icmp eq ptr %k, null
  br i1 %idle, label %group.next, label %yield

yield:
  %v = extractvalue {ptr, i32} %r, 1
  %g1000 = mul i32 %g, 1000
  %out = add i32 %v, %g1000
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i32 %out)
  br i1 %abort, label %aborted, label %resume

resume:
  %next = call {ptr, i32} %k(ptr %ibuf, i1 false)
  br label %drain

aborted:
  %g64 = sext i32 %g to i64
  call void @note(ptr @s.outer_abort, i64 %g64)
  %ignored = call {ptr, i32} %k(ptr %ibuf, i1 true)
  br label %end

group.next:
  %g1 = add i32 %g, 1
  br label %group

end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
