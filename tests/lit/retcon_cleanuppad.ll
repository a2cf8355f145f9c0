; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; An unwind coro.end inside a cleanup pad (funclet-based exception
; handling): where the frame is allocated, the deallocation call made for
; it carries the pad's "funclet" bundle, as every call in a funclet must
; (WinEHPrepare treats a call without it as unreachable: the frame would
; leak; LLVM 22 emits it without the bundle). The non-unwind end frees
; the frame with a plain call.
;
; CHECK-LABEL: define internal { ptr, i64 } @guarded.resume.0(
; CHECK: [[F:%.*]] = load ptr, ptr %buffer
; CHECK: %pad = cleanuppad within none []
; CHECK-NEXT: call void @dealloc(ptr [[F]]) [ "funclet"(token %pad) ]
; CHECK-NEXT: cleanupret from %pad unwind to caller
; CHECK: call void @dealloc(ptr [[F]]){{$}}
; CHECK-NEXT: ret { ptr, i64 } { ptr null, i64 poison }

target triple = "x86_64-pc-windows-msvc"

declare ptr @alloc(i64)
declare void @dealloc(ptr)
declare void @may_throw()
declare i32 @__CxxFrameHandler3(...)

define {ptr, i64} @proto(ptr, i1) {
  unreachable
}

define {ptr, i64} @guarded(ptr %buffer) presplitcoroutine personality ptr @__CxxFrameHandler3 {
entry:
  %big = alloca [8 x i64], align 8
  %id = call token @llvm.coro.id.retcon(i32 8, i32 8, ptr %buffer, ptr @proto, ptr @alloc, ptr @dealloc)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  store i64 7, ptr %big
  %abort = call i1 (...) @llvm.coro.suspend.retcon.i1(i64 1)
  br i1 %abort, label %done, label %work
work:
  invoke void @may_throw() to label %done unwind label %cleanup
cleanup:
  %pad = cleanuppad within none []
  call void @llvm.coro.end(ptr null, i1 true, token none) [ "funclet"(token %pad) ]
  cleanupret from %pad unwind to caller
done:
  %v = load i64, ptr %big
  call void @llvm.coro.end(ptr null, i1 false, token none)
  unreachable
}

declare token @llvm.coro.id.retcon(i32, i32, ptr, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.suspend.retcon.i1(...)
declare void @llvm.coro.end(ptr, i1, token)
