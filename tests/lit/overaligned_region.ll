; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %s --check-prefix=GLOBAL --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Three allocas aligned above the 16 bytes coro.id says the allocator
; guarantees (128, 64 and 64), all alive across the suspend. They share one
; region realigned at run time to 128: 256 bytes of allocas plus 112 of
; slack (128 - 16), paid once. The 1-byte index sits in that slack (before
; the aligned part when the realignment leaves it 16 bytes, else after it),
; so the frame is 16 (resume, destroy) + 368 = 384, LLVM's size, with every
; alloca truly aligned. Padding each alloca on its own would take
; 32 + 240 + 112 + 112 = 496; the index outside the region, 400. Every
; address comes from the one region base, rounded up to 128 once per
; function (base + (-base & 127), not llvm.ptrmask, which LLVM 22's alias
; analysis misreads); none is rounded to 64, and the dispatch reuses the
; entry's rounding.
; CHECK-LABEL: define ptr @aligned(i64 %n) {
; CHECK: call ptr @malloc(i64 384)
; CHECK: [[BASE:%[0-9]+]] = getelementptr inbounds i8, ptr %mem, i64 16
; CHECK: [[I:%[0-9]+]] = ptrtoint ptr [[BASE]] to i64
; CHECK: [[NEG:%[0-9]+]] = sub i64 0, [[I]]
; CHECK: [[PAD:%[0-9]+]] = and i64 [[NEG]], 127
; CHECK: [[R:%[0-9]+]] = getelementptr inbounds i8, ptr [[BASE]], i64 [[PAD]]
; CHECK: [[START:%[0-9]+]] = getelementptr inbounds i8, ptr %mem, i64 16
; CHECK: [[NEED:%[0-9]+]] = getelementptr inbounds i8, ptr [[START]], i64 16
; CHECK: [[ROOM:%[0-9]+]] = icmp uge ptr [[R]], [[NEED]]
; CHECK: [[AFTER:%[0-9]+]] = getelementptr inbounds i8, ptr [[R]], i64 256
; CHECK: select i1 [[ROOM]], ptr [[START]], ptr [[AFTER]]
; CHECK-NOT: ptrtoint
; CHECK-LABEL: define internal fastcc void @aligned.resume(ptr nonnull align 16 dereferenceable(384) %frame)
; CHECK: and i64 {{%[0-9]+}}, 127
; CHECK: select i1
; CHECK-NEXT: %index = load i8
; CHECK-NOT: ptrtoint
; CHECK-LABEL: define internal fastcc void @aligned.destroy
; GLOBAL-NOT: , 63
; GLOBAL-NOT: llvm.ptrmask

declare ptr @malloc(i64)
declare void @free(ptr)
declare void @use(ptr)

define ptr @aligned(i64 %n) presplitcoroutine {
entry:
  %a = alloca [128 x i8], align 128
  %b = alloca [64 x i8], align 64
  %c = alloca [64 x i8], align 64
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  call void @use(ptr %a)
  call void @use(ptr %b)
  call void @use(ptr %c)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %suspend [ i8 0, label %resume
                                 i8 1, label %cleanup ]
resume:
  call void @use(ptr %a)
  call void @use(ptr %b)
  call void @use(ptr %c)
  br label %cleanup
cleanup:
  %mem2 = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %mem2)
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
