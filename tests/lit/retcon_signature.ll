; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; A returned-continuation coroutine's continuation takes the prototype's
; type, calling convention and attributes (swiftcc, swiftself, swifterror,
; zeroext, nounwind, "frame-pointer"), not the coroutine's; the buffer
; parameter says what the id promises (noalias nonnull, its alignment and
; size). The ramp keeps its own signature and attributes, returns the
; continuation with the yielded value, and the continuation returns itself
; (multi-suspend) or a null continuation when the coroutine ends.
; Values the continuation is resumed with (here a swifterror pointer and a
; flag) are its parameters as they are: the flag is extracted from the
; suspend's {ptr, i1} result, and no aggregate holding the swifterror
; parameter is built (the verifier forbids that).
;
; CHECK: define swiftcc { ptr, i32 } @gen(ptr %buffer, i32 %n) #[[RAMP:[0-9]+]] {
; CHECK: [[Y:%.*]] = insertvalue { ptr, i32 } poison, i32 {{%.*}}, 1
; CHECK: [[R:%.*]] = insertvalue { ptr, i32 } [[Y]], ptr @gen.resume.0, 0
; CHECK-NEXT: ret { ptr, i32 } [[R]]
;
; CHECK: define internal swiftcc { ptr, i32 } @gen.resume.0(ptr noalias noundef nonnull swiftself align 8 dereferenceable(16) %buffer, ptr swifterror %0, i1 zeroext %1) #[[CONT:[0-9]+]] {
; CHECK-DAG: br i1 %1,
; CHECK-DAG: ret { ptr, i32 } %{{[0-9]+}}
; CHECK-DAG: ret { ptr, i32 } { ptr null, i32 poison }
;
; CHECK: attributes #[[CONT]] = { nounwind "frame-pointer"="all" }
; CHECK: attributes #[[RAMP]] = { "target-cpu"="x86-64" }
; GLOBAL-NOT: insertvalue { ptr, i1 }

declare ptr @alloc(i64)
declare void @dealloc(ptr)
declare void @use(i32)

declare swiftcc {ptr, i32} @proto(ptr swiftself, ptr swifterror, i1 zeroext) nounwind "frame-pointer"="all"

define swiftcc {ptr, i32} @gen(ptr %buffer, i32 %n) presplitcoroutine "target-cpu"="x86-64" {
entry:
  %id = call token @llvm.coro.id.retcon(i32 16, i32 8, ptr %buffer, ptr @proto, ptr @alloc, ptr @dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %loop
loop:
  %i = phi i32 [ %n, %entry ], [ %inc, %more ]
  %in = call {ptr, i1} (...) @llvm.coro.suspend.retcon.sl_p0i1s(i32 %i)
  %stop = extractvalue {ptr, i1} %in, 1
  br i1 %stop, label %done, label %more
more:
  call void @use(i32 %i)
  %inc = add i32 %i, 1
  br label %loop
done:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare {ptr, i1} @llvm.coro.suspend.retcon.sl_p0i1s(...)
declare void @llvm.coro.end(ptr, i1, token)
