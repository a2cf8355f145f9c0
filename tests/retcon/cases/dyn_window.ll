; Dynamically sized storage (llvm.coro.alloca.*): a moving average over a
; window of %w values. The window (w i64s) lives across every suspend, so
; its memory comes from rt_alloc, and it is freed (coro.alloca.free) on
; both the abort path and the normal end. Each step also sorts a scratch
; copy of the window (w i64s again) to yield the median; the scratch is
; freed before the suspend, so it stays on the stack. The driver checks
; the heap at every suspend: exactly one block per live instance.
; The module carries C-ABI wrappers (window_start, window_next).

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

@s.free = private unnamed_addr constant [5 x i8] c"free\00"

define {ptr, i64, i64} @win_proto(ptr, i64, i1) {
  unreachable
}

; Resumed with (value, stop); yields (sum of the window, median).
define {ptr, i64, i64} @window(ptr %buffer, i64 %w) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 32, i32 8, ptr %buffer, ptr @win_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %bytes = mul i64 %w, 8
  %wt = call token @llvm.coro.alloca.alloc.i64(i64 %bytes, i32 8)
  %win = call ptr @llvm.coro.alloca.get(token %wt)
  call void @llvm.memset.p0.i64(ptr %win, i8 0, i64 %bytes, i1 false)
  br label %loop

loop:
  %pos = phi i64 [ 0, %entry ], [ %pos1, %median.done ]
  %sum = phi i64 [ 0, %entry ], [ %sum1, %median.done ]
  %med = phi i64 [ 0, %entry ], [ %m, %median.done ]
  %in = call {i64, i1} (...) @llvm.coro.suspend.retcon.sl_i64i1s(i64 %sum, i64 %med)
  %stop = extractvalue {i64, i1} %in, 1
  br i1 %stop, label %out, label %add

add:
  %v = extractvalue {i64, i1} %in, 0
  %slot = getelementptr i64, ptr %win, i64 %pos
  %old = load i64, ptr %slot
  store i64 %v, ptr %slot
  %s0 = sub i64 %sum, %old
  %sum1 = add i64 %s0, %v
  %p1 = add i64 %pos, 1
  %wrap = icmp eq i64 %p1, %w
  %pos1 = select i1 %wrap, i64 0, i64 %p1
  ; the median: insertion sort of a scratch copy
  %st = call token @llvm.coro.alloca.alloc.i64(i64 %bytes, i32 8)
  %tmp = call ptr @llvm.coro.alloca.get(token %st)
  call void @llvm.memcpy.p0.p0.i64(ptr %tmp, ptr %win, i64 %bytes, i1 false)
  br label %outer

outer:
  %i = phi i64 [ 1, %add ], [ %i1, %placed ]
  %oi = icmp ult i64 %i, %w
  br i1 %oi, label %take, label %median

take:
  %pi = getelementptr i64, ptr %tmp, i64 %i
  %x = load i64, ptr %pi
  br label %shift

shift:
  %j = phi i64 [ %i, %take ], [ %jm, %move ]
  %j0 = icmp eq i64 %j, 0
  br i1 %j0, label %placed, label %cmp

cmp:
  %jm = sub i64 %j, 1
  %pj = getelementptr i64, ptr %tmp, i64 %jm
  %y = load i64, ptr %pj
  %gt = icmp sgt i64 %y, %x
  br i1 %gt, label %move, label %placed

move:
  %pjj = getelementptr i64, ptr %tmp, i64 %j
  store i64 %y, ptr %pjj
  br label %shift

placed:
  %jj = phi i64 [ %j, %shift ], [ %j, %cmp ]
  %pk = getelementptr i64, ptr %tmp, i64 %jj
  store i64 %x, ptr %pk
  %i1 = add i64 %i, 1
  br label %outer

median:
  %half = lshr i64 %w, 1
  %pm = getelementptr i64, ptr %tmp, i64 %half
  %mv = load i64, ptr %pm
  call void @llvm.coro.alloca.free(token %st)
  br label %median.done

median.done:
  %m = phi i64 [ %mv, %median ]
  br label %loop

out:
  call void @note(ptr @s.free, i64 %w)
  call void @llvm.coro.alloca.free(token %wt)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

; C-ABI wrappers (C returns a three-field struct through memory):
; struct win_out { void *k; int64_t sum, median; }
define void @win_store({ptr, i64, i64} %r, ptr %out) {
  %k = extractvalue {ptr, i64, i64} %r, 0
  %s = extractvalue {ptr, i64, i64} %r, 1
  %m = extractvalue {ptr, i64, i64} %r, 2
  store ptr %k, ptr %out
  %ps = getelementptr inbounds {ptr, i64, i64}, ptr %out, i32 0, i32 1
  store i64 %s, ptr %ps
  %pm = getelementptr inbounds {ptr, i64, i64}, ptr %out, i32 0, i32 2
  store i64 %m, ptr %pm
  ret void
}

define void @window_start(ptr %buf, i64 %w, ptr %out) {
  %r = call {ptr, i64, i64} @window(ptr %buf, i64 %w)
  call void @win_store({ptr, i64, i64} %r, ptr %out)
  ret void
}

define void @window_next(ptr %k, ptr %buf, i64 %v, i1 zeroext %stop, ptr %out) {
  %r = call {ptr, i64, i64} %k(ptr %buf, i64 %v, i1 %stop)
  call void @win_store({ptr, i64, i64} %r, ptr %out)
  ret void
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare {i64, i1} @llvm.coro.suspend.retcon.sl_i64i1s(...)
declare void @llvm.coro.end(ptr, i1, token)
declare token @llvm.coro.alloca.alloc.i64(i64, i32)
declare ptr @llvm.coro.alloca.get(token)
declare void @llvm.coro.alloca.free(token)
