; Seed: coroutine-ir-structure.zh.md ("LLVM Coroutine 结构参考"), in that
; document's own dialect, the current one: opaque pointers, three-operand
; `void @llvm.coro.end(ptr, i1, token)`, `presplitcoroutine` in an attribute
; group, `coro.save(ptr null)` and `coro.end(ptr null, ...)` whose handle
; CoroEarly fills in.
;
; The document gives patterns, not one function; @worker is assembled from
; them, in the document's order:
;   入口块模式 (entry): promise alloca named by coro.id, coro.alloc,
;     coro.size.i64 + malloc, a phi of the memory, coro.begin;
;   its ramp sketch: `printf("step 1")` before the first suspend, "step 2"
;     in the resume function (here @step(i32));
;   Suspend 点模式: coro.save(ptr null) + coro.suspend, the switch's default
;     going to the ONE shared suspend block (共享 Suspend Block);
;   Final Suspend 模式: final suspend whose resume case goes to cleanup;
;   Cleanup Block 模式: conditional free, then `br label %coro.end`;
;   End Block 模式 and the shared suspend block: each `coro.end(ptr null,
;     i1 false, token none)` then `ret ptr %hdl`.
; So @worker has two non-unwind coro.ends, exactly as the document's
; patterns put them. (LLVM 22's own coro-split aborts on this: "Only one
; coro.end can be marked as fallthrough"; corolower accepts it.) Each
; per-suspend cleanup block (cleanup.point) logs where the coroutine was
; destroyed, then joins the common cleanup, as the document describes.
;
; @run (not in the document) calls the ramp, reads the promise and
; coro.done, and resumes %resumes times before destroying.

define ptr @worker() #0 {
entry:
  %promise = alloca i32, align 4
  %id = call token @llvm.coro.id(i32 16, ptr %promise, ptr null, ptr null)
  %need.alloc = call i1 @llvm.coro.alloc(token %id)
  br i1 %need.alloc, label %coro.alloc, label %coro.begin

coro.alloc:
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  br label %coro.begin

coro.begin:
  %phi.mem = phi ptr [ null, %entry ], [ %mem, %coro.alloc ]
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %phi.mem)
  call void @step(i32 1)
  store i32 1, ptr %promise
  %save1 = call token @llvm.coro.save(ptr null)
  %r1 = call i8 @llvm.coro.suspend(token %save1, i1 false)
  switch i8 %r1, label %suspend.block [
    i8 0, label %resume.point1
    i8 1, label %cleanup.point1
  ]

resume.point1:
  call void @step(i32 2)
  store i32 2, ptr %promise
  %save2 = call token @llvm.coro.save(ptr null)
  %r2 = call i8 @llvm.coro.suspend(token %save2, i1 false)
  switch i8 %r2, label %suspend.block [
    i8 0, label %resume.point2
    i8 1, label %cleanup.point2
  ]

resume.point2:
  call void @step(i32 3)
  store i32 3, ptr %promise
  %result = call i8 @llvm.coro.suspend(token none, i1 true)
  switch i8 %result, label %suspend.block [
    i8 0, label %final.resume
    i8 1, label %cleanup
  ]

final.resume:
  br label %cleanup

cleanup.point1:
  call void @destroyed_at(i32 1)
  br label %cleanup

cleanup.point2:
  call void @destroyed_at(i32 2)
  br label %cleanup

cleanup:
  %mem.to.free = call ptr @llvm.coro.free(token %id, ptr %hdl)
  %need.free = icmp ne ptr %mem.to.free, null
  br i1 %need.free, label %do.free, label %after.free

do.free:
  call void @free(ptr %mem.to.free)
  br label %after.free

after.free:
  br label %coro.end

coro.end:
  call void @llvm.coro.end(ptr null, i1 false, token none)
  ret ptr %hdl

suspend.block:
  call void @llvm.coro.end(ptr null, i1 false, token none)
  ret ptr %hdl
}

define void @run(i32 %resumes) {
entry:
  %hdl = call ptr @worker()
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %p = call ptr @llvm.coro.promise(ptr %hdl, i32 4, i1 false)
  %v = load i32, ptr %p
  %d = call i1 @llvm.coro.done(ptr %hdl)
  call void @observe(i32 %v, i1 %d)
  %more = icmp slt i32 %i, %resumes
  br i1 %more, label %body, label %exit
body:
  call void @llvm.coro.resume(ptr %hdl)
  %i.next = add i32 %i, 1
  br label %head
exit:
  call void @llvm.coro.destroy(ptr %hdl)
  ret void
}

attributes #0 = { presplitcoroutine }

declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i1 @llvm.coro.alloc(token)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare token @llvm.coro.save(ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
declare void @llvm.coro.resume(ptr)
declare void @llvm.coro.destroy(ptr)
declare i1 @llvm.coro.done(ptr)
declare ptr @llvm.coro.promise(ptr, i32, i1)
declare ptr @malloc(i64)
declare void @free(ptr)
declare void @step(i32)
declare void @destroyed_at(i32)
declare void @observe(i32, i1)
