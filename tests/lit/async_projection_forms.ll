; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; The context projection function (operand 3 of llvm.coro.suspend.async)
; in every form a call can be made of, each resume function calling it on
; its context argument to find the frame:
;   resume.0  an instruction view of @project (zero GEP of an addrspacecast
;             pair): LLVM reads through it, the call is of @project;
;   resume.1  the result of a call whose argument is `returned`: @project;
;   resume.2  a variadic projection, called with the one argument;
;   resume.3  an alias of @project, called as itself;
;   resume.4  a projection taking ptr addrspace(1): the context's bits are
;             passed as that pointer (ptrtoint/inttoptr, as LLVM's inlining
;             substitutes the context for the parameter): no
;             addrspacecast, which SystemZ's backend cannot select;
;   resume.5  one returning ptr addrspace(1): the result reinterpreted as
;             the coroutine's context type the same way (LLVM 22 writes
;             an invalid bitcast there: its output does not verify);
;   resume.6  a swiftcc projection: called with its convention;
;   resume.7  a variadic projection without fixed parameters, ptr (...):
;             it can be called with the context (LLVM 22 stops on it).
; Every resume function reads %x from the frame the projection leads to.
; GLOBAL-NOT: call {{.*}}@llvm.coro

; CHECK-LABEL: define internal swifttailcc void @f.resume.0(
; CHECK: [[C0:%.*]] = call ptr @project(ptr %0)
; CHECK: [[F0:%.*]] = getelementptr inbounds i8, ptr [[C0]], i64 32
; CHECK: load i64, ptr [[F0]]

; CHECK-LABEL: define internal swifttailcc void @f.resume.1(
; CHECK: [[C1:%.*]] = call ptr @project(ptr %0)
; CHECK: getelementptr inbounds i8, ptr [[C1]], i64 32

; CHECK-LABEL: define internal swifttailcc void @f.resume.2(
; CHECK: [[C2:%.*]] = call ptr (ptr, ...) @proj_va(ptr %0)
; CHECK: getelementptr inbounds i8, ptr [[C2]], i64 32

; CHECK-LABEL: define internal swifttailcc void @f.resume.3(
; CHECK: [[C3:%.*]] = call ptr @proj_alias(ptr %0)
; CHECK: getelementptr inbounds i8, ptr [[C3]], i64 32

; CHECK-LABEL: define internal swifttailcc void @f.resume.4(
; CHECK-NOT: addrspacecast
; CHECK: [[I4:%.*]] = ptrtoint ptr %0 to i64
; CHECK-NEXT: [[A4:%.*]] = inttoptr i64 [[I4]] to ptr addrspace(1)
; CHECK-NEXT: [[C4:%.*]] = call ptr @proj_as1(ptr addrspace(1) [[A4]])
; CHECK: getelementptr inbounds i8, ptr [[C4]], i64 32

; CHECK-LABEL: define internal swifttailcc void @f.resume.5(
; CHECK: [[R5:%.*]] = call ptr addrspace(1) @proj_ret_as1(ptr %0)
; CHECK-NEXT: [[I5:%.*]] = ptrtoint ptr addrspace(1) [[R5]] to i64
; CHECK-NEXT: [[C5:%.*]] = inttoptr i64 [[I5]] to ptr
; CHECK: getelementptr inbounds i8, ptr [[C5]], i64 32

; CHECK-LABEL: define internal swifttailcc void @f.resume.6(
; CHECK: [[C6:%.*]] = call swiftcc ptr @proj_swiftcc(ptr %0)
; CHECK: getelementptr inbounds i8, ptr [[C6]], i64 32

; CHECK-LABEL: define internal swifttailcc void @f.resume.7(
; CHECK: [[C7:%.*]] = call ptr (...) @proj_novar(ptr %0)
; CHECK: getelementptr inbounds i8, ptr [[C7]], i64 32

; The coroutine's own context parameter in address space 1: the
; projection's result is cast to it where the resume function uses it.
; CHECK-LABEL: define internal swifttailcc void @g.resume.0(
; CHECK: [[G:%.*]] = call ptr @project(ptr %0)
; CHECK-NEXT: [[GI:%.*]] = ptrtoint ptr [[G]] to i64
; CHECK-NEXT: [[G1:%.*]] = inttoptr i64 [[GI]] to ptr addrspace(1)
; CHECK: getelementptr inbounds i8, ptr addrspace(1) [[G1]], i64 32
; CHECK: call void @use_as1(ptr addrspace(1) [[G1]])

@f_afp = constant <{ i32, i32 }> <{ i32 0, i32 32 }>
@g_afp = constant <{ i32, i32 }> <{ i32 0, i32 32 }>

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare void @use(i64)
declare void @use_as1(ptr addrspace(1))
declare ptr @same(ptr)
declare ptr @proj_va(ptr, ...)
declare ptr @proj_as1(ptr addrspace(1))
declare ptr addrspace(1) @proj_ret_as1(ptr)
declare swiftcc ptr @proj_swiftcc(ptr)
declare ptr @proj_novar(...)

define ptr @project(ptr %ctx) {
  %p = load ptr, ptr %ctx
  ret ptr %p
}

@proj_alias = alias ptr (ptr), ptr @project

define swifttailcc void @fwd(ptr %fn, ptr %ctx) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}

define swifttailcc void @f(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @f_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %xp = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %xp, align 8
  %res0 = call ptr @llvm.coro.async.resume()
  %p0a = addrspacecast ptr @project to ptr addrspace(1)
  %p0b = addrspacecast ptr addrspace(1) %p0a to ptr
  %p0 = getelementptr i8, ptr %p0b, i64 0
  %r0 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res0, ptr %p0, ptr @fwd, ptr %res0, ptr %ctx)
  call void @use(i64 %x)
  %res1 = call ptr @llvm.coro.async.resume()
  %p1 = call ptr @same(ptr returned @project)
  %r1 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res1, ptr %p1, ptr @fwd, ptr %res1, ptr %ctx)
  call void @use(i64 %x)
  %res2 = call ptr @llvm.coro.async.resume()
  %r2 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res2, ptr @proj_va, ptr @fwd, ptr %res2, ptr %ctx)
  call void @use(i64 %x)
  %res3 = call ptr @llvm.coro.async.resume()
  %r3 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res3, ptr @proj_alias, ptr @fwd, ptr %res3, ptr %ctx)
  call void @use(i64 %x)
  %res4 = call ptr @llvm.coro.async.resume()
  %r4 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res4, ptr @proj_as1, ptr @fwd, ptr %res4, ptr %ctx)
  call void @use(i64 %x)
  %res5 = call ptr @llvm.coro.async.resume()
  %r5 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res5, ptr @proj_ret_as1, ptr @fwd, ptr %res5, ptr %ctx)
  call void @use(i64 %x)
  %res6 = call ptr @llvm.coro.async.resume()
  %r6 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res6, ptr @proj_swiftcc, ptr @fwd, ptr %res6, ptr %ctx)
  call void @use(i64 %x)
  %res7 = call ptr @llvm.coro.async.resume()
  %r7 = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res7, ptr @proj_novar, ptr @fwd, ptr %res7, ptr %ctx)
  call void @use(i64 %x)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}

define swifttailcc void @g(ptr addrspace(1) swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @g_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %xp = getelementptr inbounds i8, ptr addrspace(1) %ctx, i64 16
  %x = load i64, ptr addrspace(1) %xp, align 8
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project, ptr @fwd, ptr %res, ptr %res)
  call void @use(i64 %x)
  call void @use_as1(ptr addrspace(1) %ctx)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}
