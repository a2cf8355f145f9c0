; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Async IR in the typed-pointer dialect older swiftc wrote: the async
; function pointer a mutable global of a named type, the projection and
; forwarder passed as `bitcast (%swift.context* (%swift.context*)* ... to
; i8*)`. LLVM 22's parser reads every pointer as `ptr` (the casts fold
; away); the projection is a `ptr (ptr)` like any other, and the size (an
; i64 kept across the await, alignTo(32 + 8, 16) = 48) goes into the
; mutable global.
; GLOBAL: @f_afp = hidden global %swift.async_func_pointer <{ i32 trunc {{.*}}, i32 48 }>, section "__TEXT,__const", align 8

; CHECK-LABEL: define swifttailcc void @f(
; CHECK: store i64 %x, ptr %async.ctx.frameptr
; CHECK: call ptr @alloc_ctx(ptr %ctx, ptr @f.resume.0)
; CHECK: musttail call swifttailcc void @fwd(ptr @callee, ptr %cc)

; CHECK-LABEL: define internal swifttailcc void @f.resume.0(
; CHECK: [[CTX:%.*]] = call ptr @project(ptr %0)
; CHECK: getelementptr inbounds i8, ptr [[CTX]], i64 32

%swift.context = type { %swift.context*, void (%swift.context*)* }
%swift.async_func_pointer = type <{ i32, i32 }>

@f_afp = hidden global %swift.async_func_pointer <{ i32 trunc (i64 sub (i64 ptrtoint (void (%swift.context*)* @f to i64), i64 ptrtoint (%swift.async_func_pointer* @f_afp to i64)) to i32), i32 32 }>, section "__TEXT,__const", align 8

declare token @llvm.coro.id.async(i32, i32, i32, i8*)
declare i8* @llvm.coro.begin(token, i8*)
declare i8* @llvm.coro.async.resume()
declare { i8* } @llvm.coro.suspend.async.sl_p0i8s(i32, i8*, i8*, ...)
declare void @llvm.coro.end.async(i8*, i1, ...)
declare void @use_ctx(%swift.context*, i64)

define %swift.context* @project(%swift.context* %callee) {
  %a = getelementptr %swift.context, %swift.context* %callee, i32 0, i32 0
  %caller = load %swift.context*, %swift.context** %a, align 8
  ret %swift.context* %caller
}

define swifttailcc void @fwd(void (%swift.context*)* %fn, %swift.context* %ctx) {
  musttail call swifttailcc void %fn(%swift.context* swiftasync %ctx)
  ret void
}

declare swifttailcc void @callee(%swift.context* swiftasync)
declare %swift.context* @alloc_ctx(%swift.context*, i8*)

define swifttailcc void @f(%swift.context* swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, i8* bitcast (%swift.async_func_pointer* @f_afp to i8*))
  %hdl = call i8* @llvm.coro.begin(token %id, i8* null)
  %c8 = bitcast %swift.context* %ctx to i8*
  %xp = getelementptr inbounds i8, i8* %c8, i64 16
  %xq = bitcast i8* %xp to i64*
  %x = load i64, i64* %xq, align 8
  %res = call i8* @llvm.coro.async.resume()
  %cc = call %swift.context* @alloc_ctx(%swift.context* %ctx, i8* %res)
  %r = call { i8* } (i32, i8*, i8*, ...) @llvm.coro.suspend.async.sl_p0i8s(i32 0, i8* %res, i8* bitcast (%swift.context* (%swift.context*)* @project to i8*), i8* bitcast (void (void (%swift.context*)*, %swift.context*)* @fwd to i8*), void (%swift.context*)* @callee, %swift.context* %cc)
  %back = extractvalue { i8* } %r, 0
  %p = bitcast i8* %back to %swift.context**
  %parent = load %swift.context*, %swift.context** %p, align 8
  call void @use_ctx(%swift.context* %parent, i64 %x)
  call void (i8*, i1, ...) @llvm.coro.end.async(i8* %hdl, i1 false)
  unreachable
}
