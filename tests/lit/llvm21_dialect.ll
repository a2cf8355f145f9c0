; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; What swiftc 6.3 (LLVM 21) writes, which LLVM 22's verifier rejects as it
; stands: coro.end returning i1 (three operands), coro.end.async returning
; i1, coro.id.retcon.once declared variadic and called with a seventh
; operand (the type id of typed frame allocation). Each is declared again
; with LLVM 22's type; a used coro.end result ("not in the ramp") becomes
; the negation of coro.is_in_ramp (false in the ramp, true in the
; continuation); the type id is kept for the allocation function
; (retcon_typed_malloc.ll), which this frame, in the buffer, never calls.
;
; CHECK-LABEL: define { ptr, ptr } @read(ptr %buffer, ptr %cell) {
; CHECK-LABEL: define ptr @sw(
; CHECK: landingpad
; CHECK-NEXT: cleanup
; CHECK-NEXT: [[R:%.*]] = xor i1 true, true
; CHECK-NEXT: call void @note(i1 [[R]])
; CHECK-LABEL: define swifttailcc void @af(ptr swiftasync %ctx) {
; CHECK: musttail call swifttailcc void @tail(ptr @done, ptr %ctx)
; CHECK-NEXT: ret void
; CHECK-LABEL: define internal fastcc void @sw.resume(
; CHECK: landingpad
; CHECK-NEXT: cleanup
; CHECK: [[C:%.*]] = xor i1 false, true
; CHECK-NEXT: call void @note(i1 [[C]])
; GLOBAL-NOT: declare i1 @llvm.coro.end
; GLOBAL-NOT: , i64 77)
target triple = "x86_64-unknown-linux-gnu"

declare ptr @alloc(i64)
declare ptr @typed_alloc(i64, i64)
declare void @dealloc(ptr)
declare void @note(i1)

define void @proto(ptr, i1) {
  unreachable
}

define { ptr, ptr } @read(ptr %buffer, ptr %cell) presplitcoroutine {
entry:
  %id = call token (i32, i32, ptr, ptr, ptr, ptr, ...) @llvm.coro.id.retcon.once(i32 32, i32 8, ptr %buffer, ptr @proto, ptr @typed_alloc, ptr @dealloc, i64 77)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(ptr %cell)
  br label %end
end:
  %unused = call i1 @llvm.coro.end(ptr %hdl, i1 false, token none)
  unreachable
}

; A switched-resume coroutine whose unwinding coro.end's result is used:
; the code after it runs in the ramp (false) and in the clones (true).
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
define ptr @sw() presplitcoroutine personality ptr null {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %mem = call ptr @alloc(i64 64)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  invoke void @note(i1 false) to label %go unwind label %pad
go:
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %ret [ i8 0, label %body
                             i8 1, label %cleanup ]
body:
  invoke void @note(i1 false) to label %cleanup unwind label %pad
cleanup:
  %f = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @dealloc(ptr %f)
  br label %ret
ret:
  %e = call i1 @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
pad:
  %lp = landingpad { ptr, i32 } cleanup
  %unwinding = call i1 @llvm.coro.end(ptr null, i1 true, token none)
  call void @note(i1 %unwinding)
  resume { ptr, i32 } %lp
}

@af_fp = constant <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @af to i64), i64 ptrtoint (ptr getelementptr inbounds (<{ i32, i32 }>, ptr @af_fp, i32 0, i32 1) to i64)) to i32), i32 64 }>

declare swifttailcc void @done(ptr swiftasync)

define internal swifttailcc void @tail(ptr %fn, ptr %ctx) alwaysinline {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}

define swifttailcc void @af(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 64, i32 16, i32 0, ptr @af_fp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %r = call i1 (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false, ptr @tail, ptr @done, ptr %ctx)
  unreachable
}

declare token @llvm.coro.id.retcon.once(i32, i32, ptr, ptr, ptr, ptr, ...)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare i1 @llvm.coro.end(ptr, i1, token)
declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare i1 @llvm.coro.end.async(ptr, i1, ...)
