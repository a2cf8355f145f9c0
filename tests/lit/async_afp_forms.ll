; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Async function pointers as swiftc emits them: mutable `hidden global`s of
; a named <{ i32, i32 }> type, in a section, and unnamed ones (@0, @1).
; Each gets its final size written into its initializer like a constant
; one, stays what it was (global, section, linkage), and keeps its relative
; pointer (field 0). @1 starts at 0 and gets @0's final size from
; llvm.coro.async.size.replace.
;  - @leaf keeps %x (i64) across its yield: alignTo(32 + 8, 16) = 48;
;  - @mid (through @0) has no suspend, no frame: its initial 20 is rounded
;    up to the context alignment, 32;
;  - @mid2 (@2, named through a pair of address space casts) keeps two i64:
;    48, which @1 gets too.
; GLOBAL: @leaf_afp = hidden global %swift.async_func_pointer <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @leaf to i64), i64 ptrtoint (ptr @leaf_afp to i64)) to i32), i32 48 }>, section "__TEXT,__const", align 8
; GLOBAL: @0 = hidden global <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @mid to i64), i64 ptrtoint (ptr @0 to i64)) to i32), i32 32 }>, align 8
; GLOBAL: @1 = internal global <{ i32, i32 }> <{ i32 7, i32 48 }>, align 8
; GLOBAL: @2 = global %swift.async_func_pointer <{ i32 0, i32 48 }>
; GLOBAL-NOT: call {{.*}}@llvm.coro

; CHECK-LABEL: define swifttailcc void @leaf(
; CHECK: store i64 %x, ptr %async.ctx.frameptr
; CHECK: musttail call swifttailcc void @fwd(ptr @leaf.resume.0, ptr %ctx)

; CHECK-LABEL: define swifttailcc void @mid2(
; CHECK: musttail call swifttailcc void @fwd(ptr @mid2.resume.0, ptr %ctx)

%swift.async_func_pointer = type <{ i32, i32 }>

@leaf_afp = hidden global %swift.async_func_pointer <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @leaf to i64), i64 ptrtoint (ptr @leaf_afp to i64)) to i32), i32 32 }>, section "__TEXT,__const", align 8
@0 = hidden global <{ i32, i32 }> <{ i32 trunc (i64 sub (i64 ptrtoint (ptr @mid to i64), i64 ptrtoint (ptr @0 to i64)) to i32), i32 20 }>, align 8
@1 = internal global <{ i32, i32 }> <{ i32 7, i32 0 }>, align 8
@2 = global %swift.async_func_pointer <{ i32 0, i32 32 }>

declare token @llvm.coro.id.async(i32, i32, i32, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.async.resume()
declare { ptr } @llvm.coro.suspend.async.sl_p0s(i32, ptr, ptr, ...)
declare void @llvm.coro.end.async(ptr, i1, ...)
declare void @llvm.coro.async.size.replace(ptr, ptr)
declare void @use(i64)

define ptr @project(ptr %ctx) {
  ret ptr %ctx
}

define swifttailcc void @fwd(ptr %fn, ptr %ctx) {
  musttail call swifttailcc void %fn(ptr swiftasync %ctx)
  ret void
}

define swifttailcc void @leaf(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr @leaf_afp)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %xp = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %xp, align 8
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project, ptr @fwd, ptr %res, ptr %ctx)
  call void @use(i64 %x)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}

define swifttailcc void @mid(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 20, i32 16, i32 0, ptr @0)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  call void @llvm.coro.async.size.replace(ptr @1, ptr @2)
  call void @use(i64 1)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}

define swifttailcc void @mid2(ptr swiftasync %ctx) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id.async(i32 32, i32 16, i32 0, ptr addrspacecast (ptr addrspace(1) addrspacecast (ptr @2 to ptr addrspace(1)) to ptr))
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %xp = getelementptr inbounds i8, ptr %ctx, i64 16
  %x = load i64, ptr %xp, align 8
  %y = mul i64 %x, %x
  %res = call ptr @llvm.coro.async.resume()
  %r = call { ptr } (i32, ptr, ptr, ...) @llvm.coro.suspend.async.sl_p0s(i32 0, ptr %res, ptr @project, ptr @fwd, ptr %res, ptr %ctx)
  call void @use(i64 %x)
  call void @use(i64 %y)
  call void (ptr, i1, ...) @llvm.coro.end.async(ptr %hdl, i1 false)
  unreachable
}
