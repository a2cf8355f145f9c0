; Unwind coro.end in cleanup landing pads, with an allocated frame: a
; parser coroutine (yield-once accessor style, but multi-suspend) pulls
; tokens through @next_token, which throws a C++ exception on bad input.
; Two landing pads: one in the ramp's first call and one in the loop; both
; end in an unwind coro.end (which must free the frame) and then resume
; unwinding. The frame (a 128-byte token log) does not fit the 16-byte
; buffer. The driver counts allocations and frees whether the exception
; comes from the ramp, from a continuation, or not at all.
;
; The landing pads read what they report from memory (the log and the
; %count alloca, both in the frame): an SSA value defined in another block
; and passed to a call in a landing pad is miscompiled by LLVM 22's AArch64
; backend at -O0 (RegAllocFast does not reload it into the argument
; register that held the EH selector; llvm/llvm-project#216477; reproduced
; without coroutines in tests/retcon/README.md).

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note(ptr, i64)
declare void @note2(ptr, i64, i64)
declare i64 @next_token(i64)
declare i32 @__gxx_personality_v0(...)

@s.unwind = private unnamed_addr constant [7 x i8] c"unwind\00"
@s.logged = private unnamed_addr constant [7 x i8] c"logged\00"

; A declaration: a defined prototype would be an empty function (just
; `unreachable`) at the ramp's address, and lld's unwind lookup table could
; then pick the empty function's entry for the ramp's code.
declare {ptr, i64} @parse_proto(ptr, i1)

define {ptr, i64} @parse(ptr %buffer, i64 %seed) presplitcoroutine personality ptr @__gxx_personality_v0 {
entry:
  %log = alloca [16 x i64], align 8
  %count = alloca i64, align 8
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @parse_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %first = invoke i64 @next_token(i64 %seed) to label %loop unwind label %lp.ramp

loop:
  %tok = phi i64 [ %first, %entry ], [ %tok1, %more ]
  %n = phi i64 [ 0, %entry ], [ %n1, %more ]
  %slot = getelementptr [16 x i64], ptr %log, i64 0, i64 %n
  store i64 %tok, ptr %slot
  %n1 = add i64 %n, 1
  store i64 %n1, ptr %count
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %tok)
  br i1 %abort, label %done, label %pull

pull:
  %tok1 = invoke i64 @next_token(i64 %tok) to label %more unwind label %lp.loop

more:
  %full = icmp eq i64 %n1, 16
  br i1 %full, label %done, label %loop

done:
  %l0 = load i64, ptr %log
  call void @note2(ptr @s.logged, i64 %n1, i64 %l0)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable

lp.ramp:
  %e0 = landingpad { ptr, i32 } cleanup
  call void @note(ptr @s.unwind, i64 0)
  call void @llvm.coro.end(ptr %hdl, i1 true, token none)
  resume { ptr, i32 } %e0

lp.loop:
  %e1 = landingpad { ptr, i32 } cleanup
  %f = load i64, ptr %log
  %seen = load i64, ptr %count
  call void @note2(ptr @s.unwind, i64 %seen, i64 %f)
  call void @llvm.coro.end(ptr %hdl, i1 true, token none)
  resume { ptr, i32 } %e1
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
