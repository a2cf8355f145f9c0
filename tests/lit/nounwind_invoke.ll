; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; An invoke of a callee that cannot unwind (nounwind on the declaration
; here, or on the call) becomes a call, as LLVM's removeUnreachableBlocks
; does before CoroSplit: its landing pad, reached by nothing else, is dead,
; and so is the code behind it, which holds a 512-byte buffer across a
; suspend. Found by gen_cpp.py 42866 (t4, O0 and O2: 344 bytes against
; LLVM's 56, a catch handler behind `promise.return_value`). The invoke of
; @may_throw keeps its landing pad.
; Frame: resume, destroy, %x (i64): 8+8+8 -> 24 (536 with the buffer; one
; suspend point to resume at needs no index).
; CHECK-LABEL: define ptr @nt(i64 %x) personality ptr @__gxx_personality_v0 {
; CHECK: call ptr @malloc(i64 24)
; CHECK: call void @no_throw(i64 %x)
; CHECK-NEXT: br label
; CHECK-LABEL: define internal fastcc void @nt.resume(
; CHECK: invoke void @may_throw(i64
; GLOBAL-NOT: invoke void @no_throw
; GLOBAL-NOT: call void @use(ptr

declare ptr @malloc(i64)
declare void @free(ptr)
declare void @no_throw(i64) nounwind
declare void @may_throw(i64)
declare void @use(ptr)
declare void @use1(i64)
declare i32 @__gxx_personality_v0(...)

define ptr @nt(i64 %x) presplitcoroutine personality ptr @__gxx_personality_v0 {
entry:
  %buf = alloca [512 x i8], align 16
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call noalias ptr @llvm.coro.begin(token %id, ptr %mem)
  invoke void @no_throw(i64 %x)
          to label %cont unwind label %lpad
cont:
  %s1 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s1, label %suspend [ i8 0, label %r1
                                  i8 1, label %cleanup ]
r1:
  invoke void @may_throw(i64 %x)
          to label %cleanup unwind label %lpad2
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  call void @use(ptr %buf)
  %s2 = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s2, label %suspend [ i8 0, label %r2
                                  i8 1, label %cleanup ]
r2:
  call void @use(ptr %buf)
  br label %cleanup
lpad2:
  %lp2 = landingpad { ptr, i32 } cleanup
  call void @use1(i64 %x)
  br label %cleanup
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %f)
  br label %suspend
suspend:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
