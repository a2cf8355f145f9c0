; Continuation parameters after the buffer become the suspend's result: a
; calculator resumed with (i64 operand, i32 opcode, i1 stop). The suspend
; returns {i64, i32, i1}; the coroutine takes the three fields apart and
; yields the running value. Opcodes: 0 add, 1 multiply, 2 subtract, other:
; ignored (the value is yielded again). The last operand given is used
; after a later suspend, so the result itself is kept in the frame.

declare ptr @rt_alloc(i64)
declare void @rt_dealloc(ptr)
declare void @note2(ptr, i64, i64)

@s.stop = private unnamed_addr constant [5 x i8] c"stop\00"
@s.bad = private unnamed_addr constant [4 x i8] c"bad\00"

define {ptr, i64} @calc_proto(ptr, i64, i32, i1) {
  unreachable
}

define {ptr, i64} @calc(ptr %buffer, i64 %init) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @calc_proto, ptr @rt_alloc, ptr @rt_dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop

loop:
  %acc = phi i64 [ %init, %entry ], [ %acc1, %apply ]
  %prev = phi {i64, i32, i1} [ zeroinitializer, %entry ], [ %in, %apply ]
  %in = call {i64, i32, i1} (...) @llvm.coro.suspend.retcon.sl_i64i32i1s(i64 %acc)
  %stop = extractvalue {i64, i32, i1} %in, 2
  br i1 %stop, label %done, label %decode

decode:
  %x = extractvalue {i64, i32, i1} %in, 0
  %op = extractvalue {i64, i32, i1} %in, 1
  switch i32 %op, label %bad [ i32 0, label %add
                               i32 1, label %mul
                               i32 2, label %sub ]

add:
  %sum = add i64 %acc, %x
  br label %apply

mul:
  %prod = mul i64 %acc, %x
  br label %apply

sub:
  %diff = sub i64 %acc, %x
  br label %apply

bad:
  %op64 = sext i32 %op to i64
  %px = extractvalue {i64, i32, i1} %prev, 0
  call void @note2(ptr @s.bad, i64 %op64, i64 %px)
  br label %apply

apply:
  %acc1 = phi i64 [ %sum, %add ], [ %prod, %mul ], [ %diff, %sub ], [ %acc, %bad ]
  br label %loop

done:
  %last = extractvalue {i64, i32, i1} %prev, 0
  call void @note2(ptr @s.stop, i64 %acc, i64 %last)
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare {i64, i32, i1} @llvm.coro.suspend.retcon.sl_i64i32i1s(...)
declare void @llvm.coro.end(ptr, i1, token)
