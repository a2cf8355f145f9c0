; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; A frame larger than its buffer (8 bytes) comes from the id's allocation
; function (an i32-sized one here), right where coro.begin was, and its
; address goes into the buffer; each continuation loads it from there.
; It is freed on every way the coroutine ends: the non-unwind coro.end in
; the ramp (no suspend) and in the continuation, and the unwind coro.end in
; a landing pad of each, where unwinding then goes on. Exactly four
; deallocation calls, each right before the function leaves.
;
; CHECK-LABEL: define { ptr, i64 } @walker(ptr %buffer, i64 %n)
; CHECK: [[F:%.*]] = call ptr @alloc(i32 {{[1-9][0-9]*}})
; CHECK-NEXT: store ptr [[F]], ptr %buffer, align 8
; CHECK-NOT: call ptr @alloc(
; CHECK: ret { ptr, i64 } {{%.*}}
; CHECK: call void @dealloc(ptr [[F]])
; CHECK-NEXT: ret { ptr, i64 } { ptr null, i64 poison }
; CHECK: landingpad
; CHECK-NEXT: cleanup
; CHECK-NEXT: call void @dealloc(ptr [[F]])
; CHECK-NEXT: resume
;
; CHECK-LABEL: define internal { ptr, i64 } @walker.resume.0(ptr noalias noundef nonnull align 8 dereferenceable(8) %buffer, i1 %0)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[G:%.*]] = load ptr, ptr %buffer, align 8
; CHECK-NOT: call ptr @alloc(
; CHECK: call void @dealloc(ptr [[G]])
; CHECK-NEXT: ret { ptr, i64 } { ptr null, i64 poison }
; CHECK: landingpad
; CHECK-NEXT: cleanup
; CHECK-NEXT: call void @dealloc(ptr [[G]])
; CHECK-NEXT: resume
;
; GLOBAL-COUNT-4: call void @dealloc(
; GLOBAL-NOT: call void @dealloc(

declare ptr @alloc(i32)
declare void @dealloc(ptr)
declare void @use(i64)
declare void @may_throw()
declare i32 @__gxx_personality_v0(...)

define {ptr, i64} @proto(ptr, i1) {
  unreachable
}

define {ptr, i64} @walker(ptr %buffer, i64 %n) presplitcoroutine personality ptr @__gxx_personality_v0 {
entry:
  %table = alloca [16 x i64], align 8
  %id = call token @llvm.coro.id.retcon(i32 8, i32 8, ptr %buffer, ptr @proto, ptr @alloc, ptr @dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %next ]
  %p = getelementptr [16 x i64], ptr %table, i64 0, i64 %i
  store i64 %i, ptr %p
  invoke void @may_throw() to label %ok unwind label %lp
ok:
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 %i)
  br i1 %abort, label %aborted, label %next
next:
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, %n
  br i1 %more, label %loop, label %done
aborted:
  %q = load i64, ptr %table
  call void @use(i64 %q)
  br label %done
done:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
lp:
  %ex = landingpad { ptr, i32 } cleanup
  call void @llvm.coro.end(ptr %hdl, i1 true, token none)
  resume { ptr, i32 } %ex
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
