; A module without coroutines: must come out unchanged (and verified).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@counter = internal global i64 0, align 8
@table = private constant [3 x i32] [i32 1, i32 2, i32 3]

declare void @ext(ptr)

define i64 @sum(i64 %n) #0 {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc2, %loop ]
  %acc2 = add nsw i64 %acc, %i
  %next = add nuw i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop, !prof !0

exit:
  store i64 %acc2, ptr @counter, align 8
  call void @ext(ptr @table)
  ret i64 %acc2
}

define internal fastcc void @helper(ptr %p) {
  %v = load i32, ptr %p, align 4
  switch i32 %v, label %d [
    i32 1, label %a
  ]
a:
  ret void
d:
  ret void
}

attributes #0 = { noinline nounwind "frame-pointer"="all" }

!0 = !{!"branch_weights", i32 1, i32 100}
