; words.ll with its four exits merged by hand into a single non-unwind
; coro.end (what LLVM 22 requires); same behaviour, same driver, same
; expected output.
;
; Several non-unwind coro.end calls (LLVM 22 rejects them; corolower merges
; the exits): a generator of the words of a NUL-terminated string, yielding
; each word's start and length. It ends in three places: in the ramp for
; an empty string, on an abnormal resume, and at the string's end; a word
; longer than %max ends it a fourth way, after reporting. The frame holds
; a 64-byte copy of the last word (an alloca), so it is allocated (16-byte
; buffer) and freed on every one of these exits.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

@s.empty = private unnamed_addr constant [6 x i8] c"empty\00"
@s.abort = private unnamed_addr constant [6 x i8] c"abort\00"
@s.words = private unnamed_addr constant [6 x i8] c"words\00"
@s.long = private unnamed_addr constant [5 x i8] c"long\00"

define {ptr, ptr, i64} @words_proto(ptr, i1) {
  unreachable
}

define {ptr, ptr, i64} @words(ptr %buffer, ptr %s, i64 %max) presplitcoroutine {
entry:
  %last = alloca [64 x i8], align 8
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @words_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %c0 = load i8, ptr %s
  %isempty = icmp eq i8 %c0, 0
  br i1 %isempty, label %empty, label %skip

empty:
  call void @note(ptr @s.empty, i64 0)
  br label %the.end

skip:
  %p = phi ptr [ %s, %entry ], [ %p1, %space ], [ %q, %after ]
  %n = phi i64 [ 0, %entry ], [ %n, %space ], [ %n1, %after ]
  %c = load i8, ptr %p
  %atend = icmp eq i8 %c, 0
  br i1 %atend, label %finished, label %check

check:
  %issp = icmp eq i8 %c, 32
  br i1 %issp, label %space, label %word

space:
  %p1 = getelementptr i8, ptr %p, i64 1
  br label %skip

word:
  %q0 = phi ptr [ %p, %check ], [ %q1, %wordnext ]
  %wc = load i8, ptr %q0
  %wend = icmp eq i8 %wc, 0
  %wsp = icmp eq i8 %wc, 32
  %stop = or i1 %wend, %wsp
  br i1 %stop, label %emit, label %wordnext

wordnext:
  %q1 = getelementptr i8, ptr %q0, i64 1
  br label %word

emit:
  %q = phi ptr [ %q0, %word ]
  %pi = ptrtoint ptr %p to i64
  %qi = ptrtoint ptr %q to i64
  %len = sub i64 %qi, %pi
  %toolong = icmp ugt i64 %len, %max
  br i1 %toolong, label %long, label %yield

long:
  call void @note(ptr @s.long, i64 %len)
  br label %the.end

yield:
  call void @llvm.memcpy.p0.p0.i64(ptr %last, ptr %p, i64 %len, i1 false)
  %n1 = add i64 %n, 1
  %a = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %last, i64 %len)
  br i1 %a, label %aborted, label %after

after:
  br label %skip

aborted:
  call void @note(ptr @s.abort, i64 %n1)
  br label %the.end

finished:
  call void @note(ptr @s.words, i64 %n)
  br label %the.end

the.end:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

; C-ABI wrappers: struct word_out { void *k; const char *w; int64_t len; }
define void @words_store({ptr, ptr, i64} %r, ptr %out) {
  %k = extractvalue {ptr, ptr, i64} %r, 0
  %w = extractvalue {ptr, ptr, i64} %r, 1
  %l = extractvalue {ptr, ptr, i64} %r, 2
  store ptr %k, ptr %out
  %pw = getelementptr inbounds {ptr, ptr, i64}, ptr %out, i32 0, i32 1
  store ptr %w, ptr %pw
  %pl = getelementptr inbounds {ptr, ptr, i64}, ptr %out, i32 0, i32 2
  store i64 %l, ptr %pl
  ret void
}

define void @words_start(ptr %buf, ptr %s, i64 %max, ptr %out) {
  %r = call {ptr, ptr, i64} @words(ptr %buf, ptr %s, i64 %max)
  call void @words_store({ptr, ptr, i64} %r, ptr %out)
  ret void
}

define void @words_next(ptr %k, ptr %buf, i1 zeroext %abort, ptr %out) {
  %r = call {ptr, ptr, i64} %k(ptr %buf, i1 %abort)
  call void @words_store({ptr, ptr, i64} %r, ptr %out)
  ret void
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
