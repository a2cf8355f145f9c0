; RUN: corolower -S %s -o %t
; RUN: FileCheck %s --input-file=%t
; RUN: FileCheck %S/Inputs/lowered.check --input-file=%t
; RUN: opt -passes=verify -disable-output %t

; Debug info in the split functions. The coroutine keeps `x` (an alloca
; declared in a lexical block) across a suspend, and loops with !llvm.loop
; metadata naming source locations. Checks: the ramp declares `x` on its
; frame field; each clone has a distinct subprogram of its own (the
; coroutine's name, the clone's symbol as linkage name, the same unit), a
; slot holding the frame's address, `__coro_frame` (the whole frame) and
; `x` declared from that slot, `x` at the field's offset, and every location, block, variable and loop id moved
; under its subprogram (the verifier rejects any left in the coroutine's).
; A record in front of the suspend call must not end up on the phi that
; replaces the call (invalid IR).

; The ramp: x's old declare names the erased alloca; the new one its field.
; CHECK-LABEL: define ptr @f(i32 %n)
; CHECK-SAME: !dbg ![[SP:[0-9]+]] {
; CHECK: [[XADDR:%[0-9]+]] = getelementptr inbounds i8, ptr %alloc, i64 [[OFF:16]]
; CHECK-NEXT: #dbg_declare(ptr [[XADDR]], ![[X:[0-9]+]], !DIExpression(), ![[XLOC:[0-9]+]])
; CHECK-NOT: #dbg_declare

; CHECK-LABEL: define internal fastcc void @f.resume(ptr {{.*}}%frame)
; CHECK-SAME: !dbg ![[RSP:[0-9]+]] {
; CHECK-NEXT: entry:
; CHECK: %frame.debug = alloca ptr
; CHECK-NEXT: #dbg_declare(ptr %frame.debug, ![[RCF:[0-9]+]], !DIExpression(), !{{[0-9]+}})
; CHECK-NEXT: #dbg_declare(ptr %frame.debug, ![[RX:[0-9]+]], !DIExpression(DW_OP_deref, DW_OP_plus_uconst, [[OFF]]), ![[RXLOC:[0-9]+]])
; CHECK-NEXT: store ptr %frame, ptr %frame.debug
; CHECK: call void @print(i32 %{{.*}}), !dbg ![[RPRINT:[0-9]+]]
; CHECK: br label %{{.*}}, !dbg !{{[0-9]+}}, !llvm.loop ![[RLOOP:[0-9]+]]

; CHECK-LABEL: define internal fastcc void @f.destroy(ptr {{.*}}%frame)
; CHECK-SAME: !dbg ![[DSP:[0-9]+]] {
; CHECK: %frame.debug = alloca ptr
; CHECK-NEXT: #dbg_declare(ptr %frame.debug, ![[DCF:[0-9]+]], !DIExpression(), !{{[0-9]+}})
; CHECK-NEXT: #dbg_declare(ptr %frame.debug, ![[DX:[0-9]+]], !DIExpression(DW_OP_deref, DW_OP_plus_uconst, [[OFF]])
; CHECK-LABEL: define internal fastcc void @f.cleanup(ptr {{.*}}%frame)
; CHECK-SAME: !dbg ![[CSP:[0-9]+]] {

; The metadata, in the order it is printed (these checks follow the last
; function, so they are plain CHECKs: their variables come from above).

; CHECK: ![[CU:[0-9]+]] = distinct !DICompileUnit(
; CHECK: ![[SP]] = distinct !DISubprogram(name: "f", linkageName: "f", scope: ![[FILE:[0-9]+]], file: ![[FILE]], line: 3, type: ![[TY:[0-9]+]], scopeLine: 4, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: ![[CU]]
; CHECK: ![[X]] = !DILocalVariable(name: "x", scope: ![[BLK:[0-9]+]], file: ![[FILE]], line: 6, type: ![[INT:[0-9]+]])
; CHECK: ![[BLK]] = distinct !DILexicalBlock(scope: ![[SP]], file: ![[FILE]], line: 5, column: 7)
; The resume function's copies.
; CHECK: ![[RSP]] = distinct !DISubprogram(name: "f", linkageName: "f.resume", scope: ![[FILE]], file: ![[FILE]], line: 3, type: ![[TY]], scopeLine: 4, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: ![[CU]]
; LLVM's __coro_frame: a pointer to the whole frame, one member per field
; at its offset, named after the variable it holds where one is declared.
; CHECK: ![[RCF]] = !DILocalVariable(name: "__coro_frame", scope: ![[RSP]], file: ![[FILE]], line: 3, type: ![[FPTR:[0-9]+]], flags: DIFlagArtificial)
; CHECK: ![[FPTR]] = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: ![[FTY:[0-9]+]], size: 64
; CHECK: ![[FTY]] = !DICompositeType(tag: DW_TAG_structure_type, name: "f.coro_frame_ty", scope: ![[FILE]], file: ![[FILE]], size: 192, align: 64, elements: ![[FEL:[0-9]+]])
; CHECK: ![[FEL]] = !{![[M0:[0-9]+]], ![[M1:[0-9]+]], ![[M2:[0-9]+]], ![[M3:[0-9]+]]}
; CHECK: ![[M0]] = !DIDerivedType(tag: DW_TAG_member, name: "__resume_fn", {{.*}}size: 64)
; CHECK: ![[M1]] = !DIDerivedType(tag: DW_TAG_member, name: "__destroy_fn", {{.*}}size: 64, offset: 64)
; CHECK: ![[M2]] = !DIDerivedType(tag: DW_TAG_member, name: "__index", {{.*}}size: 8, offset: 160)
; CHECK: ![[M3]] = !DIDerivedType(tag: DW_TAG_member, name: "x", {{.*}}baseType: ![[INT]], size: 32, offset: 128)
; CHECK: ![[RX]] = !DILocalVariable(name: "x", scope: ![[RBLK:[0-9]+]], file: ![[FILE]], line: 6, type: ![[INT]])
; CHECK: ![[RBLK]] = distinct !DILexicalBlock(scope: ![[RSP]], file: ![[FILE]], line: 5, column: 7)
; CHECK: ![[RXLOC]] = !DILocation(line: 6, column: 9, scope: ![[RBLK]])
; CHECK: ![[RPRINT]] = !DILocation(line: 7, column: 5, scope: ![[RBLK]])
; CHECK: ![[RLOOP]] = distinct !{![[RLOOP]], ![[RLSTART:[0-9]+]], ![[RLEND:[0-9]+]], ![[PROGRESS:[0-9]+]]}
; CHECK: ![[RLSTART]] = !DILocation(line: 5, column: 3, scope: ![[RSP]])
; CHECK: ![[DSP]] = distinct !DISubprogram(name: "f", linkageName: "f.destroy",
; The same frame type in every clone.
; CHECK: ![[DCF]] = !DILocalVariable(name: "__coro_frame", scope: ![[DSP]], file: ![[FILE]], line: 3, type: ![[FPTR]], flags: DIFlagArtificial)
; CHECK: ![[CSP]] = distinct !DISubprogram(name: "f", linkageName: "f.cleanup",
; CHECK-NOT: linkageName: "f.resume"

define ptr @f(i32 %n) presplitcoroutine !dbg !5 {
entry:
  %x = alloca i32, align 4
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i32 @llvm.coro.size.i32()
  %alloc = call ptr @malloc(i32 %size)
  %hdl = call noalias ptr @llvm.coro.begin(token %id, ptr %alloc)
  br label %loop
loop:
  %n.val = phi i32 [ %n, %entry ], [ %inc, %loop.resume ]
    #dbg_declare(ptr %x, !11, !DIExpression(), !13)
  store i32 %n.val, ptr %x, align 4, !dbg !13
    #dbg_value(i32 %n.val, !20, !DIExpression(), !14)
  %0 = call i8 @llvm.coro.suspend(token none, i1 false), !dbg !14
  switch i8 %0, label %suspend [ i8 0, label %loop.resume
                                 i8 1, label %cleanup ], !dbg !14
loop.resume:
  %v = load i32, ptr %x, align 4, !dbg !14
  call void @print(i32 %v), !dbg !14
  %inc = add nsw i32 %v, 1, !dbg !14
  br label %loop, !dbg !14, !llvm.loop !15
cleanup:
  %mem = call ptr @llvm.coro.free(token %id, ptr %hdl), !dbg !18
  call void @free(ptr %mem), !dbg !18
  br label %suspend, !dbg !18
suspend:
  call void @llvm.coro.end(ptr %hdl, i1 false, token none), !dbg !18
  ret ptr %hdl, !dbg !18
}

declare void @print(i32)
declare ptr @malloc(i32)
declare void @free(ptr)
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i32 @llvm.coro.size.i32()
declare ptr @llvm.coro.begin(token, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "hand-written", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "debug_info.cpp", directory: "/tmp")
!2 = !{}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "f", linkageName: "f", scope: !1, file: !1, line: 3, type: !6, scopeLine: 4, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !2)
!6 = !DISubroutineType(types: !7)
!7 = !{!8, !9}
!8 = !DIBasicType(name: "void*", size: 64, encoding: DW_ATE_address)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = distinct !DILexicalBlock(scope: !5, file: !1, line: 5, column: 7)
!11 = !DILocalVariable(name: "x", scope: !10, file: !1, line: 6, type: !9)
!13 = !DILocation(line: 6, column: 9, scope: !10)
!14 = !DILocation(line: 7, column: 5, scope: !10)
!15 = distinct !{!15, !16, !17, !19}
!16 = !DILocation(line: 5, column: 3, scope: !5)
!17 = !DILocation(line: 8, column: 3, scope: !5)
!18 = !DILocation(line: 9, column: 1, scope: !5)
!19 = !{!"llvm.loop.mustprogress"}
!20 = !DILocalVariable(name: "n", scope: !5, file: !1, line: 3, type: !9)
